import { threadId } from 'node:worker_threads';
import type { Artist } from '../../../domain/catalogue/artist.js';
import type { ArtistCredit } from '../../../domain/catalogue/credit.js';
import type { Label } from '../../../domain/catalogue/label.js';
import type { Master } from '../../../domain/catalogue/master.js';
import { releaseYear } from '../../../domain/catalogue/release-summary.js';
import type { Release } from '../../../domain/catalogue/release.js';
import {
  allTracks,
  clipToken,
  codeOf,
  EVERY_RECORD,
  FIELD_PREFIXES,
  GRADE,
  isVocabularyWord,
  resultTitle,
  searchTokens,
  titleTokenOf,
  WORD_PREFIX,
  type SearchField,
} from '../../../domain/catalogue/search-facts.js';

/**
 * Where a record's posting tokens go: each token once per occurrence with a grade (the record's grade of a token is
 * the best it is given), and each vocabulary word once per occurrence.
 */
export interface PostingSink {
  /** `token` is a number of the tokenizer's `TokenTable`. */
  posting(token: number, grade: number): void;
  /** `word` is a number of the tokenizer's `TokenTable` too (the word itself, unprefixed). */
  vocabulary(word: number): void;
}

/** The fields of `FIELD_PREFIXES` by number, and each field's number. */
const FIELDS = Object.keys(FIELD_PREFIXES) as SearchField[];
const FIELD = Object.fromEntries(FIELDS.map((f, i) => [f, i])) as Record<SearchField, number>;
const NO_FIELD = -1;
/** Grade 0 (D) for field and special tokens. */
const D = GRADE.D;

/** The hash of a token's UTF-16 units (FNV-1a), as the import's writer finds tokens again by it. */
export function tokenHash(token: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) h = Math.imul(h ^ token.charCodeAt(i), 0x01000193);
  return h | 0;
}

/**
 * A tokenizer's tokens as the import's writer reads them (see `PostingAccumulator`), in memory shared with it: each
 * token's UTF-8 bytes, one after the other (`ends`: where each ends, by number), and its hash (`tokenHash`). The
 * numbers are the tokenizer's; they hold for `generation` of `source` (one tokenizer of the process) only. What a
 * table held is never written again: tokens are added after the last one, and a table that grows, or is emptied,
 * moves to new memory, so a run of records sent earlier keeps reading the tokens it refers to.
 */
export interface SharedTokens {
  readonly source: number;
  readonly generation: number;
  readonly bytes: Uint8Array;
  readonly ends: Int32Array;
  readonly hashes: Int32Array;
}

/** Each tokenizer of the process has a source number of its own (its thread's id, then a count). */
let tokenizers = 0;
const nextSource = (): number => threadId * 2 ** 24 + (tokenizers++ % 2 ** 24);

/**
 * The tokens a tokenizer has made, by number: their text, UTF-8 bytes and hash (the bytes and hashes in shared
 * memory, see `SharedTokens`). Bounded: when full it is emptied (`clear`), and what it held is made again when met
 * again.
 */
export class TokenTable {
  readonly texts: string[] = [];
  private readonly index = new Map<string, number>();
  readonly source = nextSource();
  /** Which filling of the table this is: a new one after each `clear`. */
  generation = 0;
  private bytes: Buffer;
  private ends: Int32Array;
  private hashTable: Int32Array;
  private used = 0;

  constructor(readonly capacity = 1 << 17) {
    this.bytes = sharedBytes(1 << 14);
    this.ends = sharedInts(1 << 10);
    this.hashTable = sharedInts(1 << 10);
  }

  get size(): number {
    return this.texts.length;
  }

  /** Each token's hash, by number. */
  get hashes(): Int32Array {
    return this.hashTable.subarray(0, this.texts.length);
  }

