import type { Artist } from '../../../domain/catalogue/artist.js';
import type { ArtistCredit } from '../../../domain/catalogue/credit.js';
import type { Label } from '../../../domain/catalogue/label.js';
import type { Master } from '../../../domain/catalogue/master.js';
import type { Image, NamedRef, Video } from '../../../domain/catalogue/media.js';
import { DEFAULT_ENTITY_TYPES, type EntityList } from '../../../domain/catalogue/entity-types.js';
import type {
  Format,
  Identifier,
  Release,
  ReleaseEntity,
  Track,
  TrackType,
} from '../../../domain/catalogue/release.js';
import { trackType } from '../../../domain/catalogue/track-type.js';
import type { BinaryCopyBuffer } from './binary-copy-buffer.js';
import { documentObject } from './document-object.js';

/*
 * The stored form of catalogue records (the `data` column): the domain record as JSON, compacted. A field that holds
 * its default is left out — '' for strings, [] for lists, 0 for numbers, false, null — and so is a value that can be
 * derived: a track's type (`trackType`) and the entity type each list of release entities implies
 * (`DEFAULT_ENTITY_TYPES`: "1", "Label" for labels, "22", "Series" for series). A typical release shrinks by a
 * quarter, which is less JSON to write, for PostgreSQL to check and store, and to read back. `write…Document` write
 * the compact JSON straight into a COPY buffer, every field of the record through a `DocumentObject` (so that a
 * field added to a record type does not compile until it is written); `expand…` restore the full domain record,
 * field by field and in the domain's key order, from a parsed document. A document stored whole (as older versions
 * did) expands to itself.
 */

type Doc = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------------------- writing
// (Plain functions, one per shape, rather than generic helpers with callbacks: this is the hottest code of an import.
// Each writes through a `DocumentObject`, whose type makes sure that every field of the shape is written.)

function credit(out: BinaryCopyBuffer, c: ArtistCredit): void {
  documentObject<ArtistCredit>(out)
    .int('id', c.id)
    .str('name', c.name)
    .str('anv', c.anv)
    .str('join', c.join)
    .str('role', c.role)
    .str('tracks', c.tracks)
    .end();
}

function credits(out: BinaryCopyBuffer, key: string, items: readonly ArtistCredit[]): void {
  if (items.length === 0) return;
  out.jKey(key).jRaw('[');
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out.jRaw(',');
    credit(out, items[i]!);
  }
  out.jRaw(']');
}

function ref(out: BinaryCopyBuffer, r: NamedRef): void {
  documentObject<NamedRef>(out).int('id', r.id).str('name', r.name).end();
}

function optionalRef(out: BinaryCopyBuffer, key: string, r: NamedRef | null): void {
  if (r !== null) ref(out.jKey(key), r);
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

function images(out: BinaryCopyBuffer, key: string, items: readonly Image[]): void {
  if (items.length === 0) return;
  out.jKey(key).jRaw('[');
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out.jRaw(',');
    const im = items[i]!;
    documentObject<Image>(out)
      .strUnless('type', im.type, 'secondary')
      .str('uri', im.uri)
      .str('uri150', im.uri150)
      .int('width', im.width)
      .int('height', im.height)
      .end();
  }
  out.jRaw(']');
}

function videos(out: BinaryCopyBuffer, key: string, items: readonly Video[]): void {
  if (items.length === 0) return;
  out.jKey(key).jRaw('[');
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out.jRaw(',');
    const v = items[i]!;
    documentObject<Video>(out)
      .str('uri', v.uri)
      .str('title', v.title)
      .str('description', v.description)
      .int('duration', v.duration)
      .bool('embed', v.embed)
      .end();
  }
  out.jRaw(']');
}

/** Entities of one of a release's lists, leaving out the entity type that list implies (`DEFAULT_ENTITY_TYPES`). */
function entities(out: BinaryCopyBuffer, list: EntityList, items: readonly ReleaseEntity[]): void {
  if (items.length === 0) return;
  const implied = DEFAULT_ENTITY_TYPES[list];
  out.jKey(list).jRaw('[');
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out.jRaw(',');
    const e = items[i]!;
    documentObject<ReleaseEntity>(out)
      .int('id', e.id)
      .str('name', e.name)
      .str('catno', e.catno)
      .strUnless('entityType', e.entityType, implied.entityType)
      .strUnless('entityTypeName', e.entityTypeName, implied.entityTypeName)
      .end();
  }
  out.jRaw(']');
}

function formats(out: BinaryCopyBuffer, key: string, items: readonly Format[]): void {
  if (items.length === 0) return;
  out.jKey(key).jRaw('[');
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out.jRaw(',');
    const f = items[i]!;
    documentObject<Format>(out)
      .str('name', f.name)
      .str('qty', f.qty)
      .str('text', f.text)
      .strings('descriptions', f.descriptions)
      .end();
  }
  out.jRaw(']');
}

