/** Raw characters XML 1.0 forbids that some dumps contain (0x03, 0x07 …); tab, line feed and carriage return stay. */
const FORBIDDEN = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/;
const FORBIDDEN_ALL = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g;

/**
 * Removes the raw characters a strict XML parser would reject from otherwise good dump text. (References to such
 * characters, `&#3;`, are dropped by the scanner.)
 */
export function removeForbiddenCharacters(text: string): string {
  return FORBIDDEN.test(text) ? text.replace(FORBIDDEN_ALL, '') : text;
}