  /** The number of a token, made when new. */
  number(token: string): number {
    let n = this.index.get(token);
    if (n === undefined) {
      n = this.texts.length;
      this.index.set(token, n);
      this.texts.push(token);
      if (n === this.ends.length) {
        this.ends = sharedCopy(this.ends, n * 2);
        this.hashTable = sharedCopy(this.hashTable, n * 2);
      }
      if (this.used + token.length * 3 > this.bytes.length) {
        const bytes = sharedBytes(Math.max(this.bytes.length * 2, this.used + token.length * 3));
        this.bytes.copy(bytes, 0, 0, this.used);
        this.bytes = bytes;
      }
      this.used += this.bytes.write(token, this.used, 'utf8');
      this.ends[n] = this.used;
      this.hashTable[n] = tokenHash(token);
    }
    return n;
  }

  get full(): boolean {
    return this.texts.length >= this.capacity;
  }

  /** The tokens made so far, as the writer reads them (views of the shared memory, which stays as it is). */
  shared(): SharedTokens {
    const n = this.texts.length;
    return {
      source: this.source,
      generation: this.generation,
      bytes: this.bytes.subarray(0, this.used),
      ends: this.ends.subarray(0, n),
      hashes: this.hashTable.subarray(0, n),
    };
  }

  clear(): void {
    this.texts.length = 0;
    this.index.clear();
    this.generation++;
    // New memory: runs sent before may still be read from the old one.
    this.bytes = sharedBytes(this.bytes.length);
    this.ends = sharedInts(this.ends.length);
    this.hashTable = sharedInts(this.hashTable.length);
    this.used = 0;
  }
}

const sharedBytes = (n: number): Buffer => Buffer.from(new SharedArrayBuffer(n));
const sharedInts = (n: number): Int32Array => new Int32Array(new SharedArrayBuffer(n * 4));
function sharedCopy(values: Int32Array, length: number): Int32Array {
  const copy = sharedInts(length);
  copy.set(values);
  return copy;
}

/**
 * A folded word a tokenizer has met, with the numbers of what it makes: its word token (`w:` and its stem), itself as
 * a vocabulary word (-1 until made; -2: not a vocabulary word), and its tokens under each field prefix (in the
 * tokenizer's `fieldTokens`, from `fields` on).
 */
interface Word {
  readonly text: string;
  wordToken: number;
  vocabulary: number;
  readonly fields: number;
}

const LOWER_A = 97;
const LOWER_Z = 122;
const UPPER_A = 65;
const UPPER_Z = 90;
const DIGIT_0 = 48;
const DIGIT_9 = 57;

/**
 * Makes the posting tokens of catalogue records for the import's workers: the same tokens and grades as the domain's
 * `postingTokens` and `vocabularyWords` over the record's `SearchFacts` (a test compares them over every fixture
 * record), without building those facts. Each text is read once, character by character: a word of plain ASCII is
 * found in a table of the words met so far by a hash of its folded characters, without making a string, and the
 * tokens it makes (its stem, its field tokens) are numbers remembered with it; a text with other characters goes
 * through `searchTokens`. The tables are bounded and emptied when full.
 */
export class PostingTokenizer {
  /**
   * A worker's tables at their fullest hold 15–25 MB of its heap (words, their stems and field tokens): 32,768 words
   * and 65,536 tokens keep both workers' together inside the import's memory limit (issue 6); twice as many were no
   * faster on the benchmark's dumps.
   */
  readonly tokens: TokenTable;
  /** Open addressing by hash: the word at each slot (or undefined), and its hash. */
  private slots: (Word | undefined)[];
  private slotHashes: Int32Array;
  private words = 0;
  /** Per word, its token under each field (-1 until made). */
  private fieldTokens: Int32Array;
  private readonly fieldPrefixes = FIELDS.map((f) => FIELD_PREFIXES[f]);
  private sink: PostingSink | undefined;
  private everyRecord: number;
  /** The words of names met (see `name`), by text; emptied with the tables, or when it holds `nameCapacity`. */
  private readonly names = new Map<string, Word[]>();
  private readonly nameCapacity: number;

