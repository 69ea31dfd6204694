import { ValidateBy } from 'class-validator';
import {
  LISTING_FIELD_ORDER,
  type CheckedListingFields,
  type ListingFieldName,
  type ListingFieldsChecker,
  type ListingInput,
  type ListingWire,
} from '../../../application/marketplace/listing-input.js';
import { isMediaCondition, isSleeveCondition, MEDIA_CONDITIONS, SLEEVE_CONDITIONS } from '../../../domain/marketplace/conditions.js';
import {
  MAX_COMMENTS_LENGTH,
  MAX_EXTERNAL_ID_LENGTH,
  MAX_FORMAT_QUANTITY,
  MAX_LOCATION_LENGTH,
  MAX_WEIGHT_GRAMS,
  type Estimable,
} from '../../../domain/marketplace/listing.js';
import { CREATE_STATUSES, isListingStatus, LISTING_STATUSES, type ListingStatus } from '../../../domain/marketplace/listing-status.js';
import { filledBody, problemsOf, type FieldProblem } from '../query.js';

/*
 * The listing field rules, written once for every edge that writes a listing: `POST /marketplace/listings`,
 * `POST /marketplace/listings/{id}` and each row of an inventory upload (through ListingFieldsChecker). A field's rule
 * reads its value into the typed input or refuses it; what differs between a JSON body and a CSV cell is only how the
 * wire writes a yes or no, which statuses it may name, and the words of the problem (a CSV problem names its cell
 * apart, so its message does not repeat the value): a ListingWireWords each.
 */

/** How one wire writes listing fields, and how its problems are worded. */
interface ListingWireWords {
  /** The field as the wire names it in a problem (a CSV column may be named otherwise than the API's field). */
  readonly names: Readonly<Partial<Record<string, string>>>;
  /** What a problem says of the value after its rule: the value as sent (`, got "abc"`), or nothing. */
  got(value: unknown): string;
  /** The largest id the wire takes. */
  readonly maxId: number;
  /** What a price's problem says after `price must be a number`. */
  priceExample(value: unknown): string;
  /** What a sleeve condition's problem says before its list. */
  readonly sleeveWords: string;
  /** A yes or no as the wire writes it; undefined when it is neither. */
  flag(value: unknown): boolean | undefined;
  /** How a yes or no is written, for its problem. */
  readonly flagWords: string;
  /** The statuses a listing's status field may name (the lifecycle decides what a change may set). */
  readonly statuses: readonly ListingStatus[];
  /** A status field's problem. */
  statusProblem(value: unknown): string;
}

/** The yes/no of a JSON body or query: a boolean, 0 or 1, or text (`true`, `yes`, `y`, `1`, …, any case; empty is no). */
function jsonFlag(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number' && (value === 0 || value === 1)) return value === 1;
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (['true', '1', 'yes', 'y'].includes(v)) return true;
    if (['false', '0', 'no', 'n', ''].includes(v)) return false;
  }
  return undefined;
}

/** The yes/no of an upload's `accept_offer` cell: `Y` or `N` in any case, empty being no. */
function csvFlag(value: unknown): boolean | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.toUpperCase();
  return v === 'Y' ? true : v === 'N' || v === '' ? false : undefined;
}

const WIRES: Readonly<Record<ListingWire, ListingWireWords>> = {
  json: {
    names: {},
    got: (value) => `, got ${JSON.stringify(value)}`,
    maxId: Number.MAX_SAFE_INTEGER,
    priceExample: (value) => `, got ${JSON.stringify(value)}`,
    sleeveWords: '',
    flag: jsonFlag,
    flagWords: 'true or false',
    statuses: CREATE_STATUSES,
    statusProblem: (value) => `status must be ${CREATE_STATUSES.map((s) => `"${s}"`).join(' or ')}, got ${JSON.stringify(value)}.`,
  },
  csv: {
    names: { condition: 'media_condition', allow_offers: 'accept_offer' },
    got: () => '',
    maxId: 2_147_483_647,
    priceExample: () => ', such as 12.50',
    sleeveWords: 'empty or ',
    flag: csvFlag,
    flagWords: 'Y or N',
    statuses: LISTING_STATUSES,
    statusProblem: () => `status must be one of ${listText(LISTING_STATUSES)} (a change may set For Sale or Draft).`,
  },
};

