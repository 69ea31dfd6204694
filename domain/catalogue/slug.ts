/** "The Persuader - Stockholm" → "The-Persuader-Stockholm"; letters of any script are kept. */
export function slugify(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}
