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

/** Writes `,"key":` (or `"key":` for the first field), tracking whether a field was written. */
class Fields {
  first = true;

  constructor(private readonly out: BinaryCopyBuffer) {}

  key(name: string): BinaryCopyBuffer {
    this.out.jKey(name, this.first);
    this.first = false;
    return this.out;
  }

  str(name: string, value: string): void {
    if (value !== '') this.key(name).jString(value);
  }

  int(name: string, value: number): void {
    if (value !== 0) this.key(name).jInt(value);
  }
}

function list<T>(out: BinaryCopyBuffer, items: readonly T[], write: (out: BinaryCopyBuffer, item: T) => void): void {
  out.jRaw('[');
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out.jRaw(',');
    write(out, items[i]!);
  }
  out.jRaw(']');
}

function writeStrings(out: BinaryCopyBuffer, items: readonly string[]): void {
  out.jRaw('[');
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out.jRaw(',');
    out.jString(items[i]!);
  }
  out.jRaw(']');
}

function writeCredit(out: BinaryCopyBuffer, c: ArtistCredit): void {
  out.jRaw('{');
  const f = new Fields(out);
  f.int('id', c.id);
  f.str('name', c.name);
  f.str('anv', c.anv);
  f.str('join', c.join);
  f.str('role', c.role);
  f.str('tracks', c.tracks);
  out.jRaw('}');
}

function writeRef(out: BinaryCopyBuffer, r: NamedRef): void {
  out.jRaw('{');
  const f = new Fields(out);
  f.int('id', r.id);
  f.str('name', r.name);
  out.jRaw('}');
}

function writeImage(out: BinaryCopyBuffer, i: Image): void {
  out.jRaw('{');
  const f = new Fields(out);
  if (i.type !== 'secondary') f.key('type').jString(i.type);
  f.str('uri', i.uri);
  f.str('uri150', i.uri150);
  f.int('width', i.width);
  f.int('height', i.height);
  out.jRaw('}');
}

function writeVideo(out: BinaryCopyBuffer, v: Video): void {
  out.jRaw('{');
  const f = new Fields(out);
  f.str('uri', v.uri);
  f.str('title', v.title);
  f.str('description', v.description);
  f.int('duration', v.duration);
  if (v.embed) f.key('embed').jRaw('true');
  out.jRaw('}');
}

/** Writes the fields every kind of list ends a record with, when not empty. */
function listField<T>(
  f: Fields,
  name: string,
  items: readonly T[],
  write: (out: BinaryCopyBuffer, item: T) => void,
): void {
  if (items.length > 0) list(f.key(name), items, write);
}

function stringsField(f: Fields, name: string, items: readonly string[]): void {
  if (items.length > 0) writeStrings(f.key(name), items);
}

/** The default entity type and name of each list of release entities; companies have none. */
const LABEL_TYPE = ['1', 'Label'] as const;
const SERIES_TYPE = ['22', 'Series'] as const;
const NO_TYPE = ['', ''] as const;

function entityWriter(type: readonly [string, string]): (out: BinaryCopyBuffer, e: ReleaseEntity) => void {
  return (out, e) => {
    out.jRaw('{');
    const f = new Fields(out);
    f.int('id', e.id);
    f.str('name', e.name);
    f.str('catno', e.catno);
    if (e.entityType !== type[0]) f.key('entityType').jString(e.entityType);
    if (e.entityTypeName !== type[1]) f.key('entityTypeName').jString(e.entityTypeName);
    out.jRaw('}');
  };
}
const writeLabelEntity = entityWriter(LABEL_TYPE);
const writeSeriesEntity = entityWriter(SERIES_TYPE);
const writeCompany = entityWriter(NO_TYPE);

function writeFormat(out: BinaryCopyBuffer, fo: Format): void {
  out.jRaw('{');
  const f = new Fields(out);
  f.str('name', fo.name);
  f.str('qty', fo.qty);
  f.str('text', fo.text);
  stringsField(f, 'descriptions', fo.descriptions);
  out.jRaw('}');
}

function writeIdentifier(out: BinaryCopyBuffer, i: Identifier): void {
  out.jRaw('{');
  const f = new Fields(out);
  f.str('type', i.type);
  f.str('value', i.value);
  f.str('description', i.description);
  out.jRaw('}');
}

/** The type a track is given when its document leaves it out (the dump reader's rule). */
function derivedTrackType(position: string, duration: string, subTracks: readonly unknown[]): Track['type'] {
  if (subTracks.length > 0) return 'index';
  return position.trim() === '' && duration.trim() === '' ? 'heading' : 'track';
}

