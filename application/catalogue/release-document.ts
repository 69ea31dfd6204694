import { sortCreditLine, type ArtistCredit } from '../../domain/catalogue/credit.js';
import type { Image, Video } from '../../domain/catalogue/media.js';
import type { Format, Identifier, Release, ReleaseEntity, Track } from '../../domain/catalogue/release.js';
import { formatReleased, releaseYear } from '../../domain/catalogue/release-summary.js';
import { estimatedWeight, formatQuantity } from '../../domain/catalogue/shipping-estimate.js';
import { webPath } from '../../domain/catalogue/slug.js';

/*
 * The release document: `GET /releases/{id}` as the API answers it, written once (by the import, into the release's
 * row) as a template whose few parts that change after import, or depend on the server, are slots filled per request.
 * Serving a release is then one indexed row and a splice: no parse, no presenter, no serialisation.
 *
 * The template is the answer's JSON text (compact, keys in the answer's order, strings escaped as `JSON.stringify`
 * escapes them) with slots: U+0001 followed by one letter, written raw. `JSON.stringify` never writes U+0001 raw (it
 * escapes every control character), so a slot can never be confused with data. A template is therefore not JSON
 * itself, and is stored as text.
 */

/** Starts every slot of a template. */
export const SLOT = '\u0001';

/** The letter after `SLOT` of each slot. */
export const SLOTS = {
  /** The API's base URL, inside a string (`"␁B/releases/1"`). */
  apiBase: 'B',
  /** The web site's base URL, inside a string (`"␁W/release/1-Title"`). */
  webBase: 'W',
  /** `community.have`, a number. */
  have: 'H',
  /** `community.want`, a number. */
  want: 'V',
  /** `community.rating.count`, a number. */
  ratingCount: 'C',
  /** `community.rating.average`, a number. */
  ratingAverage: 'R',
  /** `date_added`, a string. */
  dateAdded: 'A',
  /** `date_changed`, a string. */
  dateChanged: 'D',
  /** `num_for_sale`, a number. */
  numForSale: 'S',
  /** `lowest_price`, a number or null. */
  lowestPrice: 'P',
  /** Comes just before the JSON string of `notes` (in markup, the stored text): kept, or replaced by other text. */
  notes: 'N',
  /** Comes just before the `images` array (URLs empty): kept, or replaced by the caller's linked images. */
  images: 'G',
  /** Comes just before the JSON string of `thumb` (empty): kept, or replaced. */
  thumb: 'T',
  /** `"submitter":…,"contributors":[…]` in `community`: the people of the edit history. */
  people: 'U',
} as const;

/**
 * Where a JSON text is written, piece by piece: the COPY buffer of the import writes it straight into a row,
 * `JsonText` into a string. Both escape strings exactly as `JSON.stringify` does.
 */
export interface JsonWriter {
  /** JSON text that needs no escaping (punctuation, keys, literals, slots), ASCII only. */
  jRaw(ascii: string): this;
  /** A string, quoted and escaped. */
  jString(value: string): this;
  /** A string's escaped content, without its quotes. */
  jStringContent(value: string): this;
  /** A number. */
  jInt(value: number): this;
}

/** A `JsonWriter` into a JavaScript string. */
export class JsonText implements JsonWriter {
  text = '';

  jRaw(ascii: string): this {
    this.text += ascii;
    return this;
  }

  jString(value: string): this {
    this.text += JSON.stringify(value);
    return this;
  }

  jStringContent(value: string): this {
    this.text += JSON.stringify(value).slice(1, -1);
    return this;
  }

  jInt(value: number): this {
    this.text += JSON.stringify(value);
    return this;
  }
}

/** `"␁B/artists/1"` and the like: a string made of a slot and the rest of its text. */
function slotted(out: JsonWriter, slot: string, rest: string): void {
  out.jRaw(`"${SLOT}${slot}`).jStringContent(rest).jRaw('"');
}