function identifiers(out: BinaryCopyBuffer, key: string, items: readonly Identifier[]): void {
  if (items.length === 0) return;
  out.jKey(key).jRaw('[');
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out.jRaw(',');
    const d = items[i]!;
    documentObject<Identifier>(out).str('type', d.type).str('value', d.value).str('description', d.description).end();
  }
  out.jRaw(']');
}

/** Tracks, leaving out each one's type where `trackType` derives it. */
function tracks(out: BinaryCopyBuffer, key: string, items: readonly Track[]): void {
  if (items.length === 0) return;
  out.jKey(key).jRaw('[');
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out.jRaw(',');
    const t = items[i]!;
    documentObject<Track>(out)
      .str('position', t.position)
      .strUnless('type', t.type, trackType(t.position, t.duration, t.subTracks))
      .str('title', t.title)
      .str('duration', t.duration)
      .with('artists', t.artists, credits)
      .with('extraartists', t.extraartists, credits)
      .with('subTracks', t.subTracks, tracks)
      .end();
  }
  out.jRaw(']');
}

/** Writes a release's stored document (a `json` value) into the row being written. */
export function writeReleaseDocument(out: BinaryCopyBuffer, r: Release): void {
  documentObject<Release>(out.beginJson())
    .num('id', r.id)
    .str('status', r.status)
    .str('title', r.title)
    .with('artists', r.artists, credits)
    .with('extraartists', r.extraartists, credits)
    .with('labels', r.labels, entities)
    .with('series', r.series, entities)
    .with('companies', r.companies, entities)
    .with('formats', r.formats, formats)
    .strings('genres', r.genres)
    .strings('styles', r.styles)
    .str('country', r.country)
    .str('released', r.released)
    .str('notes', r.notes)
    .str('dataQuality', r.dataQuality)
    .intOrNull('masterId', r.masterId)
    .bool('isMainRelease', r.isMainRelease)
    .with('tracklist', r.tracklist, tracks)
    .with('identifiers', r.identifiers, identifiers)
    .with('videos', r.videos, videos)
    .with('images', r.images, images)
    .end();
  out.endJson();
}

export function writeMasterDocument(out: BinaryCopyBuffer, m: Master): void {
  documentObject<Master>(out.beginJson())
    .num('id', m.id)
    .int('mainRelease', m.mainRelease)
    .str('title', m.title)
    .int('year', m.year)
    .with('artists', m.artists, credits)
    .strings('genres', m.genres)
    .strings('styles', m.styles)
    .str('dataQuality', m.dataQuality)
    .with('videos', m.videos, videos)
    .with('images', m.images, images)
    .end();
  out.endJson();
}

export function writeArtistDocument(out: BinaryCopyBuffer, a: Artist): void {
  documentObject<Artist>(out.beginJson())
    .num('id', a.id)
    .str('name', a.name)
    .str('realname', a.realname)
    .str('profile', a.profile)
    .str('dataQuality', a.dataQuality)
    .strings('urls', a.urls)
    .strings('namevariations', a.namevariations)
    .with('aliases', a.aliases, refs)
    .with('groups', a.groups, refs)
    .with('members', a.members, refs)
    .with('images', a.images, images)
    .end();
  out.endJson();
}

export function writeLabelDocument(out: BinaryCopyBuffer, l: Label): void {
  documentObject<Label>(out.beginJson())
    .num('id', l.id)
    .str('name', l.name)
    .str('contactInfo', l.contactInfo)
    .str('profile', l.profile)
    .str('dataQuality', l.dataQuality)
    .strings('urls', l.urls)
    .with('parentLabel', l.parentLabel, optionalRef)
    .with('sublabels', l.sublabels, refs)
    .with('images', l.images, images)
    .end();
  out.endJson();
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

/** An image of a stored document (an element of its `images`). */
export function expandImage(d: Doc): Image {
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

function entityExpander(list: EntityList): (d: Doc) => ReleaseEntity {
  const implied = DEFAULT_ENTITY_TYPES[list];
  return (d) => ({
    id: getNum(d, 'id'),
    name: getStr(d, 'name'),
    catno: getStr(d, 'catno'),
    entityType: typeof d.entityType === 'string' ? d.entityType : implied.entityType,
    entityTypeName: typeof d.entityTypeName === 'string' ? d.entityTypeName : implied.entityTypeName,
  });
}
const expandLabelEntity = entityExpander('labels');
const expandSeriesEntity = entityExpander('series');
const expandCompany = entityExpander('companies');

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
  const type = typeof d.type === 'string' ? (d.type as TrackType) : trackType(position, duration, subTracks);
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