  constructor(
    private readonly stem: (word: string) => string,
    private readonly wordCapacity = 1 << 15,
  ) {
    this.tokens = new TokenTable(wordCapacity * 2);
    this.slots = new Array<Word | undefined>(wordCapacity * 2);
    this.slotHashes = new Int32Array(wordCapacity * 2);
    this.fieldTokens = new Int32Array(wordsRoom(this.slots.length) * FIELDS.length);
    this.everyRecord = this.tokens.number(EVERY_RECORD);
    this.nameCapacity = wordCapacity >> 1;
  }

  /**
   * Empties the token table when it is full, and the words with it (they hold its numbers): the numbers given out
   * before are void (`TokenTable.generation` tells). The caller calls it between runs of records, once the run is
   * taken, so that a run's numbers are all of one filling of the table.
   */
  startRun(): void {
    if (!this.tokens.full) return;
    this.tokens.clear();
    this.everyRecord = this.tokens.number(EVERY_RECORD);
    this.clearWords();
  }

  /** Empties the words (not the tokens) before a record when they are full. */
  private roomForRecord(): void {
    if (this.words >= this.wordCapacity) this.clearWords();
  }

  private clearWords(): void {
    this.slots = new Array<Word | undefined>(this.wordCapacity * 2);
    this.slotHashes.fill(0);
    this.words = 0;
    this.names.clear();
  }

  release(r: Release, sink: PostingSink): void {
    this.begin(sink);
    const A = GRADE.A;
    const B = GRADE.B;
    const C = GRADE.C;
    this.text(r.title, A, NO_FIELD, NO_FIELD);
    for (const a of r.artists) this.artistCredit(a, B, true);
    const tracks = allTracks(r.tracklist);
    for (const t of tracks) for (const a of t.artists) this.artistCredit(a, B, true);
    for (const a of r.extraartists) {
      this.name(a.name, D, FIELD.credit, NO_FIELD);
      this.name(a.anv, D, FIELD.credit, FIELD.anv);
    }
    for (const t of tracks) {
      for (const a of t.extraartists) {
        this.name(a.name, D, FIELD.credit, NO_FIELD);
        this.name(a.anv, D, FIELD.credit, NO_FIELD);
      }
    }
    for (const l of r.labels) {
      this.name(l.name, C, FIELD.label, NO_FIELD);
      this.text(l.catno, C, NO_FIELD, NO_FIELD);
      this.code(FIELD.catno, l.catno);
    }
    for (const g of r.genres) this.name(g, D, FIELD.genre, NO_FIELD);
    for (const s of r.styles) this.name(s, D, FIELD.style, NO_FIELD);
    for (const f of r.formats) {
      this.name(f.name, D, FIELD.format, NO_FIELD);
      this.name(f.text, D, FIELD.format, NO_FIELD);
      for (const d of f.descriptions) this.name(d, D, FIELD.format, NO_FIELD);
    }
    this.name(r.country, D, FIELD.country, NO_FIELD);
    const year = releaseYear(r.released);
    if (year > 0) this.name(String(year), D, FIELD.year, NO_FIELD);
    for (const t of tracks) this.text(t.title, D, FIELD.track, NO_FIELD);
    for (const i of r.identifiers) {
      if (i.type !== 'Barcode') continue;
      const barcode = i.value.trim();
      this.text(barcode, D, NO_FIELD, NO_FIELD);
      this.code(FIELD.barcode, barcode);
    }
    this.end(resultTitle(r.artists, r.title));
  }

  master(m: Master, sink: PostingSink): void {
    this.begin(sink);
    this.text(m.title, GRADE.A, NO_FIELD, NO_FIELD);
    for (const a of m.artists) this.artistCredit(a, GRADE.B, true);
    for (const g of m.genres) this.name(g, D, FIELD.genre, NO_FIELD);
    for (const s of m.styles) this.name(s, D, FIELD.style, NO_FIELD);
    if (m.year > 0) this.name(String(m.year), D, FIELD.year, NO_FIELD);
    this.end(resultTitle(m.artists, m.title));
  }

