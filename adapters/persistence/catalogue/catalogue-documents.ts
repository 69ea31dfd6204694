import type { Artist } from '../../../domain/catalogue/artist.js';
import type { ArtistCredit } from '../../../domain/catalogue/credit.js';
import type { Label } from '../../../domain/catalogue/label.js';
import type { Master } from '../../../domain/catalogue/master.js';
import type { Image, NamedRef, Video } from '../../../domain/catalogue/media.js';
import type { Format, Identifier, Release, ReleaseEntity, Track } from '../../../domain/catalogue/release.js';
import type { BinaryCopyBuffer } from './binary-copy-buffer.js';

/*
 * The stored form of catalogue records (the `data` column): the domain record as JSON, compacted. A field that holds
 * its default is left out — '' for strings, [] for lists, 0 for numbers, false, null — and so is a value that can be
 * derived: a track's type (from its position, duration and sub-tracks) and the entity type of labels ("1", "Label")
 * and series ("22", "Series"). A typical release shrinks by a quarter, which is less JSON to write, for PostgreSQL to
 * check and store, and to read back. `write…Document` write the compact JSON straight into a COPY buffer;
 * `expand…` restore the full domain record, field by field and in the domain's key order, from a parsed document. A
 * document stored whole (as older versions did) expands to itself.
 */

type Doc = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------------------- writing
// (Plain functions, one per shape, rather than generic helpers with callbacks: this is the hottest code of an import.)

function str(out: BinaryCopyBuffer, key: string, value: string): void {
  if (value !== '') out.jKey(key).jString(value);
}

function int(out: BinaryCopyBuffer, key: string, value: number): void {
  if (value !== 0) out.jKey(key).jInt(value);
}

function strings(out: BinaryCopyBuffer, key: string, items: readonly string[]): void {
  if (items.length === 0) return;
  out.jKey(key).jRaw('[');
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out.jRaw(',');
    out.jString(items[i]!);
  }
  out.jRaw(']');
}

function credits(out: BinaryCopyBuffer, key: string, items: readonly ArtistCredit[]): void {
  if (items.length === 0) return;
  out.jKey(key).jRaw('[');
  for (let i = 0; i < items.length; i++) {
    const c = items[i]!;
    out.jRaw(i === 0 ? '{' : ',{');
    int(out, 'id', c.id);
    str(out, 'name', c.name);
    str(out, 'anv', c.anv);
    str(out, 'join', c.join);
    str(out, 'role', c.role);
    str(out, 'tracks', c.tracks);
    out.jRaw('}');
  }
  out.jRaw(']');
}

function ref(out: BinaryCopyBuffer, r: NamedRef): void {
  out.jRaw('{');
  int(out, 'id', r.id);
  str(out, 'name', r.name);
  out.jRaw('}');
}

function refs(out: BinaryCopyBuffer, key: string, items: readonly NamedRef[]): void {
  if (items.length === 0) return;
  out.jKey(key).jRaw('[');
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out.jRaw(',');
    ref(out, items[i]!);
  }
  out.jRaw(']');
}

function images(out: BinaryCopyBuffer, items: readonly Image[]): void {
  if (items.length === 0) return;
  out.jKey('images').jRaw('[');
  for (let i = 0; i < items.length; i++) {
    const im = items[i]!;
    out.jRaw(i === 0 ? '{' : ',{');
    if (im.type !== 'secondary') out.jKey('type').jString(im.type);
    str(out, 'uri', im.uri);
    str(out, 'uri150', im.uri150);
    int(out, 'width', im.width);
    int(out, 'height', im.height);
    out.jRaw('}');
  }
  out.jRaw(']');
}

function videos(out: BinaryCopyBuffer, items: readonly Video[]): void {
  if (items.length === 0) return;
  out.jKey('videos').jRaw('[');
  for (let i = 0; i < items.length; i++) {
    const v = items[i]!;
    out.jRaw(i === 0 ? '{' : ',{');
    str(out, 'uri', v.uri);
    str(out, 'title', v.title);
    str(out, 'description', v.description);
    int(out, 'duration', v.duration);
    if (v.embed) out.jKey('embed').jRaw('true');
    out.jRaw('}');
  }
  out.jRaw(']');
}

