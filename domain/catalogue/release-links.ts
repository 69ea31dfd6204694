import type { Release, Track } from './release.js';

/** An artist's place on a release, as an artist's release list shows it. */
export interface ReleaseArtistLink {
  readonly artistId: number;
  readonly role: string;
}

/** A label or series a release appears on, with the catalogue number used there. */
export interface ReleaseLabelLink {
  readonly position: number;
  readonly labelId: number;
  readonly catno: string;
}

/**
 * The release↔artist links of a release, one per distinct (artist, role): `Main` for release artists, `Appearance`
 * for track artists who are not main artists, each role of a release-level extra artist (a credit "Written-By,
 * Producer" is two roles), and `TrackAppearance` for track-level extra artists (sub-tracks included). Unlinked
 * credits (id 0 or none) are skipped.
 */
export function releaseArtistLinks(r: Release): ReleaseArtistLink[] {
  // Most releases have a few dozen links: a linear search finds duplicates faster than a set of string keys, which
  // only the largest releases get.
  const out: ReleaseArtistLink[] = [];
  let seen: Set<string> | undefined;
  const add = (artistId: number, role: string): void => {
    if (artistId <= 0 || role === '') return;
    if (seen === undefined && out.length < 64) {
      for (let i = 0; i < out.length; i++) {
        const l = out[i]!;
        if (l.artistId === artistId && l.role === role) return;
      }
    } else {
      seen ??= new Set(out.map((l) => `${l.artistId}\t${l.role}`));
      const key = `${artistId}\t${role}`;
      if (seen.has(key)) return;
      seen.add(key);
    }
    out.push({ artistId, role });
  };
  for (const a of r.artists) add(a.id, 'Main');
  const isMain = (id: number): boolean => r.artists.some((a) => a.id === id);
  for (const a of r.extraartists) for (const role of splitRoles(a.role)) add(a.id, role);
  const addTracks = (tracks: readonly Track[]): void => {
    for (const t of tracks) {
      for (const a of t.artists) if (!isMain(a.id)) add(a.id, 'Appearance');
      for (const a of t.extraartists) add(a.id, 'TrackAppearance');
      if (t.subTracks.length > 0) addTracks(t.subTracks);
    }
  };
  addTracks(r.tracklist);
  return out;
}

/** The release↔label links: labels, then series, numbered from 0; entries without an id are skipped. */
export function releaseLabelLinks(r: Release): ReleaseLabelLink[] {
  const out: ReleaseLabelLink[] = [];
  for (const list of [r.labels, r.series]) {
    for (const l of list) {
      if (l.id > 0) out.push({ position: out.length, labelId: l.id, catno: l.catno });
    }
  }
  return out;
}

/**
 * The roles of a credit: comma-separated, except inside square brackets, which qualify a role
 * ("Guitar [Acoustic, Electric], Producer" is two roles). Each is trimmed; empty ones are dropped.
 */
export function splitRoles(role: string): string[] {
  if (role.indexOf(',') === -1) {
    const one = role.trim();
    return one === '' ? [] : [one];
  }
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < role.length; i++) {
    const c = role.charCodeAt(i);
    if (c === 91 /* [ */) depth++;
    else if (c === 93 /* ] */ && depth > 0) depth--;
    else if (c === 44 /* , */ && depth === 0) {
      const part = role.slice(start, i).trim();
      if (part !== '') out.push(part);
      start = i + 1;
    }
  }
  const last = role.slice(start).trim();
  if (last !== '') out.push(last);
  return out;
}