function credits(out: JsonWriter, list: readonly ArtistCredit[]): void {
  out.jRaw('[');
  for (let i = 0; i < list.length; i++) {
    const c = list[i]!;
    out.jRaw(i === 0 ? '{"id":' : ',{"id":').jInt(c.id);
    out.jRaw(',"name":').jString(c.name);
    out.jRaw(',"anv":').jString(c.anv);
    out.jRaw(',"join":').jString(c.join);
    out.jRaw(',"role":').jString(c.role);
    out.jRaw(',"tracks":').jString(c.tracks);
    if (c.id) out.jRaw(`,"resource_url":"${SLOT}${SLOTS.apiBase}/artists/`).jInt(c.id).jRaw('"}');
    else out.jRaw(',"resource_url":""}');
  }
  out.jRaw(']');
}

function entities(out: JsonWriter, list: readonly ReleaseEntity[]): void {
  out.jRaw('[');
  for (let i = 0; i < list.length; i++) {
    const e = list[i]!;
    out.jRaw(i === 0 ? '{"id":' : ',{"id":').jInt(e.id);
    out.jRaw(',"name":').jString(e.name);
    out.jRaw(',"catno":').jString(e.catno);
    out.jRaw(',"entity_type":').jString(e.entityType);
    out.jRaw(',"entity_type_name":').jString(e.entityTypeName);
    out.jRaw(`,"resource_url":"${SLOT}${SLOTS.apiBase}/labels/`).jInt(e.id).jRaw('"}');
  }
  out.jRaw(']');
}

function strings(out: JsonWriter, list: readonly string[]): void {
  out.jRaw('[');
  for (let i = 0; i < list.length; i++) {
    const s = list[i]!;
    if (i > 0) out.jRaw(',');
    out.jString(s);
  }
  out.jRaw(']');
}

function formats(out: JsonWriter, list: readonly Format[]): void {
  out.jRaw('[');
  for (let i = 0; i < list.length; i++) {
    const f = list[i]!;
    out.jRaw(i === 0 ? '{"name":' : ',{"name":').jString(f.name);
    out.jRaw(',"qty":').jString(f.qty);
    if (f.text) out.jRaw(',"text":').jString(f.text);
    out.jRaw(',"descriptions":');
    strings(out, f.descriptions);
    out.jRaw('}');
  }
  out.jRaw(']');
}

function identifiers(out: JsonWriter, list: readonly Identifier[]): void {
  out.jRaw('[');
  for (let i = 0; i < list.length; i++) {
    const id = list[i]!;
    out.jRaw(i === 0 ? '{"type":' : ',{"type":').jString(id.type);
    out.jRaw(',"value":').jString(id.value);
    if (id.description) out.jRaw(',"description":').jString(id.description);
    out.jRaw('}');
  }
  out.jRaw(']');
}

function videos(out: JsonWriter, list: readonly Video[]): void {
  out.jRaw('[');
  for (let i = 0; i < list.length; i++) {
    const v = list[i]!;
    out.jRaw(i === 0 ? '{"uri":' : ',{"uri":').jString(v.uri);
    out.jRaw(',"title":').jString(v.title);
    out.jRaw(',"description":').jString(v.description);
    out.jRaw(',"duration":').jInt(v.duration);
    out.jRaw(v.embed ? ',"embed":true}' : ',"embed":false}');
  }
  out.jRaw(']');
}

/** Image objects as the API shows them: `resource_url` is the image's `uri`. */
export function writeImages(out: JsonWriter, list: readonly Image[]): void {
  out.jRaw('[');
  for (let i = 0; i < list.length; i++) {
    const im = list[i]!;
    out.jRaw(i === 0 ? '{"type":' : ',{"type":').jString(im.type);
    out.jRaw(',"uri":').jString(im.uri);
    out.jRaw(',"uri150":').jString(im.uri150);
    out.jRaw(',"resource_url":').jString(im.uri);
    out.jRaw(',"height":').jInt(im.height);
    out.jRaw(',"width":').jInt(im.width);
    out.jRaw('}');
  }
  out.jRaw(']');
}

function tracks(out: JsonWriter, list: readonly Track[]): void {
  out.jRaw('[');
  for (let i = 0; i < list.length; i++) {
    const t = list[i]!;
    out.jRaw(i === 0 ? '{"position":' : ',{"position":').jString(t.position);
    out.jRaw(',"type_":').jString(t.type);
    out.jRaw(',"title":').jString(t.title);
    out.jRaw(',"duration":').jString(t.duration);
    if (t.artists.length) {
      out.jRaw(',"artists":');
      credits(out, t.artists);
    }
    if (t.extraartists.length) {
      out.jRaw(',"extraartists":');
      credits(out, t.extraartists);
    }
    if (t.subTracks.length) {
      out.jRaw(',"sub_tracks":');
      tracks(out, t.subTracks);
    }
    out.jRaw('}');
  }
  out.jRaw(']');
}