function writeTrack(out: BinaryCopyBuffer, t: Track): void {
  out.jRaw('{');
  const f = new Fields(out);
  f.str('position', t.position);
  if (t.type !== derivedTrackType(t.position, t.duration, t.subTracks)) f.key('type').jString(t.type);
  f.str('title', t.title);
  f.str('duration', t.duration);
  listField(f, 'artists', t.artists, writeCredit);
  listField(f, 'extraartists', t.extraartists, writeCredit);
  listField(f, 'subTracks', t.subTracks, writeTrack);
  out.jRaw('}');
}

/** Writes a release's stored document (a `json` value) into the row being written. */
export function writeReleaseDocument(out: BinaryCopyBuffer, r: Release): void {
  out.beginJson().jRaw('{');
  const f = new Fields(out);
  f.key('id').jInt(r.id);
  f.str('status', r.status);
  f.str('title', r.title);
  listField(f, 'artists', r.artists, writeCredit);
  listField(f, 'extraartists', r.extraartists, writeCredit);
  listField(f, 'labels', r.labels, writeLabelEntity);
  listField(f, 'series', r.series, writeSeriesEntity);
  listField(f, 'companies', r.companies, writeCompany);
  listField(f, 'formats', r.formats, writeFormat);
  stringsField(f, 'genres', r.genres);
  stringsField(f, 'styles', r.styles);
  f.str('country', r.country);
  f.str('released', r.released);
  f.str('notes', r.notes);
  f.str('dataQuality', r.dataQuality);
  if (r.masterId !== null) f.key('masterId').jInt(r.masterId);
  if (r.isMainRelease) f.key('isMainRelease').jRaw('true');
  listField(f, 'tracklist', r.tracklist, writeTrack);
  listField(f, 'identifiers', r.identifiers, writeIdentifier);
  listField(f, 'videos', r.videos, writeVideo);
  listField(f, 'images', r.images, writeImage);
  out.jRaw('}').endJson();
}

export function writeMasterDocument(out: BinaryCopyBuffer, m: Master): void {
  out.beginJson().jRaw('{');
  const f = new Fields(out);
  f.key('id').jInt(m.id);
  f.int('mainRelease', m.mainRelease);
  f.str('title', m.title);
  f.int('year', m.year);
  listField(f, 'artists', m.artists, writeCredit);
  stringsField(f, 'genres', m.genres);
  stringsField(f, 'styles', m.styles);
  f.str('dataQuality', m.dataQuality);
  listField(f, 'videos', m.videos, writeVideo);
  listField(f, 'images', m.images, writeImage);
  out.jRaw('}').endJson();
}

export function writeArtistDocument(out: BinaryCopyBuffer, a: Artist): void {
  out.beginJson().jRaw('{');
  const f = new Fields(out);
  f.key('id').jInt(a.id);
  f.str('name', a.name);
  f.str('realname', a.realname);
  f.str('profile', a.profile);
  f.str('dataQuality', a.dataQuality);
  stringsField(f, 'urls', a.urls);
  stringsField(f, 'namevariations', a.namevariations);
  listField(f, 'aliases', a.aliases, writeRef);
  listField(f, 'groups', a.groups, writeRef);
  listField(f, 'members', a.members, writeRef);
  listField(f, 'images', a.images, writeImage);
  out.jRaw('}').endJson();
}

export function writeLabelDocument(out: BinaryCopyBuffer, l: Label): void {
  out.beginJson().jRaw('{');
  const f = new Fields(out);
  f.key('id').jInt(l.id);
  f.str('name', l.name);
  f.str('contactInfo', l.contactInfo);
  f.str('profile', l.profile);
  f.str('dataQuality', l.dataQuality);
  stringsField(f, 'urls', l.urls);
  if (l.parentLabel !== null) writeRef(f.key('parentLabel'), l.parentLabel);
  listField(f, 'sublabels', l.sublabels, writeRef);
  listField(f, 'images', l.images, writeImage);
  out.jRaw('}').endJson();
}

// -------------------------------------------------------------------------------------------------------- expanding

const str = (d: Doc, k: string): string => (typeof d[k] === 'string' ? (d[k] as string) : '');
const num = (d: Doc, k: string): number => (typeof d[k] === 'number' ? (d[k] as number) : 0);
const bool = (d: Doc, k: string): boolean => d[k] === true;
function arr<T>(d: Doc, k: string, expand: (item: Doc) => T): T[] {
  const v = d[k];
  return Array.isArray(v) ? v.map((x) => expand(x as Doc)) : [];
}
function strings(d: Doc, k: string): string[] {
  const v = d[k];
  return Array.isArray(v) ? (v as string[]) : [];
}

function expandCredit(d: Doc): ArtistCredit {
  return {
    id: num(d, 'id'),
    name: str(d, 'name'),
    anv: str(d, 'anv'),
    join: str(d, 'join'),
    role: str(d, 'role'),
    tracks: str(d, 'tracks'),
  };
}

function expandRef(d: Doc): NamedRef {
  return { id: num(d, 'id'), name: str(d, 'name') };
}