  artist(a: Artist, sink: PostingSink): void {
    this.begin(sink);
    this.text(a.name, GRADE.A, FIELD.artist, NO_FIELD);
    this.text(a.realname, GRADE.B, NO_FIELD, NO_FIELD);
    for (const v of a.namevariations) this.text(v, GRADE.B, FIELD.anv, NO_FIELD);
    this.end(a.name);
  }

  label(l: Label, sink: PostingSink): void {
    this.begin(sink);
    this.text(l.name, GRADE.A, FIELD.label, NO_FIELD);
    this.end(l.name);
  }

  private begin(sink: PostingSink): void {
    this.roomForRecord();
    this.sink = sink;
  }

  /** The tokens every record holds: `*` and its exact-title token. */
  private end(title: string): void {
    const sink = this.sink!;
    sink.posting(this.everyRecord, D);
    const token = titleTokenOf(title);
    if (token !== '') sink.posting(this.tokens.number(token), D);
    this.sink = undefined;
  }

  /** A credit's name (artist field) and its name variation (artist and anv fields), at `grade`. */
  private artistCredit(a: ArtistCredit, grade: number, anvField: boolean): void {
    this.name(a.name, grade, FIELD.artist, NO_FIELD);
    this.name(a.anv, grade, FIELD.artist, anvField ? FIELD.anv : NO_FIELD);
  }

  private code(field: number, text: string): void {
    const code = codeOf(text);
    if (code !== '') this.sink!.posting(this.tokens.number(clipToken(this.fieldPrefixes[field]! + code)), D);
  }

  /**
   * The words of a text: each as its word token at `grade`, as a vocabulary word when the grade is A to C, and as its
   * token of `field` and `field2` (when not NO_FIELD).
   */
  private text(text: string, grade: number, field: number, field2: number): void {
    const n = text.length;
    if (n === 0) return;
    this.split(text, grade, field, field2, undefined);
  }

  /**
   * `text` for the texts of a name (an artist's, a credit's, a label's, a genre, a format…), which records share: its
   * words are remembered with it, so a text met again is not read again.
   */
  private name(text: string, grade: number, field: number, field2: number): void {
    if (text.length === 0) return;
    let words = this.names.get(text);
    if (words === undefined) {
      if (this.names.size >= this.nameCapacity) this.names.clear();
      words = [];
      this.split(text, grade, field, field2, words);
      // (A copy of the text as the key: the dump's texts are slices of the piece of the file they were read from,
      // which the table must not keep alive.)
      this.names.set(text.length < 13 ? text : (' ' + text).slice(1), words);
      return;
    }
    for (let i = 0; i < words.length; i++) this.word(words[i]!, grade, field, field2);
  }

