/**
 * Compares two secrets in time that does not depend on where they first differ, so that a caller timing the answers
 * cannot learn a secret a character at a time. Secrets of different lengths are different.
 */
export function sameSecret(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  return diff === 0;
}
