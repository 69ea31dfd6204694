/** A timestamp column as the driver gave it (a Date from pg, text from some PGlite paths) as a Date. */
export function dateOf(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

/** A json/jsonb column as the driver gave it (parsed by pg, text from some paths) as a value. */
export function jsonOf<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** Texts as a PostgreSQL array literal, for `= any(?::text[])` (each element quoted, `"` and `\` escaped). */
export function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

/** Ids as a PostgreSQL array literal, for `= any(?::int[])` (whole numbers only, so nothing needs quoting). */
export function idArray(ids: readonly number[]): string {
  return `{${ids.filter((id) => Number.isSafeInteger(id)).join(',')}}`;
}
