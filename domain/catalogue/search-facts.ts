import type { Artist } from './artist.js';
import { creditLine, type ArtistCredit } from './credit.js';
import type { Label } from './label.js';
import type { Master } from './master.js';
import { majorFormats, releaseYear } from './release-summary.js';
import type { Format, Release, Track } from './release.js';
import { webPath } from './slug.js';

/*
 * What database search knows of a catalogue record: its words, graded by where they come from, the tokens of each
 * field a search may filter on, and the values a search result shows. Written once per record by the import (beside
 * the record, in the same transaction) and read by the search adapter; the same folding and tokenising apply to the
 * records here and to the queries (`foldText`, `searchTokens`, `codeOf`), so the two always meet.
 */

/** The four kinds of record a search finds, as the API names them (`type`). */
export const SEARCH_KINDS = ['release', 'master', 'artist', 'label'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/**
 * The fields a search may filter on, each with the prefix its tokens carry in `SearchFacts.terms`: a field filter
 * matches a record holding every token of the value under that prefix (`label=Warp Records` → `lb:warp`, `lb:records`).
 * `catno` and `barcode` are whole codes (`codeOf`): `cn:wap114` for "WAP 114", "WAP-114" or "wap114".
 */
export const FIELD_PREFIXES = {
  artist: 'ar:',
  anv: 'an:',
  credit: 'cr:',
  label: 'lb:',
  genre: 'gn:',
  style: 'st:',
  country: 'co:',
  year: 'yr:',
  format: 'fm:',
  track: 'tr:',
  catno: 'cn:',
  barcode: 'bc:',
} as const;
export type SearchField = keyof typeof FIELD_PREFIXES;

/** The values a search result shows of a record (everything but the links and the community figures). */
export interface SearchResultFacts {
  readonly title: string;
  readonly year: string;
  readonly country: string;
  readonly format: readonly string[];
  readonly label: readonly string[];
  readonly genre: readonly string[];
  readonly style: readonly string[];
  readonly catno: string;
  /** Releases, and masters (their main release's). */
  readonly barcode?: readonly string[];
  /** Releases only: the formats as the release lists them. */
  readonly formats?: readonly Format[];
  /** Releases and masters: the master (a master's own id), null for a release without one. */
  readonly masterId?: number | null;
  readonly thumb: string;
  /** The web page's path (`/release/1-The-Persuader-Stockholm`). */
  readonly uri: string;
}

/** What a record's search entry stores: the record, its community figures' release and its result's values. */
export interface SearchEntryFacts {
  readonly kind: SearchKind;
  readonly id: number;
  /** The release whose collection and wantlist counts are the record's community figures (a master's main release). */
  readonly communityRelease: number | null;
  readonly result: SearchResultFacts;
}

export interface SearchFacts extends SearchEntryFacts {
  /** The record's title as results show it, as `titleKey` compares it: what an exact-title query equals. */
  readonly title: string;
  /**
   * The record's words (`searchTokens`: folded, unstemmed) in four grades of weight: A the title (a record's own
   * name), B its artists (and an artist's other names), C labels and catalogue numbers, D everything else a free
   * query may meet (genres, styles, formats, country, year, tracks, credits, barcodes). A word may repeat.
   */
  readonly words: readonly [readonly string[], readonly string[], readonly string[], readonly string[]];
  /** The field tokens (see `FIELD_PREFIXES`), each once. */
  readonly terms: readonly string[];
}

/** Letters that compatibility decomposition leaves whole, written as a reader would type them. */
const LETTERS: Readonly<Record<string, string>> = {
  ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', đ: 'd', ð: 'd', þ: 'th', ł: 'l', ı: 'i', ħ: 'h', ŧ: 't', ŋ: 'n',
};
const SPECIAL_LETTERS = /[øæœßđðþłıħŧŋ]/g;
const MARKS = /\p{M}+/gu;
const NOT_ASCII = /[^\x00-\x7f]/;

/** Lower-cased, accents and other marks removed, ligatures spread (`Björk` → `bjork`, `Æther` → `aether`). */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  if (!NOT_ASCII.test(lower)) return lower;
  return lower.normalize('NFKD').replace(MARKS, '').replace(SPECIAL_LETTERS, (c) => LETTERS[c]!);
}

const SEPARATORS = /[^\p{L}\p{N}]+/u;

/** The words of a text, folded: runs of letters and digits of any script. */
export function searchTokens(text: string): string[] {
  return foldText(text).split(SEPARATORS).filter((t) => t !== '');
}

