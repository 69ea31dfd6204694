import { validateSync } from 'class-validator';
import { Invalid } from '../../application/errors.js';
import { isCurrency } from '../../domain/marketplace/currency.js';

export type Query = Readonly<Record<string, string | string[] | undefined>>;
/** Rewrites a parameter's value; undefined drops the parameter (it counts as absent). */
type Normalizer = (value: string) => string | undefined;

// Per DTO prototype, the normalizers of its own properties; lookups walk the prototype chain, so subclasses inherit.
const NORMALIZERS = new WeakMap<object, Map<string, Normalizer>>();

/**
 * Rewrites a query parameter's (trimmed) value before it is validated, e.g. to accept any letter case of a code:
 * `@Normalize(currencyCode) @IsIn(CURRENCIES) curr_abbr?: string`; a normalizer that answers undefined drops the
 * parameter. Only {@link validateQuery} applies it.
 */
export function Normalize(normalize: Normalizer): PropertyDecorator {
  return (prototype, property) => {
    if (typeof property !== 'string') return;
    let own = NORMALIZERS.get(prototype);
    if (!own) NORMALIZERS.set(prototype, (own = new Map()));
    own.set(property, normalize);
  };
}

// Per DTO prototype, its properties that take every value of a repeated parameter.
const REPEATED = new WeakMap<object, Set<string>>();

/**
 * Marks a query parameter that may be given several times (`format=CD&format=LP`): {@link validateQuery} gives the
 * property every non-blank value, trimmed and normalized, as an array (validate its elements with `{ each: true }`).
 */
export function Repeated(): PropertyDecorator {
  return (prototype, property) => {
    if (typeof property !== 'string') return;
    let own = REPEATED.get(prototype);
    if (!own) REPEATED.set(prototype, (own = new Set()));
    own.add(property);
  };
}

function isRepeated(dto: object, key: string): boolean {
  for (let p: object | null = Object.getPrototypeOf(dto); p !== null; p = Object.getPrototypeOf(p)) {
    if (REPEATED.get(p)?.has(key)) return true;
  }
  return false;
}

function normalizerOf(dto: object, key: string): Normalizer | undefined {
  for (let p: object | null = Object.getPrototypeOf(dto); p !== null; p = Object.getPrototypeOf(p)) {
    const found = NORMALIZERS.get(p)?.get(key);
    if (found) return found;
  }
  return undefined;
}

/** The accepted currency code written in any letter case (`eur` → `EUR`); anything else unchanged, for the 422. */
export function currencyCode(value: string): string {
  const upper = value.toUpperCase();
  return isCurrency(upper) ? upper : value;
}

/**
 * A value of a closed list written in any letter case, as the list writes it (`for sale` → `For Sale`); anything else
 * unchanged, for the 422 that names the list.
 */
export function anyCaseOf(values: readonly string[]): (value: string) => string {
  const byLower = new Map(values.map((v) => [v.toLowerCase(), v]));
  return (value) => byLower.get(value.toLowerCase()) ?? value;
}

/**
 * The leniency of the public API with orders: a `sort` or `sort_order` value of `values` in any letter case, and any
 * other value ignored (the list's default order) rather than refused. The one rule for every list that sorts.
 */
export function SortParameter(values: readonly string[]): PropertyDecorator {
  const known = anyCaseOf(values);
  return Normalize((value) => {
    const found = known(value);
    return values.includes(found) ? found : undefined;
  });
}

/**
 * Copies the query parameters onto a new instance of a DTO class (the last value wins when a parameter is repeated,
 * but for a {@link Repeated} property, which gets them all;
 * blank values count as absent; a property's {@link Normalize} rewrites its value) and validates it with
 * class-validator. The first problem becomes a 422 whose message names the parameter.
 */
export function validateQuery<T extends object>(Dto: new () => T, query: Query): T {
  const dto = new Dto();
  let given = false;
  for (const [key, raw] of Object.entries(query)) {
    if (isRepeated(dto, key)) {
      const normalize = normalizerOf(dto, key);
      const values = (Array.isArray(raw) ? raw : [raw])
        .filter((v): v is string => v !== undefined && v.trim() !== '')
        .map((v) => normalize?.(v.trim()) ?? v.trim());
      if (values.length === 0) continue;
      setField(dto, key, values);
      given = true;
      continue;
    }
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    if (value === undefined || value.trim() === '') continue;
    const trimmed = value.trim();
    const normalize = normalizerOf(dto, key);
    const normalized = normalize ? normalize(trimmed) : trimmed;
    if (normalized === undefined) continue;
    setField(dto, key, normalized);
    given = true;
  }
  // Most requests carry no parameter: a DTO whose defaults are valid (checked once per class) needs no validation.
  if (!given && defaultsAreValid(Dto, dto)) return dto;
  return validated(dto);
}

/** One problem class-validator found in a body: the property at fault and the message its 422 gives. */
export interface FieldProblem {
  readonly field: string;
  readonly message: string;
}

