/**
 * Every text format a client can select for markup-carrying text fields, in
 * a stable order. `markup` is the raw Discogs markup as stored and is the
 * fallback for any field that does not carry markup.
 */
export const TEXT_FORMATS = ['markup', 'html', 'plaintext'] as const;

/**
 * The representation in which markup-carrying text fields (profiles, notes,
 * comments) are returned: the stored markup unchanged, escaped HTML with
 * links, or plain text with tags dropped and ids resolved to names.
 */
export type TextFormat = (typeof TEXT_FORMATS)[number];

/**
 * Narrows an arbitrary value to a {@link TextFormat}; true exactly for the
 * members of {@link TEXT_FORMATS} (case-sensitive).
 */
export function isTextFormat(value: unknown): value is TextFormat {
  return typeof value === 'string' && (TEXT_FORMATS as readonly string[]).includes(value);
}