/** The default entity type and name of each list of release entities; companies have none. */
const LABEL_TYPE = ['1', 'Label'] as const;
const SERIES_TYPE = ['22', 'Series'] as const;
const NO_TYPE = ['', ''] as const;

function entities(
  out: BinaryCopyBuffer,
  key: string,
  items: readonly ReleaseEntity[],
  type: readonly [string, string],
): void {
  if (items.length === 0) return;
  out.jKey(key).jRaw('[');
  for (let i = 0; i < items.length; i++) {
    const e = items[i]!;
    out.jRaw(i === 0 ? '{' : ',{');
    int(out, 'id', e.id);
    str(out, 'name', e.name);
    str(out, 'catno', e.catno);
    if (e.entityType !== type[0]) out.jKey('entityType').jString(e.entityType);
    if (e.entityTypeName !== type[1]) out.jKey('entityTypeName').jString(e.entityTypeName);
    out.jRaw('}');
  }
  out.jRaw(']');
}

function formats(out: BinaryCopyBuffer, items: readonly Format[]): void {
  if (items.length === 0) return;
  out.jKey('formats').jRaw('[');
  for (let i = 0; i < items.length; i++) {
    const f = items[i]!;
    out.jRaw(i === 0 ? '{' : ',{');
    str(out, 'name', f.name);
    str(out, 'qty', f.qty);
    str(out, 'text', f.text);
    strings(out, 'descriptions', f.descriptions);
    out.jRaw('}');
  }
  out.jRaw(']');
}

function identifiers(out: BinaryCopyBuffer, items: readonly Identifier[]): void {
  if (items.length === 0) return;
  out.jKey('identifiers').jRaw('[');
  for (let i = 0; i < items.length; i++) {
    const d = items[i]!;
    out.jRaw(i === 0 ? '{' : ',{');
    str(out, 'type', d.type);
    str(out, 'value', d.value);
    str(out, 'description', d.description);
    out.jRaw('}');
  }
  out.jRaw(']');
}

/** The type a track is given when its document leaves it out (the dump reader's rule). */
function derivedTrackType(position: string, duration: string, subTracks: readonly unknown[]): Track['type'] {
  if (subTracks.length > 0) return 'index';
  return position.trim() === '' && duration.trim() === '' ? 'heading' : 'track';
}

function tracks(out: BinaryCopyBuffer, key: string, items: readonly Track[]): void {
  if (items.length === 0) return;
  out.jKey(key).jRaw('[');
  for (let i = 0; i < items.length; i++) {
    const t = items[i]!;
    out.jRaw(i === 0 ? '{' : ',{');
    str(out, 'position', t.position);
    if (t.type !== derivedTrackType(t.position, t.duration, t.subTracks)) out.jKey('type').jString(t.type);
    str(out, 'title', t.title);
    str(out, 'duration', t.duration);
    credits(out, 'artists', t.artists);
    credits(out, 'extraartists', t.extraartists);
    tracks(out, 'subTracks', t.subTracks);
    out.jRaw('}');
  }
  out.jRaw(']');
}

/** Writes a release's stored document (a `json` value) into the row being written. */
export function writeReleaseDocument(out: BinaryCopyBuffer, r: Release): void {
  out.beginJson().jRaw('{').jKey('id').jInt(r.id);
  str(out, 'status', r.status);
  str(out, 'title', r.title);
  credits(out, 'artists', r.artists);
  credits(out, 'extraartists', r.extraartists);
  entities(out, 'labels', r.labels, LABEL_TYPE);
  entities(out, 'series', r.series, SERIES_TYPE);
  entities(out, 'companies', r.companies, NO_TYPE);
  formats(out, r.formats);
  strings(out, 'genres', r.genres);
  strings(out, 'styles', r.styles);
  str(out, 'country', r.country);
  str(out, 'released', r.released);
  str(out, 'notes', r.notes);
  str(out, 'dataQuality', r.dataQuality);
  if (r.masterId !== null) out.jKey('masterId').jInt(r.masterId);
  if (r.isMainRelease) out.jKey('isMainRelease').jRaw('true');
  tracks(out, 'tracklist', r.tracklist);
  identifiers(out, r.identifiers);
  videos(out, r.videos);
  images(out, r.images);
  out.jRaw('}').endJson();
}