/** A catalogue number or barcode as one comparable code: folded, without spaces or punctuation (`WAP-114` → `wap114`). */
export function codeOf(text: string): string {
  // (ASCII text, most codes, by a plain expression: its letters and digits are a–z and 0–9 once lower-cased.)
  if (!NOT_ASCII.test(text)) return text.toLowerCase().replace(NOT_ASCII_LETTER_OR_DIGIT, '');
  return foldText(text).replace(/[^\p{L}\p{N}]+/gu, '');
}
const NOT_ASCII_LETTER_OR_DIGIT = /[^a-z0-9]+/g;

/** A text as an exact title compares it: its words (`searchTokens`) joined by single spaces. */
export function titleKey(text: string): string {
  return searchTokens(text).join(' ');
}

/*
 * Posting tokens: what a record is found by, each with a grade. The search index keeps, per token, the records that
 * hold it (see ADR 0017); the same tokens are made from a question's words, so the two meet.
 */

/** The grades of a word token, best first, and what each weighs in a relevance score (A 8, B 4, C 2, D 1). */
export const GRADE = { A: 3, B: 2, C: 1, D: 0 } as const;
export type Grade = (typeof GRADE)[keyof typeof GRADE];
/** The weight of a grade in a relevance score: 8, 4, 2, 1 for A, B, C, D. */
export const gradeWeight = (grade: number): number => 1 << grade;
/** The prefix of word tokens (`w:` and the word's stem), so that no word collides with a field or special token. */
export const WORD_PREFIX = 'w:';
/** The token every record of a kind holds: what a question with no words or fields finds. */
export const EVERY_RECORD = '*';
/** Longer words are cut to this many characters when they become tokens (at import and in questions alike). */
export const MAX_TOKEN_LENGTH = 100;
/** A word or field token as long as a token may be. */
export const clipToken = (token: string): string => (token.length > MAX_TOKEN_LENGTH ? token.slice(0, MAX_TOKEN_LENGTH) : token);
/** The prefix of a record's exact-title token (`titleToken`). */
export const TITLE_PREFIX = 'ti:';

/**
 * The exact-title token of a title key (`titleKey`): `ti:` and a 52-bit hash of it in base 36, short enough to keep
 * one per record, long enough that two different titles rarely share one (a collision only adds the exact-title
 * score to a record that matched the question's words anyway).
 */
export function titleToken(key: string): string {
  let h1 = TITLE_HASH_START;
  let h2 = titleHash2Start(key.length);
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    h1 = titleHash1(h1, c);
    h2 = titleHash2(h2, c);
  }
  return titleTokenOfHashes(h1, h2);
}

// The title token's hash: FNV-1a over the key's UTF-16 code units, twice with different offsets and primes (the
// second starting from the key's length), folded into 52 bits.
const TITLE_HASH_START = 0x811c9dc5;
const titleHash2Start = (keyLength: number): number => 0x01000193 ^ keyLength;
const titleHash1 = (h: number, c: number): number => Math.imul(h ^ c, 0x01000193) >>> 0;
const titleHash2 = (h: number, c: number): number => Math.imul(h ^ c, 0x5bd1e995) >>> 0;
const titleTokenOfHashes = (h1: number, h2: number): string => TITLE_PREFIX + ((h2 & 0xfffff) * 0x100000000 + h1).toString(36);

/**
 * The exact-title token of a text, `titleToken(titleKey(text))`, or '' when its key is '' (no letters or digits):
 * for a text of ASCII characters (most titles) hashed as it is read, without making the key.
 */
export function titleTokenOf(text: string): string {
  // The key's length first (its hash starts from it): its letters and digits, and a space between two words.
  let length = 0;
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) {
      const key = titleKey(text);
      return key === '' ? '' : titleToken(key);
    }
    if (isAsciiLetterOrDigit(c)) {
      if (!inWord) words++;
      inWord = true;
      length++;
    } else inWord = false;
  }
  if (words === 0) return '';
  let h1 = TITLE_HASH_START;
  let h2 = titleHash2Start(length + words - 1);
  let started = false;
  inWord = false;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (!isAsciiLetterOrDigit(c)) {
      inWord = false;
      continue;
    }
    if (!inWord && started) {
      // The space between two words of the key.
      h1 = titleHash1(h1, 32);
      h2 = titleHash2(h2, 32);
    }
    inWord = started = true;
    if (c <= 90 && c >= 65) c += 32;
    h1 = titleHash1(h1, c);
    h2 = titleHash2(h2, c);
  }
  return titleTokenOfHashes(h1, h2);
}

const isAsciiLetterOrDigit = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);

/** A word's token: `WORD_PREFIX` and the stem of the word (cut to `MAX_TOKEN_LENGTH`). */
export const wordToken = (word: string, stem: (word: string) => string): string => WORD_PREFIX + stem(clipToken(word));