/** The thumbnail of a list of images: the primary image's, else the first's, else ''. */
export function thumbOf(list: readonly Image[]): string {
  return (list.find((i) => i.type === 'primary') ?? list[0])?.uri150 ?? '';
}

const slot = (name: keyof typeof SLOTS): string => `${SLOT}${SLOTS[name]}`;

/** Writes the template of a release's document (see the top of this module). */
export function writeReleaseTemplate(out: JsonWriter, r: Release): void {
  out.jRaw('{"id":').jInt(r.id);
  out.jRaw(',"status":').jString(r.status);
  out.jRaw(',"year":').jInt(releaseYear(r.released));
  out.jRaw(',"resource_url":');
  slotted(out, SLOTS.apiBase, `/releases/${r.id}`);
  out.jRaw(',"uri":');
  slotted(out, SLOTS.webBase, webPath('release', r.id, `${r.artists.map((a) => a.anv || a.name).join(' ')} ${r.title}`));
  out.jRaw(',"artists":');
  credits(out, r.artists);
  out.jRaw(',"artists_sort":').jString(sortCreditLine(r.artists));
  out.jRaw(',"labels":');
  entities(out, r.labels);
  out.jRaw(',"series":');
  entities(out, r.series);
  out.jRaw(',"companies":');
  entities(out, r.companies);
  out.jRaw(',"formats":');
  formats(out, r.formats);
  out.jRaw(',"data_quality":').jString(r.dataQuality);
  out.jRaw(`,"community":{"have":${slot('have')},"want":${slot('want')}`);
  out.jRaw(`,"rating":{"count":${slot('ratingCount')},"average":${slot('ratingAverage')}}`);
  out.jRaw(`,${slot('people')},"data_quality":`).jString(r.dataQuality);
  out.jRaw(',"status":').jString(r.status);
  out.jRaw('},"format_quantity":').jInt(formatQuantity(r.formats));
  out.jRaw(`,"date_added":${slot('dateAdded')},"date_changed":${slot('dateChanged')}`);
  out.jRaw(`,"num_for_sale":${slot('numForSale')},"lowest_price":${slot('lowestPrice')}`);
  if (r.masterId) {
    out.jRaw(',"master_id":').jInt(r.masterId);
    out.jRaw(',"master_url":');
    slotted(out, SLOTS.apiBase, `/masters/${r.masterId}`);
  }
  out.jRaw(',"title":').jString(r.title);
  out.jRaw(',"country":').jString(r.country);
  out.jRaw(',"released":').jString(r.released);
  out.jRaw(`,"notes":${slot('notes')}`).jString(r.notes);
  out.jRaw(',"released_formatted":').jString(formatReleased(r.released));
  out.jRaw(',"identifiers":');
  identifiers(out, r.identifiers);
  out.jRaw(',"videos":');
  videos(out, r.videos);
  out.jRaw(',"genres":');
  strings(out, r.genres);
  out.jRaw(',"styles":');
  strings(out, r.styles);
  out.jRaw(',"tracklist":');
  tracks(out, r.tracklist);
  out.jRaw(',"extraartists":');
  credits(out, r.extraartists);
  // Image URLs depend on the caller (and on the image store): the template holds them empty, after a marker.
  const blank = r.images.map((im) => ({ ...im, uri: '', uri150: '' }));
  out.jRaw(`,"images":${slot('images')}`);
  writeImages(out, blank);
  out.jRaw(`,"thumb":${slot('thumb')}`).jString(thumbOf(blank));
  out.jRaw(',"estimated_weight":').jInt(estimatedWeight(r.formats));
  out.jRaw(',"blocked_from_sale":false}');
}

/** The template of a release's document, as a string. */
export function releaseTemplate(r: Release): string {
  const out = new JsonText();
  writeReleaseTemplate(out, r);
  return out.text;
}