export function writeMasterDocument(out: BinaryCopyBuffer, m: Master): void {
  out.beginJson().jRaw('{').jKey('id').jInt(m.id);
  int(out, 'mainRelease', m.mainRelease);
  str(out, 'title', m.title);
  int(out, 'year', m.year);
  credits(out, 'artists', m.artists);
  strings(out, 'genres', m.genres);
  strings(out, 'styles', m.styles);
  str(out, 'dataQuality', m.dataQuality);
  videos(out, m.videos);
  images(out, m.images);
  out.jRaw('}').endJson();
}

export function writeArtistDocument(out: BinaryCopyBuffer, a: Artist): void {
  out.beginJson().jRaw('{').jKey('id').jInt(a.id);
  str(out, 'name', a.name);
  str(out, 'realname', a.realname);
  str(out, 'profile', a.profile);
  str(out, 'dataQuality', a.dataQuality);
  strings(out, 'urls', a.urls);
  strings(out, 'namevariations', a.namevariations);
  refs(out, 'aliases', a.aliases);
  refs(out, 'groups', a.groups);
  refs(out, 'members', a.members);
  images(out, a.images);
  out.jRaw('}').endJson();
}

export function writeLabelDocument(out: BinaryCopyBuffer, l: Label): void {
  out.beginJson().jRaw('{').jKey('id').jInt(l.id);
  str(out, 'name', l.name);
  str(out, 'contactInfo', l.contactInfo);
  str(out, 'profile', l.profile);
  str(out, 'dataQuality', l.dataQuality);
  strings(out, 'urls', l.urls);
  if (l.parentLabel !== null) ref(out.jKey('parentLabel'), l.parentLabel);
  refs(out, 'sublabels', l.sublabels);
  images(out, l.images);
  out.jRaw('}').endJson();
}

// -------------------------------------------------------------------------------------------------------- expanding

const getStr = (d: Doc, k: string): string => (typeof d[k] === 'string' ? (d[k] as string) : '');
const getNum = (d: Doc, k: string): number => (typeof d[k] === 'number' ? (d[k] as number) : 0);
const getBool = (d: Doc, k: string): boolean => d[k] === true;
function arr<T>(d: Doc, k: string, expand: (item: Doc) => T): T[] {
  const v = d[k];
  return Array.isArray(v) ? v.map((x) => expand(x as Doc)) : [];
}
function getStrings(d: Doc, k: string): string[] {
  const v = d[k];
  return Array.isArray(v) ? (v as string[]) : [];
}

function expandCredit(d: Doc): ArtistCredit {
  return {
    id: getNum(d, 'id'),
    name: getStr(d, 'name'),
    anv: getStr(d, 'anv'),
    join: getStr(d, 'join'),
    role: getStr(d, 'role'),
    tracks: getStr(d, 'tracks'),
  };
}

function expandRef(d: Doc): NamedRef {
  return { id: getNum(d, 'id'), name: getStr(d, 'name') };
}

function expandImage(d: Doc): Image {
  return {
    type: d.type === 'primary' ? 'primary' : 'secondary',
    uri: getStr(d, 'uri'),
    uri150: getStr(d, 'uri150'),
    width: getNum(d, 'width'),
    height: getNum(d, 'height'),
  };
}

function expandVideo(d: Doc): Video {
  return {
    uri: getStr(d, 'uri'),
    title: getStr(d, 'title'),
    description: getStr(d, 'description'),
    duration: getNum(d, 'duration'),
    embed: getBool(d, 'embed'),
  };
}

function entityExpander(type: readonly [string, string]): (d: Doc) => ReleaseEntity {
  return (d) => ({
    id: getNum(d, 'id'),
    name: getStr(d, 'name'),
    catno: getStr(d, 'catno'),
    entityType: typeof d.entityType === 'string' ? d.entityType : type[0],
    entityTypeName: typeof d.entityTypeName === 'string' ? d.entityTypeName : type[1],
  });
}
const expandLabelEntity = entityExpander(LABEL_TYPE);
const expandSeriesEntity = entityExpander(SERIES_TYPE);
const expandCompany = entityExpander(NO_TYPE);

