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

/**
 * Values of one column as a PostgreSQL array literal, for `unnest(?::type[])` in bulk writes: text quoted (`"` and
 * `\` escaped), numbers, bigints and booleans as they are, dates as ISO text, null as NULL.
 */
export function arrayOf(values: readonly (string | number | bigint | boolean | Date | null)[]): string {
  const element = (v: string | number | bigint | boolean | Date | null): string => {
    if (v === null) return 'NULL';
    if (v instanceof Date) return `"${v.toISOString()}"`;
    if (typeof v === 'string') return `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
    return String(v);
  };
  return `{${values.map(element).join(',')}}`;
}
