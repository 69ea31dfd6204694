import type { Artist } from '../../../domain/catalogue/artist.js';
import { creditLine } from '../../../domain/catalogue/credit.js';
import type { Label } from '../../../domain/catalogue/label.js';
import type { Master } from '../../../domain/catalogue/master.js';
import { formatDetails, formatSummary, majorFormats, releaseYear } from '../../../domain/catalogue/release-summary.js';
import type { Release, Track } from '../../../domain/catalogue/release.js';
import type { BinaryCopyBuffer } from './binary-copy-buffer.js';
import {
  writeArtistDocument,
  writeLabelDocument,
  writeMasterDocument,
  writeReleaseDocument,
} from './catalogue-documents.js';

/*
 * The catalogue tables' rows as the import COPYs them. Each column list is the order the values are written in;
 * the types must match the columns (see binary-copy-buffer.ts): `data` is `json`, holding the compact document of
 * catalogue-documents.ts; `major_formats` is `jsonb`.
 */

export const ARTIST_COLUMNS = ['id', 'name', 'data'] as const;
export const LABEL_COLUMNS = ['id', 'name', 'data'] as const;
export const MASTER_COLUMNS = ['id', 'title', 'year', 'main_release', 'data'] as const;
export const RELEASE_COLUMNS = [
  'id',
  'title',
  'status',
  'year',
  'released',
  'country',
  'master_id',
  'is_main_release',
  'artist',
  'label',
  'catno',
  'format',
  'format_details',
  'major_formats',
  'thumb',
  'data',
] as const;
export const RELEASE_ARTIST_COLUMNS = ['release_id', 'artist_id', 'role'] as const;
export const RELEASE_LABEL_COLUMNS = ['release_id', 'position', 'label_id', 'catno'] as const;

export function writeArtistRow(out: BinaryCopyBuffer, a: Artist): void {
  writeArtistDocument(out.row(3).int4(a.id).text(a.name), a);
}

export function writeLabelRow(out: BinaryCopyBuffer, l: Label): void {
  writeLabelDocument(out.row(3).int4(l.id).text(l.name), l);
}

export function writeMasterRow(out: BinaryCopyBuffer, m: Master): void {
  writeMasterDocument(out.row(5).int4(m.id).text(m.title).int4(m.year).int4(m.mainRelease), m);
}

export function writeReleaseRow(out: BinaryCopyBuffer, r: Release): void {
  const first = r.labels[0];
  out.row(16).int4(r.id).text(r.title).text(r.status).int4(releaseYear(r.released)).text(r.released).text(r.country);
  if (r.masterId === null) out.null();
  else out.int4(r.masterId);
  out
    .bool(r.isMainRelease)
    .text(creditLine(r.artists))
    .text(first?.name ?? '')
    .text(first?.catno ?? '')
    .text(formatSummary(r.formats))
    .text(formatDetails(r.formats));
  // major_formats is jsonb: a version byte, then the JSON text.
  out.beginJson(true).jRaw('[');
  let n = 0;
  for (const name of majorFormats(r.formats)) {
    if (n++ > 0) out.jRaw(',');
    out.jString(name);
  }
  out.jRaw(']').endJson().text('');
  writeReleaseDocument(out, r);
}

export function writeReleaseArtistRows(out: BinaryCopyBuffer, r: Release): void {
  for (const link of releaseArtistLinks(r)) out.row(3).int4(r.id).int4(link.artistId).text(link.role);
}

export function writeReleaseLabelRows(out: BinaryCopyBuffer, r: Release): void {
  for (const link of releaseLabelLinks(r)) out.row(4).int4(r.id).int2(link.position).int4(link.labelId).text(link.catno);
}

/**
 * The release↔artist links of a release, one per distinct (artist, role): `Main` for release artists, `Appearance`
 * for track artists who are not main artists, each role of a release-level extra artist (a credit "Written-By,
 * Producer" is two roles), and `TrackAppearance` for track-level extra artists (sub-tracks included). Unlinked
 * credits (id 0 or none) are skipped.
 */
export function releaseArtistLinks(r: Release): { artistId: number; role: string }[] {
  const seen = new Set<string>();
  const main = new Set<number>();
  const out: { artistId: number; role: string }[] = [];
  const add = (artistId: number, role: string): void => {
    if (artistId <= 0 || role === '') return;
    const key = `${artistId}\t${role}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ artistId, role });
  };
  for (const a of r.artists) {
    main.add(a.id);
    add(a.id, 'Main');
  }
  for (const a of r.extraartists) for (const role of splitRoles(a.role)) add(a.id, role);
  const addTracks = (tracks: readonly Track[]): void => {
    for (const t of tracks) {
      for (const a of t.artists) if (!main.has(a.id)) add(a.id, 'Appearance');
      for (const a of t.extraartists) add(a.id, 'TrackAppearance');
      if (t.subTracks.length > 0) addTracks(t.subTracks);
    }
  };
  addTracks(r.tracklist);
  return out;
}

/** The release↔label links: labels, then series, numbered from 0; entries without an id are skipped. */
export function releaseLabelLinks(r: Release): { position: number; labelId: number; catno: string }[] {
  const out: { position: number; labelId: number; catno: string }[] = [];
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
