/**
 * An artist as credited on a release, master or track: the artist's id and name, the name variation used on the
 * credit (`anv`), the word that joins it to the next credit (`join`), a role (empty for main artists) and, for
 * release-level extra artists, the tracks the credit applies to. Empty strings, never undefined.
 */
export interface ArtistCredit {
  readonly id: number;
  readonly name: string;
  readonly anv: string;
  readonly join: string;
  readonly role: string;
  readonly tracks: string;
}

/** Joins credits the way they are displayed ("A & B feat. C"), using each credit's name variation when present. */
export function creditLine(credits: readonly ArtistCredit[]): string {
  let line = '';
  for (let i = 0; i < credits.length; i++) {
    const c = credits[i]!;
    line += c.anv || c.name;
    if (i < credits.length - 1) {
      const join = c.join.trim();
      line += join === ',' ? ', ' : join ? ` ${join} ` : ', ';
    }
  }
  return line;
}

/** An artist name as sorted in lists: a leading "The" moves to the end ("The Persuader" → "Persuader, The"). */
export function sortName(name: string): string {
  const m = /^The (.+)$/.exec(name);
  return m ? `${m[1]}, The` : name;
}

/** The credits' names (never the name variations) in sort form, joined as displayed. */
export function sortCreditLine(credits: readonly ArtistCredit[]): string {
  return creditLine(credits.map((c) => ({ ...c, name: sortName(c.name), anv: '' })));
}