// The wire a DTO's values were written in: a symbol key, which no JSON body can set; absent is JSON.
const WIRE = Symbol('listing wire');

function wireOf(dto: object): ListingWireWords {
  return WIRES[(dto as { [WIRE]?: ListingWire })[WIRE] ?? 'json'];
}

function listText(values: readonly string[]): string {
  return `${values.slice(0, -1).map((v) => `"${v}"`).join(', ')} or "${values.at(-1)}"`;
}

/** A value a rule refused. */
const REFUSED = Symbol('refused');
type Read<T> = T | typeof REFUSED;

/** One field's rule: its value read into the input's type (REFUSED when it breaks the rule), and its problem then. */
interface FieldRule<T> {
  read(value: unknown, wire: ListingWireWords): Read<T>;
  problem(name: string, value: unknown, wire: ListingWireWords): string;
}

/** A whole number as a JSON number or as digits in text (spaces around them forgiven). */
function wholeNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value)) return Number(value);
  return undefined;
}

const releaseIdRule: FieldRule<number> = {
  read: (value, wire) => {
    const id = wholeNumber(value);
    return id === undefined || id < 1 || id > wire.maxId ? REFUSED : id;
  },
  problem: (name, value, wire) => `${name} must be a release id (a positive whole number)${wire.got(value)}.`,
};

const conditionRule: FieldRule<ListingInput['condition']> = {
  read: (value) => (isMediaCondition(value) ? value : REFUSED),
  problem: (name, value, wire) => `${name} must be one of ${listText(MEDIA_CONDITIONS)}${wire.got(value)}.`,
};

const sleeveConditionRule: FieldRule<ListingInput['sleeveCondition']> = {
  read: (value) => (value === null || value === '' ? null : isSleeveCondition(value) ? value : REFUSED),
  problem: (name, value, wire) => `${name} must be ${wire.sleeveWords}one of ${listText(SLEEVE_CONDITIONS)}${wire.got(value)}.`,
};

const PRICE_TEXT = /^\s*\d+(\.\d+)?\s*$/;

/** A price's form: a number, or decimal text; its amount is checked in its currency by the use case (`listingPrice`). */
const priceRule: FieldRule<string> = {
  read: (value) => {
    const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value : undefined;
    return text === undefined || !PRICE_TEXT.test(text) || /e/i.test(text) ? REFUSED : text;
  },
  problem: (name, value, wire) => `${name} must be a number${wire.priceExample(value)}.`,
};

/** Text of at most `max` characters (a number is taken as its text); null is none. */
function textRule(max: number): FieldRule<string | null> {
  return {
    read: (value) => {
      if (value === null) return null;
      if (typeof value !== 'string' && typeof value !== 'number') return REFUSED;
      const s = String(value);
      return s.length > max ? REFUSED : s;
    },
    problem: (name, value) =>
      typeof value !== 'string' && typeof value !== 'number'
        ? `${name} must be text, got ${JSON.stringify(value)}.`
        : `${name} may be at most ${max} characters long, got ${String(value).length}.`,
  };
}

const flagRule: FieldRule<boolean> = {
  read: (value, wire) => wire.flag(value) ?? REFUSED,
  problem: (name, value, wire) => `${name} must be ${wire.flagWords}${wire.got(value)}.`,
};

const statusRule: FieldRule<ListingStatus> = {
  read: (value, wire) => (isListingStatus(value) && wire.statuses.includes(value) ? value : REFUSED),
  problem: (_name, value, wire) => wire.statusProblem(value),
};

