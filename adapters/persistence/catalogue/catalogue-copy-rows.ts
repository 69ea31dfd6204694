import type { Artist } from '../../../domain/catalogue/artist.js';
import type { Label } from '../../../domain/catalogue/label.js';
import type { Master } from '../../../domain/catalogue/master.js';
import { releaseListing, type ReleaseListing } from '../../../domain/catalogue/release-summary.js';
import { releaseArtistLinks, releaseLabelLinks } from '../../../domain/catalogue/release-links.js';
import type { Release } from '../../../domain/catalogue/release.js';
import type { SearchEntryFacts } from '../../../domain/catalogue/search-facts.js';
import { writeReleaseTemplate } from '../../../application/catalogue/release-document.js';
import type { BinaryCopyBuffer } from './binary-copy-buffer.js';
import { packReleaseDocument } from './release-document-packing.js';
import {
  writeArtistDocument,
  writeLabelDocument,
  writeMasterDocument,
} from './catalogue-documents.js';

/*
 * The catalogue tables' rows as the import COPYs them. Each column list is the order the values are written in;
 * the types must match the columns (see binary-copy-buffer.ts): `data` is `json`, holding the compact document of
 * catalogue-documents.ts, except for releases, whose `packed_document` (bytea) holds the template of their API
 * document (application/catalogue/release-document.ts) packed by release-document-packing.ts; `major_formats`, `version_formats` and `version_labels` are `jsonb`.
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
  'packed_document',
  'version_formats',
  'version_labels',
] as const;
/**
 * A release's artist links as the workers encode them, for the import's staging table: each with the release's master
 * and the release's own list keys. The session turns them into `release_artist` rows, taking the keys of the master
 * when it is stored (see sql-catalogue-write-session.ts).
 */
export const RELEASE_ARTIST_COLUMNS = ['release_id', 'artist_id', 'role', 'master_id', 'year', 'title', 'format'] as const;
export const RELEASE_LABEL_COLUMNS = ['release_id', 'position', 'label_id', 'catno'] as const;
export const SEARCH_ENTRY_COLUMNS = ['kind', 'id', 'community_release', 'result'] as const;

export function writeArtistRow(out: BinaryCopyBuffer, a: Artist): void {
  writeArtistDocument(out.row(3).int4(a.id).text(a.name), a);
}

export function writeLabelRow(out: BinaryCopyBuffer, l: Label): void {
  writeLabelDocument(out.row(3).int4(l.id).text(l.name), l);
}

export function writeMasterRow(out: BinaryCopyBuffer, m: Master): void {
  writeMasterDocument(out.row(5).int4(m.id).text(m.title).int4(m.year).int4(m.mainRelease), m);
}

export function writeReleaseRow(out: BinaryCopyBuffer, r: Release, listing: ReleaseListing = releaseListing(r)): void {
  out.row(18).int4(r.id).text(r.title).text(r.status).int4(listing.year).text(r.released).text(r.country);
  if (r.masterId === null) out.null();
  else out.int4(r.masterId);
  out
    .bool(r.isMainRelease)
    .text(listing.artist)
    .text(listing.label)
    .text(listing.catno)
    .text(listing.format)
    .text(listing.formatDetails);
  // major_formats is jsonb: a version byte, then the JSON text.
  out.beginJson(true).jRaw('[');
  let n = 0;
  for (const name of listing.majorFormats) {
    if (n++ > 0) out.jRaw(',');
    out.jString(name);
  }
  out.jRaw(']').endJson().text(listing.thumb);
  // packed_document is bytea: the template of the release's API document, written in place like a JSON value, then
  // packed (release-document-packing.ts).
  out.beginJson();
  writeReleaseTemplate(out, r);
  out.endJsonAs(packReleaseDocument);
  // version_formats and version_labels are jsonb, null for a release without a master (no versions list shows it).
  if (listing.facets === null) out.null().null();
  else {
    jStrings(out.beginJson(true), listing.facets.formats).endJson();
    jStrings(out.beginJson(true), listing.facets.labels).endJson();
  }
}

/** The release's artist links (see `releaseArtistLinks`), as `RELEASE_ARTIST_COLUMNS` rows. */
export function writeReleaseArtistRows(out: BinaryCopyBuffer, r: Release, listing: ReleaseListing = releaseListing(r)): void {
  for (const link of releaseArtistLinks(r)) {
    out.row(7).int4(r.id).int4(link.artistId).text(link.role);
    if (r.masterId === null) out.null();
    else out.int4(r.masterId);
    out.int4(listing.year).text(r.title).text(listing.format);
  }
}

/** The largest position `release_label` holds (`int2`). */
const MAX_POSITION = 32_767;

/** The release's `release_label` rows (see `releaseLabelLinks`), up to the largest position the column holds. */
export function writeReleaseLabelRows(out: BinaryCopyBuffer, r: Release): void {
  for (const link of releaseLabelLinks(r)) {
    if (link.position > MAX_POSITION) break;
    out.row(4).int4(r.id).int2(link.position).int4(link.labelId).text(link.catno);
  }
}

/** A JSON array of strings. */
function jStrings(out: BinaryCopyBuffer, values: readonly string[]): BinaryCopyBuffer {
  out.jRaw('[');
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out.jRaw(',');
    out.jString(values[i]!);
  }
  return out.jRaw(']');
}

/** A record's `search_entry` row (see `SearchEntryRow`); `result` holds the result's values in compact JSON. */
export function writeSearchEntryRow(out: BinaryCopyBuffer, f: SearchEntryFacts): void {
  out.row(4).text(f.kind).int4(f.id);
  if (f.communityRelease === null) out.null();
  else out.int4(f.communityRelease);
  const r = f.result;
  out.beginJson().jRaw('{"title":').jString(r.title).jRaw(',"year":').jString(r.year);
  out.jRaw(',"country":').jString(r.country).jRaw(',"format":');
  jStrings(out, r.format).jRaw(',"label":');
  jStrings(out, r.label).jRaw(',"genre":');
  jStrings(out, r.genre).jRaw(',"style":');
  jStrings(out, r.style).jRaw(',"catno":').jString(r.catno);
  if (r.barcode !== undefined) jStrings(out.jRaw(',"barcode":'), r.barcode);
  if (r.masterId !== undefined) {
    out.jRaw(',"master_id":');
    if (r.masterId === null) out.jRaw('null');
    else out.jInt(r.masterId);
  }
  out.jRaw(',"thumb":').jString(r.thumb).jRaw(',"uri":').jString(r.uri).jRaw('}').endJson();
}
