import { validateSync } from 'class-validator';
import { Invalid } from '../../application/errors.js';

type Query = Readonly<Record<string, string | string[] | undefined>>;

/**
 * Copies the query parameters a DTO class declares onto a new instance (the last value wins when a parameter is
 * repeated; blank values count as absent) and validates it with class-validator. The first problem becomes a 422
 * whose message names the parameter.
 */
export function validateQuery<T extends object>(Dto: new () => T, query: Query): T {
  const dto = new Dto();
  for (const [key, raw] of Object.entries(query)) {
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    if (value === undefined || value.trim() === '') continue;
    (dto as Record<string, unknown>)[key] = value.trim();
  }
  const errors = validateSync(dto, { forbidUnknownValues: false, stopAtFirstError: true });
  const first = errors[0];
  if (first) {
    const message = Object.values(first.constraints ?? {})[0] ?? `Invalid ${first.property}.`;
    throw new Invalid(message);
  }
  return dto;
}

/** Parses a path id: a positive whole number, or a 404 for anything else (the path names no resource). */
export function pathId(value: string | undefined, notFound: () => Error): number {
  if (value === undefined || !/^\d{1,10}$/.test(value)) throw notFound();
  const n = Number(value);
  if (n < 1 || n > 2_147_483_647) throw notFound();
  return n;
}