/** A whole number from 0 to `max`, or `auto` (any case); null or empty is none. */
function estimableRule(max: number): FieldRule<Estimable | null> {
  return {
    read: (value) => {
      if (value === null || value === '') return null;
      if (typeof value === 'string' && value.trim().toLowerCase() === 'auto') return 'auto';
      const n = wholeNumber(value);
      return n === undefined || n < 0 || n > max ? REFUSED : n;
    },
    problem: (name, value, wire) => `${name} must be a whole number from 0 to ${max} or "auto"${wire.got(value)}.`,
  };
}

// Per DTO property, its rule (read back when the checked DTO is mapped to the input).
const RULES = new Map<string, FieldRule<unknown>>();

/** The property's rule, checked by class-validator when the field is given (a field not given is no problem). */
function Rule<T>(rule: FieldRule<T>): PropertyDecorator {
  return (prototype, property) => {
    if (typeof property !== 'string') return;
    RULES.set(property, rule);
    ValidateBy({
      name: 'listingField',
      validator: {
        validate: (value: unknown, args) => value === undefined || rule.read(value, wireOf(args!.object)) !== REFUSED,
        defaultMessage: (args) => {
          const wire = wireOf(args!.object);
          return rule.problem(wire.names[property] ?? property, args!.value, wire);
        },
      },
    })(prototype, property);
  };
}

/**
 * A listing's fields as the API names them (a body's or, through ListingFieldsChecker, an upload row's), in
 * LISTING_FIELD_ORDER: the order of the properties is the order a refusal names their problems.
 */
export class ListingBody {
  @Rule(releaseIdRule) release_id?: unknown;
  @Rule(conditionRule) condition?: unknown;
  @Rule(sleeveConditionRule) sleeve_condition?: unknown;
  @Rule(priceRule) price?: unknown;
  @Rule(textRule(MAX_COMMENTS_LENGTH)) comments?: unknown;
  @Rule(flagRule) allow_offers?: unknown;
  @Rule(statusRule) status?: unknown;
  @Rule(textRule(MAX_EXTERNAL_ID_LENGTH)) external_id?: unknown;
  @Rule(textRule(MAX_LOCATION_LENGTH)) location?: unknown;
  @Rule(estimableRule(MAX_WEIGHT_GRAMS)) weight?: unknown;
  @Rule(estimableRule(MAX_FORMAT_QUANTITY)) format_quantity?: unknown;
}

/** A listing's field values by the API's names: a filled ListingBody, or the values it would be filled with. */
type Values = Readonly<Partial<Record<ListingFieldName, unknown>>>;

/** A field's value read by its rule, or undefined when it was not given or was refused. */
function readFieldOf<T>(values: Values, wire: ListingWireWords, field: ListingFieldName, refused: ReadonlySet<string>): T | undefined {
  const value = values[field];
  if (value === undefined || refused.has(field)) return undefined;
  const read = RULES.get(field)!.read(value, wire);
  return read === REFUSED ? undefined : (read as T);
}

/**
 * The input of the fields that passed, with the problems found (assigned by name: this runs per upload row).
 * `values` are a filled ListingBody or the values it would be filled with.
 */