function expandImage(d: Doc): Image {
  return {
    type: d.type === 'primary' ? 'primary' : 'secondary',
    uri: str(d, 'uri'),
    uri150: str(d, 'uri150'),
    width: num(d, 'width'),
    height: num(d, 'height'),
  };
}

function expandVideo(d: Doc): Video {
  return {
    uri: str(d, 'uri'),
    title: str(d, 'title'),
    description: str(d, 'description'),
    duration: num(d, 'duration'),
    embed: bool(d, 'embed'),
  };
}

function entityExpander(type: readonly [string, string]): (d: Doc) => ReleaseEntity {
  return (d) => ({
    id: num(d, 'id'),
    name: str(d, 'name'),
    catno: str(d, 'catno'),
    entityType: typeof d.entityType === 'string' ? d.entityType : type[0],
    entityTypeName: typeof d.entityTypeName === 'string' ? d.entityTypeName : type[1],
  });
}
const expandLabelEntity = entityExpander(LABEL_TYPE);
const expandSeriesEntity = entityExpander(SERIES_TYPE);
const expandCompany = entityExpander(NO_TYPE);

function expandFormat(d: Doc): Format {
  return { name: str(d, 'name'), qty: str(d, 'qty'), text: str(d, 'text'), descriptions: strings(d, 'descriptions') };
}

function expandIdentifier(d: Doc): Identifier {
  return { type: str(d, 'type'), value: str(d, 'value'), description: str(d, 'description') };
}

function expandTrack(d: Doc): Track {
  const position = str(d, 'position');
  const duration = str(d, 'duration');
  const subTracks = arr(d, 'subTracks', expandTrack);
  const type = typeof d.type === 'string' ? (d.type as Track['type']) : derivedTrackType(position, duration, subTracks);
  return {
    position,
    type,
    title: str(d, 'title'),
    duration,
    artists: arr(d, 'artists', expandCredit),
    extraartists: arr(d, 'extraartists', expandCredit),
    subTracks,
  };
}

/** The release a stored document holds (see the top of this file). */
export function expandRelease(d: Doc): Release {
  return {
    id: num(d, 'id'),
    status: str(d, 'status'),
    title: str(d, 'title'),
    artists: arr(d, 'artists', expandCredit),
    extraartists: arr(d, 'extraartists', expandCredit),
    labels: arr(d, 'labels', expandLabelEntity),
    series: arr(d, 'series', expandSeriesEntity),
    companies: arr(d, 'companies', expandCompany),
    formats: arr(d, 'formats', expandFormat),
    genres: strings(d, 'genres'),
    styles: strings(d, 'styles'),
    country: str(d, 'country'),
    released: str(d, 'released'),
    notes: str(d, 'notes'),
    dataQuality: str(d, 'dataQuality'),
    masterId: typeof d.masterId === 'number' ? d.masterId : null,
    isMainRelease: bool(d, 'isMainRelease'),
    tracklist: arr(d, 'tracklist', expandTrack),
    identifiers: arr(d, 'identifiers', expandIdentifier),
    videos: arr(d, 'videos', expandVideo),
    images: arr(d, 'images', expandImage),
  };
}

export function expandMaster(d: Doc): Master {
  return {
    id: num(d, 'id'),
    mainRelease: num(d, 'mainRelease'),
    title: str(d, 'title'),
    year: num(d, 'year'),
    artists: arr(d, 'artists', expandCredit),
    genres: strings(d, 'genres'),
    styles: strings(d, 'styles'),
    dataQuality: str(d, 'dataQuality'),
    videos: arr(d, 'videos', expandVideo),
    images: arr(d, 'images', expandImage),
  };
}

export function expandArtist(d: Doc): Artist {
  return {
    id: num(d, 'id'),
    name: str(d, 'name'),
    realname: str(d, 'realname'),
    profile: str(d, 'profile'),
    dataQuality: str(d, 'dataQuality'),
    urls: strings(d, 'urls'),
    namevariations: strings(d, 'namevariations'),
    aliases: arr(d, 'aliases', expandRef),
    groups: arr(d, 'groups', expandRef),
    members: arr(d, 'members', expandRef),
    images: arr(d, 'images', expandImage),
  };
}

export function expandLabel(d: Doc): Label {
  return {
    id: num(d, 'id'),
    name: str(d, 'name'),
    contactInfo: str(d, 'contactInfo'),
    profile: str(d, 'profile'),
    dataQuality: str(d, 'dataQuality'),
    urls: strings(d, 'urls'),
    parentLabel: d.parentLabel !== null && typeof d.parentLabel === 'object' ? expandRef(d.parentLabel as Doc) : null,
    sublabels: arr(d, 'sublabels', expandRef),
    images: arr(d, 'images', expandImage),
  };
}
