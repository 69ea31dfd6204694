/* Values written into the import's SQL text (statements whose values are sent inline, not as parameters). */

/** A string as an SQL literal (standard_conforming_strings is on in every supported version). */
export const literal = (value: string): string => `'${value.replace(/'/g, "''")}'`;

/** Whole numbers (record ids) as an SQL `int[]` literal. */
export const intArray = (values: Iterable<number>): string => `'{${[...values].join(',')}}'::int[]`;