/** A body checked in the every-problem mode of {@link validateBody}: the DTO as filled and all its problems. */
export interface CheckedBody<T> {
  /** The fields as sent (a field at fault keeps its value: read only the fields `problems` does not name). */
  readonly dto: T;
  /** The first problem of each property at fault, in the DTO's declaration order; empty when the body is valid. */
  readonly problems: readonly FieldProblem[];
}

/** How {@link validateBody} reads a body: `notAnObject` names the 422 of a body that is not an object. */
export interface BodyOptions {
  readonly notAnObject?: string;
}

/**
 * Copies the fields of a request body (a JSON or form object; no body gives no field, and so does any other value,
 * unless `notAnObject` names the 422 it gets instead) onto a new instance of
 * a DTO class and validates it with class-validator, as {@link validateQuery} does a query: the same first problem
 * becomes the same 422. A body keeps its values as sent (not trimmed, a blank string is a value: JSON says what it
 * means); a property's {@link Normalize} rewrites a string value, and answering undefined drops it.
 *
 * With `everyProblem: true` nothing is thrown for a bad field: the answer is the DTO and every problem (one per
 * property, its first, in declaration order), for an edge that reports them all at once or merges them with the use
 * case's own (the seller settings, the checkout). A body that is not an object is still refused by `notAnObject`.
 */
export function validateBody<T extends object>(Dto: new () => T, body: unknown, options?: BodyOptions & { readonly everyProblem?: false }): T;
export function validateBody<T extends object>(Dto: new () => T, body: unknown, options: BodyOptions & { readonly everyProblem: true }): CheckedBody<T>;
export function validateBody<T extends object>(
  Dto: new () => T,
  body: unknown,
  options: BodyOptions & { readonly everyProblem?: boolean } = {},
): T | CheckedBody<T> {
  const dto = filledBody(Dto, body, options);
  return options.everyProblem === true ? { dto, problems: problemsOf(dto) } : validated(dto);
}

/**
 * The fields of a request body copied onto a DTO as {@link validateBody} copies them (the same 422 for a body that is
 * not an object when `notAnObject` names it), not yet validated: a new instance of the class, or the instance given
 * (made by a caller whose rules need more than the body, such as the order's currency). For a caller with a policy of
 * its own over {@link problemsOf} (the listing fields, the orders' bodies).
 */
export function filledBody<T extends object>(Dto: (new () => T) | T, body: unknown, options: BodyOptions = {}): T {
  const dto = typeof Dto === 'function' ? new (Dto as new () => T)() : Dto;
  const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
  if (!isObject && body !== undefined && body !== null && options.notAnObject !== undefined) throw new Invalid(options.notAnObject);
  if (isObject) {
    for (const [key, value] of Object.entries(body)) {
      if (value === undefined) continue;
      const normalize = typeof value === 'string' ? normalizerOf(dto, key) : undefined;
      const normalized = normalize ? normalize(value) : value;
      if (normalized === undefined) continue;
      setField(dto, key, normalized);
    }
  }
  return dto;
}

/**
 * Sets a field on a DTO as its own property. A key such as `__proto__` (which JSON.parse keeps as an ordinary key)
 * would otherwise replace the DTO's prototype, and with it the class whose decorators class-validator checks: an
 * unchecked body would pass.
 */
function setField(dto: object, key: string, value: unknown): void {
  Object.defineProperty(dto, key, { value, writable: true, enumerable: true, configurable: true });
}

/** The DTO when class-validator finds nothing wrong with it; else its first problem as a 422 naming the field. */
function validated<T extends object>(dto: T): T {
  const first = problemsOf(dto)[0];
  if (first) throw new Invalid(first.message);
  return dto;
}

/**
 * Every problem class-validator finds with a DTO, the first of each property (its constraints in the order they were
 * registered; the constraint's message, else `Invalid <field>.`), properties in the order the class declares them: the
 * every-problem mode beside the first problem's 422 of {@link validateQuery} and {@link validateBody}.
 */
export function problemsOf(dto: object): FieldProblem[] {
  return validateSync(dto, { forbidUnknownValues: false, stopAtFirstError: true }).map((error) => ({
    field: error.property,
    message: Object.values(error.constraints ?? {})[0] ?? `Invalid ${error.property}.`,
  }));
}

const DEFAULTS_VALID = new WeakMap<new () => object, boolean>();

function defaultsAreValid(Dto: new () => object, empty: object): boolean {
  let valid = DEFAULTS_VALID.get(Dto);
  if (valid === undefined) {
    valid = validateSync(empty, { forbidUnknownValues: false, stopAtFirstError: true }).length === 0;
    DEFAULTS_VALID.set(Dto, valid);
  }
  return valid;
}

/** Parses a path id: a positive whole number, or a 404 for anything else (the path names no resource). */
export function pathId(value: string | undefined, notFound: () => Error): number {
  if (value === undefined || !/^\d{1,10}$/.test(value)) throw notFound();
  const n = Number(value);
  if (n < 1 || n > 2_147_483_647) throw notFound();
  return n;
}