/**
 * What fills a template's slots, each as JSON text (`apiBase` and `webBase` as a string's escaped content, without
 * quotes); `notes` is the JSON string that replaces the stored notes, or undefined to keep them.
 */
export interface SlotValues {
  readonly apiBase: string;
  readonly webBase: string;
  readonly have: string;
  readonly want: string;
  readonly ratingCount: string;
  readonly ratingAverage: string;
  readonly dateAdded: string;
  readonly dateChanged: string;
  readonly numForSale: string;
  readonly lowestPrice: string;
  /** `"submitter":…,"contributors":[…]`: the two keys and their values. */
  readonly people: string;
  readonly notes?: string;
  /** The JSON array that replaces the stored (link-less) images, or undefined to keep them. */
  readonly images?: string;
  /** The JSON string that replaces the stored (empty) thumb, or undefined to keep it. */
  readonly thumb?: string;
}

const CODE = (letter: string): number => letter.charCodeAt(0);
const B = CODE(SLOTS.apiBase);
const W = CODE(SLOTS.webBase);
const H = CODE(SLOTS.have);
const V = CODE(SLOTS.want);
const C = CODE(SLOTS.ratingCount);
const R = CODE(SLOTS.ratingAverage);
const A = CODE(SLOTS.dateAdded);
const D = CODE(SLOTS.dateChanged);
const S = CODE(SLOTS.numForSale);
const P = CODE(SLOTS.lowestPrice);
const N = CODE(SLOTS.notes);
const G = CODE(SLOTS.images);
const T = CODE(SLOTS.thumb);
const U = CODE(SLOTS.people);

/** Where the JSON string starting at `from` (its opening quote) ends: just after its closing quote. */
function endOfString(text: string, from: number): number {
  let i = from + 1;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 34) return i + 1;
    if (c === 92) i += 2;
    else if (Number.isNaN(c)) throw new Error('a template ends inside a string');
    else i++;
  }
}

/** Where the JSON array starting at `from` (its `[`) ends: just after its `]` (strings and nesting respected). */
function endOfArray(text: string, from: number): number {
  let depth = 0;
  let i = from;
  for (;;) {
    const c = text.charCodeAt(i);
    if (Number.isNaN(c)) throw new Error('a template ends inside an array');
    if (c === 34) {
      i = endOfString(text, i);
      continue;
    }
    if (c === 91 || c === 123) depth++;
    else if (c === 93 || c === 125) {
      depth--;
      if (depth === 0) return i + 1;
    }
    i++;
  }
}

/** The release's image objects as its template holds them (URLs empty): what the caller's links are made for. */
export function templateImages(template: string): Image[] {
  const marker = `"images":${slot('images')}`;
  const at = template.indexOf(marker);
  if (at === -1) return [];
  const from = at + marker.length;
  const list = JSON.parse(template.slice(from, endOfArray(template, from))) as Json[];
  return list.map((i) => ({ type: str(i.type) as Image['type'], uri: '', uri150: '', width: num(i.width), height: num(i.height) }));
}

/** The document: the template with every slot filled. */
export function fillTemplate(template: string, values: SlotValues): string {
  let out = '';
  let from = 0;
  for (let at = template.indexOf(SLOT); at !== -1; at = template.indexOf(SLOT, from)) {
    out += template.slice(from, at);
    from = at + 2;
    switch (template.charCodeAt(at + 1)) {
      case B:
        out += values.apiBase;
        break;
      case W:
        out += values.webBase;
        break;
      case H:
        out += values.have;
        break;
      case V:
        out += values.want;
        break;
      case C:
        out += values.ratingCount;
        break;
      case R:
        out += values.ratingAverage;
        break;
      case A:
        out += values.dateAdded;
        break;
      case D:
        out += values.dateChanged;
        break;
      case S:
        out += values.numForSale;
        break;
      case P:
        out += values.lowestPrice;
        break;
      case U:
        out += values.people;
        break;
      case N:
        if (values.notes !== undefined) {
          out += values.notes;
          from = endOfString(template, from);
        }
        break;
      case G:
        if (values.images !== undefined) {
          out += values.images;
          from = endOfArray(template, from);
        }
        break;
      case T:
        if (values.thumb !== undefined) {
          out += values.thumb;
          from = endOfString(template, from);
        }
        break;
      default:
        throw new Error(`unknown slot ${JSON.stringify(template.slice(at, at + 2))} in a template`);
    }
  }
  return out + template.slice(from);
}