function expandFormat(d: Doc): Format {
  return {
    name: getStr(d, 'name'),
    qty: getStr(d, 'qty'),
    text: getStr(d, 'text'),
    descriptions: getStrings(d, 'descriptions'),
  };
}

function expandIdentifier(d: Doc): Identifier {
  return { type: getStr(d, 'type'), value: getStr(d, 'value'), description: getStr(d, 'description') };
}

function expandTrack(d: Doc): Track {
  const position = getStr(d, 'position');
  const duration = getStr(d, 'duration');
  const subTracks = arr(d, 'subTracks', expandTrack);
  const type = typeof d.type === 'string' ? (d.type as Track['type']) : derivedTrackType(position, duration, subTracks);
  return {
    position,
    type,
    title: getStr(d, 'title'),
    duration,
    artists: arr(d, 'artists', expandCredit),
    extraartists: arr(d, 'extraartists', expandCredit),
    subTracks,
  };
}

/** The release a stored document holds (see the top of this file). */
export function expandRelease(d: Doc): Release {
  return {
    id: getNum(d, 'id'),
    status: getStr(d, 'status'),
    title: getStr(d, 'title'),
    artists: arr(d, 'artists', expandCredit),
    extraartists: arr(d, 'extraartists', expandCredit),
    labels: arr(d, 'labels', expandLabelEntity),
    series: arr(d, 'series', expandSeriesEntity),
    companies: arr(d, 'companies', expandCompany),
    formats: arr(d, 'formats', expandFormat),
    genres: getStrings(d, 'genres'),
    styles: getStrings(d, 'styles'),
    country: getStr(d, 'country'),
    released: getStr(d, 'released'),
    notes: getStr(d, 'notes'),
    dataQuality: getStr(d, 'dataQuality'),
    masterId: typeof d.masterId === 'number' ? d.masterId : null,
    isMainRelease: getBool(d, 'isMainRelease'),
    tracklist: arr(d, 'tracklist', expandTrack),
    identifiers: arr(d, 'identifiers', expandIdentifier),
    videos: arr(d, 'videos', expandVideo),
    images: arr(d, 'images', expandImage),
  };
}

export function expandMaster(d: Doc): Master {
  return {
    id: getNum(d, 'id'),
    mainRelease: getNum(d, 'mainRelease'),
    title: getStr(d, 'title'),
    year: getNum(d, 'year'),
    artists: arr(d, 'artists', expandCredit),
    genres: getStrings(d, 'genres'),
    styles: getStrings(d, 'styles'),
    dataQuality: getStr(d, 'dataQuality'),
    videos: arr(d, 'videos', expandVideo),
    images: arr(d, 'images', expandImage),
  };
}

export function expandArtist(d: Doc): Artist {
  return {
    id: getNum(d, 'id'),
    name: getStr(d, 'name'),
    realname: getStr(d, 'realname'),
    profile: getStr(d, 'profile'),
    dataQuality: getStr(d, 'dataQuality'),
    urls: getStrings(d, 'urls'),
    namevariations: getStrings(d, 'namevariations'),
    aliases: arr(d, 'aliases', expandRef),
    groups: arr(d, 'groups', expandRef),
    members: arr(d, 'members', expandRef),
    images: arr(d, 'images', expandImage),
  };
}

export function expandLabel(d: Doc): Label {
  return {
    id: getNum(d, 'id'),
    name: getStr(d, 'name'),
    contactInfo: getStr(d, 'contactInfo'),
    profile: getStr(d, 'profile'),
    dataQuality: getStr(d, 'dataQuality'),
    urls: getStrings(d, 'urls'),
    parentLabel: d.parentLabel !== null && typeof d.parentLabel === 'object' ? expandRef(d.parentLabel as Doc) : null,
    sublabels: arr(d, 'sublabels', expandRef),
    images: arr(d, 'images', expandImage),
  };
}
