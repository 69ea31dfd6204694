/** A timestamp column as the driver gave it (a Date from pg, text from some PGlite paths) as a Date. */
export function dateOf(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

/** A json/jsonb column as the driver gave it (parsed by pg, text from some paths) as a value. */
export function jsonOf<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** Ids as a PostgreSQL array literal, for `= any(?::int[])` (whole numbers only, so nothing needs quoting). */
export function idArray(ids: readonly number[]): string {
  return `{${ids.filter((id) => Number.isSafeInteger(id)).join(',')}}`;
}