/**
 * Calls `emit` with each posting token of a record and a grade: every word of the four grades as its token
 * (`tokenOf(word)`, which must equal `wordToken(word, stem)`: a caller may remember them), once per occurrence with
 * the grade of where it occurs (a record's grade of a token is the best it is emitted with: A > B > C > D); the field
 * tokens (`terms`), `EVERY_RECORD` and the exact-title token, grade 0 (D). Stop words are kept.
 */
export function forEachPostingToken(
  f: SearchFacts,
  tokenOf: (word: string) => string,
  emit: (token: string, grade: number) => void,
): void {
  for (let g = 0; g < 4; g++) {
    const grade = 3 - g;
    for (const word of f.words[g]!) emit(tokenOf(word), grade);
  }
  for (const term of f.terms) emit(clipToken(term), 0);
  emit(EVERY_RECORD, 0);
  if (f.title !== '') emit(titleToken(f.title), 0);
}

/** The posting tokens of a record (`forEachPostingToken`) with their best grades, added to `out`. */
export function postingTokens(f: SearchFacts, stem: (word: string) => string, out: Map<string, number>): Map<string, number> {
  forEachPostingToken(
    f,
    (word) => wordToken(word, stem),
    (token, grade) => {
      const had = out.get(token);
      if (had === undefined || had < grade) out.set(token, grade);
    },
  );
  return out;
}

/**
 * The words of a record that misspelt questions are corrected against: those of grades A to C (title, artists,
 * labels and catalogue numbers) of 3 to 40 characters with a letter in them, unstemmed.
 */
export function vocabularyWords(f: SearchFacts, out: Set<string>): Set<string> {
  for (let g = 0; g < 3; g++) for (const word of f.words[g]!) if (isVocabularyWord(word)) out.add(word);
  return out;
}

/** Whether a folded word of grade A to C belongs to the vocabulary (3 to 40 characters, a letter among them). */
export const isVocabularyWord = (word: string): boolean => word.length >= 3 && word.length <= 40 && HAS_LETTER.test(word);
const HAS_LETTER = /\p{L}/u;

/** Collects the distinct field tokens of a record. */
class Terms {
  private readonly set = new Set<string>();

  words(field: SearchField, text: string): this {
    if (text === '') return this;
    const prefix = FIELD_PREFIXES[field];
    for (const t of searchTokens(text)) this.set.add(prefix + t);
    return this;
  }

  code(field: 'catno' | 'barcode', text: string): this {
    const code = codeOf(text);
    if (code !== '') this.set.add(FIELD_PREFIXES[field] + code);
    return this;
  }

  list(): string[] {
    return [...this.set];
  }
}

const join = (parts: readonly string[]): string => parts.filter((p) => p !== '').join(' ');
const distinct = (values: readonly string[]): string[] => [...new Set(values.filter((v) => v !== ''))];
const creditNames = (credits: readonly ArtistCredit[]): string[] => credits.flatMap((c) => [c.name, c.anv]);
/** The name of a page's slug, as the release and master documents write it (their artists, then the title). */
const slugName = (artists: readonly ArtistCredit[], title: string): string =>
  `${artists.map((a) => a.anv || a.name).join(' ')} ${title}`;

/** Every track and sub-track of a tracklist, depth first (added to `out`). */
export function allTracks(tracks: readonly Track[], out: Track[] = []): Track[] {
  for (const t of tracks) {
    out.push(t);
    if (t.subTracks.length > 0) allTracks(t.subTracks, out);
  }
  return out;
}

/** The title a search result shows: the artists' line and the title (the title alone without artists). */
export function resultTitle(artists: readonly ArtistCredit[], title: string): string {
  const line = creditLine(artists);
  return line === '' ? title : `${line} - ${title}`;
}

/** A release's search entry (without the words and terms its postings are made of). */
export function releaseSearchEntry(r: Release): SearchEntryFacts {
  const year = releaseYear(r.released);
  return {
    kind: 'release',
    id: r.id,
    communityRelease: r.id,
    result: {
      title: resultTitle(r.artists, r.title),
      year: year > 0 ? String(year) : '',
      country: r.country,
      format: distinct([...majorFormats(r.formats), ...r.formats.flatMap((f) => [f.text, ...f.descriptions])]),
      label: distinct(r.labels.map((l) => l.name)),
      genre: r.genres,
      style: r.styles,
      catno: r.labels[0]?.catno ?? '',
      barcode: releaseBarcodes(r),
      formats: r.formats,
      masterId: r.masterId,
      thumb: '',
      uri: webPath('release', r.id, slugName(r.artists, r.title)),
    },
  };
}

/** A release's barcodes, trimmed, each once. */
const releaseBarcodes = (r: Release): string[] => distinct(r.identifiers.filter((i) => i.type === 'Barcode').map((i) => i.value.trim()));