function checkedListingFields(values: Values, wire: ListingWireWords, problems: readonly FieldProblem[]): CheckedListingFields {
  const refused = new Set(problems.map((p) => p.field));
  const readField = <T>(field: ListingFieldName) => readFieldOf<T>(values, wire, field, refused);
  const fields: { -readonly [K in keyof ListingInput]: ListingInput[K] } = {};
  const releaseId = readField<number>('release_id');
  if (releaseId !== undefined) fields.releaseId = releaseId;
  const condition = readField<ListingInput['condition']>('condition');
  if (condition !== undefined) fields.condition = condition;
  const sleeveCondition = readField<ListingInput['sleeveCondition']>('sleeve_condition');
  if (sleeveCondition !== undefined) fields.sleeveCondition = sleeveCondition;
  const price = readField<string>('price');
  if (price !== undefined) fields.price = price;
  const comments = readField<string | null>('comments');
  if (comments !== undefined) fields.comments = comments ?? '';
  const allowOffers = readField<boolean>('allow_offers');
  if (allowOffers !== undefined) fields.allowOffers = allowOffers;
  const status = readField<ListingStatus>('status');
  if (status !== undefined) fields.status = status;
  const externalId = readField<string | null>('external_id');
  if (externalId !== undefined) fields.externalId = externalId === '' ? null : externalId;
  const location = readField<string | null>('location');
  if (location !== undefined) fields.location = location === '' ? null : location;
  const weight = readField<Estimable | null>('weight');
  if (weight !== undefined) fields.weight = weight;
  const formatQuantity = readField<Estimable | null>('format_quantity');
  if (formatQuantity !== undefined) fields.formatQuantity = formatQuantity;
  return { fields, problems };
}

/** Query parameters that are credentials or options, never listing fields. */
const NOT_FIELDS = new Set(['token', 'key', 'secret', 'callback', 'curr_abbr']);

/**
 * A listing request's fields: the JSON (or form) body's, over the query's (last value of a repeated one), so clients
 * sending either are served. A body that is not an object is handed on as it is, to be refused.
 */
export function listingBody(query: Readonly<Record<string, string | string[] | undefined>>, body: unknown): unknown {
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) return body;
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(query)) {
    if (NOT_FIELDS.has(k) || k.startsWith('oauth_') || v === undefined) continue;
    fields[k] = Array.isArray(v) ? v.at(-1) : v;
  }
  return { ...fields, ...((body as Record<string, unknown> | undefined) ?? {}) };
}

/**
 * The listing fields of `POST /marketplace/listings` and `POST /marketplace/listings/{id}`, checked: every field's
 * rule, its problems handed on with the fields that passed (the use case adds the release's and the lifecycle's and
 * refuses once). A body that is not an object is a 422 of its own.
 */
export function listingInput(query: Readonly<Record<string, string | string[] | undefined>>, body: unknown): CheckedListingFields {
  const dto = filledBody(ListingBody, listingBody(query, body), { notAnObject: 'The body must be a JSON object of listing fields.' });
  return checkedListingFields(dto, wireOf(dto), problemsOf(dto));
}

/**
 * Every problem of the values by ListingBody's rules, as class-validator reports them for a filled ListingBody (each
 * given field's rule, in LISTING_FIELD_ORDER, which is the class's order), without a DTO and its validation per
 * call: an upload checks up to a million rows, and class-validator's pass costs about 75 µs a row (ADR 0043).
 */
function ruleProblems(values: Values, wire: ListingWireWords): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const field of LISTING_FIELD_ORDER) {
    const value = values[field];
    if (value === undefined) continue;
    const rule = RULES.get(field)!;
    if (rule.read(value, wire) === REFUSED) problems.push({ field, message: rule.problem(wire.names[field] ?? field, value, wire) });
  }
  return problems;
}

/**
 * ListingBody's rules for the edges that are not HTTP routes (an inventory upload's rows): the same rules and words
 * as class-validator applies to a filled ListingBody, run directly (see `ruleProblems`).
 */
export class ListingBodyRulesChecker implements ListingFieldsChecker {
  check(values: Values, wire: ListingWire): CheckedListingFields {
    const words = WIRES[wire];
    return checkedListingFields(values, words, ruleProblems(values, words));
  }
}

/**
 * ListingBody checked by class-validator for any wire: what ListingBodyRulesChecker must agree with (the tests compare
 * the two), and a checker for callers that do not check many rows.
 */
export class ClassValidatorListingFieldsChecker implements ListingFieldsChecker {
  check(values: Values, wire: ListingWire): CheckedListingFields {
    const dto = filledBody(ListingBody, values);
    Object.defineProperty(dto, WIRE, { value: wire });
    return checkedListingFields(dto, WIRES[wire], problemsOf(dto));
  }
}