/** The release's notes as stored (in markup), read from its template. */
export function templateNotes(template: string): string {
  const marker = `"notes":${slot('notes')}`;
  const at = template.indexOf(marker);
  if (at === -1) throw new Error('a release template without notes');
  const from = at + marker.length;
  return JSON.parse(template.slice(from, endOfString(template, from))) as string;
}

type Json = Record<string, unknown>;
const list = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);

function creditOf(c: Json): ArtistCredit {
  return { id: num(c.id), name: str(c.name), anv: str(c.anv), join: str(c.join), role: str(c.role), tracks: str(c.tracks) };
}

function entityOf(e: Json): ReleaseEntity {
  return {
    id: num(e.id),
    name: str(e.name),
    catno: str(e.catno),
    entityType: str(e.entity_type),
    entityTypeName: str(e.entity_type_name),
  };
}

function trackOf(t: Json): Track {
  return {
    position: str(t.position),
    type: str(t.type_) as Track['type'],
    title: str(t.title),
    duration: str(t.duration),
    artists: list(t.artists).map(creditOf),
    extraartists: list(t.extraartists).map(creditOf),
    subTracks: list(t.sub_tracks).map(trackOf),
  };
}

/** Template text with its slots emptied (inside strings) or made null (values), so that it parses as JSON. */
function emptySlots(template: string): string {
  return template.replace(/\u0001([A-Z])/g, (_, letter: string) =>
    letter === SLOTS.people
      ? '"submitter":null,"contributors":[]'
      : letter === SLOTS.apiBase || letter === SLOTS.webBase || letter === SLOTS.notes || letter === SLOTS.images || letter === SLOTS.thumb
      ? ''
      : 'null',
  );
}

/**
 * The tracklist of the release a template was written from, read from the template's `tracklist` alone (what a
 * master's page shows of its main release): the same tracks as `releaseOfTemplate(template).tracklist`.
 */
export function templateTracklist(template: string): Track[] {
  // The first `"tracklist":` is the document's own key: inside its strings, quotes are escaped.
  const marker = '"tracklist":';
  const at = template.indexOf(marker);
  if (at === -1) return [];
  const from = at + marker.length;
  return list(JSON.parse(emptySlots(template.slice(from, endOfArray(template, from))))).map(trackOf);
}

/**
 * The release a template was written from (`isMainRelease` is not part of the document: the row's column gives it).
 * `writeReleaseTemplate` then `releaseOfTemplate` gives back the same release.
 */
export function releaseOfTemplate(template: string, isMainRelease: boolean): Release {
  const d = JSON.parse(emptySlots(template)) as Json;
  return {
    id: num(d.id),
    status: str(d.status),
    title: str(d.title),
    artists: list(d.artists).map(creditOf),
    extraartists: list(d.extraartists).map(creditOf),
    labels: list(d.labels).map(entityOf),
    series: list(d.series).map(entityOf),
    companies: list(d.companies).map(entityOf),
    formats: list(d.formats).map((f) => ({
      name: str(f.name),
      qty: str(f.qty),
      text: str(f.text),
      descriptions: list(f.descriptions).map(str),
    })),
    genres: list(d.genres).map(str),
    styles: list(d.styles).map(str),
    country: str(d.country),
    released: str(d.released),
    notes: str(d.notes),
    dataQuality: str(d.data_quality),
    masterId: typeof d.master_id === 'number' ? d.master_id : null,
    isMainRelease,
    tracklist: list(d.tracklist).map(trackOf),
    identifiers: list(d.identifiers).map((i) => ({ type: str(i.type), value: str(i.value), description: str(i.description) })),
    videos: list(d.videos).map((v) => ({
      uri: str(v.uri),
      title: str(v.title),
      description: str(v.description),
      duration: num(v.duration),
      embed: v.embed === true,
    })),
    images: list(d.images).map((i) => ({
      type: str(i.type) as Image['type'],
      uri: str(i.uri),
      uri150: str(i.uri150),
      width: num(i.width),
      height: num(i.height),
    })),
  };
}