/** A release's search facts. */
export function releaseSearchFacts(r: Release): SearchFacts {
  const entry = releaseSearchEntry(r);
  const year = releaseYear(r.released);
  const tracks = allTracks(r.tracklist);
  const credits = [...r.extraartists, ...tracks.flatMap((t) => t.extraartists)];
  const trackArtists = tracks.flatMap((t) => t.artists);
  const barcodes = entry.result.barcode!;
  const formatWords = r.formats.flatMap((f) => [f.name, f.text, ...f.descriptions]);
  const terms = new Terms();
  for (const a of [...r.artists, ...trackArtists]) terms.words('artist', a.name).words('artist', a.anv);
  for (const a of [...r.artists, ...r.extraartists, ...trackArtists]) terms.words('anv', a.anv);
  for (const a of credits) terms.words('credit', a.name).words('credit', a.anv);
  for (const l of r.labels) terms.words('label', l.name).code('catno', l.catno);
  for (const g of r.genres) terms.words('genre', g);
  for (const s of r.styles) terms.words('style', s);
  terms.words('country', r.country);
  if (year > 0) terms.words('year', String(year));
  for (const w of formatWords) terms.words('format', w);
  for (const t of tracks) terms.words('track', t.title);
  for (const b of barcodes) terms.code('barcode', b);
  const catnos = r.labels.map((l) => l.catno);
  return {
    ...entry,
    title: titleKey(entry.result.title),
    words: [
      searchTokens(r.title),
      searchTokens(join(distinct([...creditNames(r.artists), ...creditNames(trackArtists)]))),
      searchTokens(join(distinct([...r.labels.map((l) => l.name), ...catnos]))),
      searchTokens(
        join([
          ...r.genres,
          ...r.styles,
          ...distinct(formatWords),
          r.country,
          year > 0 ? String(year) : '',
          ...tracks.map((t) => t.title),
          ...distinct(creditNames(credits)),
          ...barcodes,
        ]),
      ),
    ],
    terms: terms.list(),
  };
}

/** A master's search entry (labels, formats and country are its main release's, joined when a result is shown). */
export function masterSearchEntry(m: Master): SearchEntryFacts {
  return {
    kind: 'master',
    id: m.id,
    communityRelease: m.mainRelease > 0 ? m.mainRelease : null,
    result: {
      title: resultTitle(m.artists, m.title),
      year: m.year > 0 ? String(m.year) : '',
      country: '',
      format: [],
      label: [],
      genre: m.genres,
      style: m.styles,
      catno: '',
      masterId: m.id,
      thumb: '',
      uri: webPath('master', m.id, slugName(m.artists, m.title)),
    },
  };
}

/** A master's search facts. */
export function masterSearchFacts(m: Master): SearchFacts {
  const entry = masterSearchEntry(m);
  const terms = new Terms();
  for (const a of m.artists) terms.words('artist', a.name).words('artist', a.anv).words('anv', a.anv);
  for (const g of m.genres) terms.words('genre', g);
  for (const s of m.styles) terms.words('style', s);
  if (m.year > 0) terms.words('year', String(m.year));
  return {
    ...entry,
    title: titleKey(entry.result.title),
    words: [
      searchTokens(m.title),
      searchTokens(join(distinct(creditNames(m.artists)))),
      [],
      searchTokens(join([...m.genres, ...m.styles, m.year > 0 ? String(m.year) : ''])),
    ],
    terms: terms.list(),
  };
}

const EMPTY_RESULT = { year: '', country: '', format: [], label: [], genre: [], style: [], catno: '', thumb: '' } as const;

/** An artist's search entry. */
export function artistSearchEntry(a: Artist): SearchEntryFacts {
  return { kind: 'artist', id: a.id, communityRelease: null, result: { ...EMPTY_RESULT, title: a.name, uri: webPath('artist', a.id, a.name) } };
}

/** An artist's search facts: found by its name, real name and name variations. */
export function artistSearchFacts(a: Artist): SearchFacts {
  const terms = new Terms().words('artist', a.name);
  for (const v of a.namevariations) terms.words('anv', v);
  return {
    ...artistSearchEntry(a),
    title: titleKey(a.name),
    words: [searchTokens(a.name), searchTokens(join(distinct([a.realname, ...a.namevariations]))), [], []],
    terms: terms.list(),
  };
}

/** A label's search entry. */
export function labelSearchEntry(l: Label): SearchEntryFacts {
  return { kind: 'label', id: l.id, communityRelease: null, result: { ...EMPTY_RESULT, title: l.name, uri: webPath('label', l.id, l.name) } };
}

/** A label's search facts: found by its name. */
export function labelSearchFacts(l: Label): SearchFacts {
  return {
    ...labelSearchEntry(l),
    title: titleKey(l.name),
    words: [searchTokens(l.name), [], [], []],
    terms: new Terms().words('label', l.name).list(),
  };
}