  /** The words of a text, each given to `word` (and added to `words` when given). */
  private split(text: string, grade: number, field: number, field2: number, words: Word[] | undefined): void {
    const n = text.length;
    let start = -1;
    let hash = 0;
    let lower = true;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0x80) {
        this.slowText(text, grade, field, field2, words);
        return;
      }
      let folded = c;
      if (c >= UPPER_A && c <= UPPER_Z) {
        folded = c + 32;
        lower = false;
      } else if (!((c >= LOWER_A && c <= LOWER_Z) || (c >= DIGIT_0 && c <= DIGIT_9))) {
        if (start !== -1) {
          const w = this.asciiWord(text, start, i, hash, lower);
          words?.push(w);
          this.word(w, grade, field, field2);
          start = -1;
        }
        continue;
      }
      if (start === -1) {
        start = i;
        hash = 0x811c9dc5;
        lower = folded === c;
      }
      hash = Math.imul(hash ^ folded, 0x01000193);
    }
    if (start !== -1) {
      const w = this.asciiWord(text, start, n, hash, lower);
      words?.push(w);
      this.word(w, grade, field, field2);
    }
  }

  /** A text with characters beyond ASCII: split and folded as the domain does. */
  private slowText(text: string, grade: number, field: number, field2: number, words: Word[] | undefined): void {
    for (const t of searchTokens(text)) {
      const w = this.foundWord(t, tokenHash(t));
      words?.push(w);
      this.word(w, grade, field, field2);
    }
  }

  private word(w: Word, grade: number, field: number, field2: number): void {
    const sink = this.sink!;
    if (w.wordToken === -1) w.wordToken = this.tokens.number(WORD_PREFIX + this.stem(clipToken(w.text)));
    sink.posting(w.wordToken, grade);
    if (grade > D) {
      if (w.vocabulary === -1) w.vocabulary = isVocabularyWord(w.text) ? this.tokens.number(w.text) : -2;
      if (w.vocabulary >= 0) sink.vocabulary(w.vocabulary);
    }
    if (field !== NO_FIELD) sink.posting(this.fieldToken(w, field), D);
    if (field2 !== NO_FIELD) sink.posting(this.fieldToken(w, field2), D);
  }

  private fieldToken(w: Word, field: number): number {
    const at = w.fields + field;
    let t = this.fieldTokens[at]!;
    if (t === -1) t = this.fieldTokens[at] = this.tokens.number(clipToken(this.fieldPrefixes[field]! + w.text));
    return t;
  }

  /** The word of ASCII `text[start, end)`, folded (lower case), found by its hash or made. */
  private asciiWord(text: string, start: number, end: number, hash: number, lower: boolean): Word {
    const mask = this.slots.length - 1;
    const length = end - start;
    for (let s = hash & mask; ; s = (s + 1) & mask) {
      const w = this.slots[s];
      if (w === undefined) {
        const slice = text.slice(start, end);
        return this.put(s, hash, lower ? slice : slice.toLowerCase());
      }
      if (this.slotHashes[s] !== hash || w.text.length !== length) continue;
      const t = w.text;
      let i = 0;
      for (; i < length; i++) {
        let c = text.charCodeAt(start + i);
        if (c >= UPPER_A && c <= UPPER_Z) c += 32;
        if (c !== t.charCodeAt(i)) break;
      }
      if (i === length) return w;
    }
  }

  /** A folded word given as a string, found by its hash or made. */
  private foundWord(word: string, hash: number): Word {
    const mask = this.slots.length - 1;
    for (let s = hash & mask; ; s = (s + 1) & mask) {
      const w = this.slots[s];
      if (w === undefined) return this.put(s, hash, word);
      if (this.slotHashes[s] === hash && w.text === word) return w;
    }
  }

  private put(slot: number, hash: number, text: string): Word {
    // The table is emptied before a record when half its slots are taken; a record with more new words than the
    // other quarter (one never seen: tens of thousands of tracks) grows it.
    if (this.words >= wordsRoom(this.slots.length)) return this.grow(text, hash);
    const fields = this.words * FIELDS.length;
    this.fieldTokens.fill(-1, fields, fields + FIELDS.length);
    const w: Word = { text, wordToken: -1, vocabulary: -1, fields };
    this.slots[slot] = w;
    this.slotHashes[slot] = hash;
    this.words++;
    return w;
  }
  /** Doubles the table (the words move to their slots in the larger one), then adds `text`. */
  private grow(text: string, hash: number): Word {
    const old = this.slots;
    const oldHashes = this.slotHashes;
    this.slots = new Array<Word | undefined>(old.length * 2);
    this.slotHashes = new Int32Array(old.length * 2);
    const room = wordsRoom(this.slots.length) * FIELDS.length;
    if (this.fieldTokens.length < room) {
      // Kept at its size when the table is emptied: a grown table is likely to grow again.
      const fieldTokens = new Int32Array(room);
      fieldTokens.set(this.fieldTokens);
      this.fieldTokens = fieldTokens;
    }
    const mask = this.slots.length - 1;
    for (let s = 0; s < old.length; s++) {
      const w = old[s];
      if (w === undefined) continue;
      let t = oldHashes[s]! & mask;
      while (this.slots[t] !== undefined) t = (t + 1) & mask;
      this.slots[t] = w;
      this.slotHashes[t] = oldHashes[s]!;
    }
    return this.foundWord(text, hash);
  }
}

/** How many words a table of `slots` slots holds before it grows (three quarters). */
function wordsRoom(slots: number): number {
  return (slots >> 2) * 3;
}
