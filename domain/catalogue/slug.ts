/** Any run of characters that are not ASCII letters or digits. */
const ASCII_SEPARATORS = /[^A-Za-z0-9]+/g;
const NOT_ASCII = /[^\x00-\x7f]/;

/** "The Persuader - Stockholm" → "The-Persuader-Stockholm"; letters of any script are kept. */
export function slugify(text: string): string {
  // ASCII text (most names) needs no normalisation, and its letters and digits are A–Z, a–z and 0–9.
  const dashed = NOT_ASCII.test(text)
    ? text.normalize('NFC').replace(/[^\p{L}\p{N}]+/gu, '-')
    : text.replace(ASCII_SEPARATORS, '-');
  return dashed.replace(/^-+|-+$/g, '');
}

/** A web page's path: `/release/1-The-Persuader-Stockholm` (no slug when the name has no letters or digits). */
export function webPath(kind: 'artist' | 'label' | 'master' | 'release', id: number, name: string): string {
  const slug = slugify(name);
  return `/${kind}/${id}${slug ? `-${slug}` : ''}`;
}
