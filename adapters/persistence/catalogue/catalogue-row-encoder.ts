import type { DumpKind, DumpRecordOf, RecordEncoder } from '../../../application/ports/dump-reader.js';
import { releaseListing } from '../../../domain/catalogue/release-summary.js';
import { BinaryCopyBuffer } from './binary-copy-buffer.js';
import { grown } from '../../../application/search/typed-arrays.js';
import {
  writeArtistRow,
  writeLabelRow,
  writeMasterRow,
  writeReleaseArtistRows,
  writeReleaseLabelRows,
  writeReleaseRow,
  writeSearchEntryRow,
} from './catalogue-copy-rows.js';
import {
  artistSearchEntry,
  labelSearchEntry,
  masterSearchEntry,
} from '../../../domain/catalogue/search-facts.js';
import type { EncodedPostings } from '../search/posting-accumulator.js';
import { stem } from 'porter2';
import { PostingTokenizer, type PostingSink, type SharedTokens } from '../search/posting-tokenizer.js';

/**
 * Records of one kind encoded as the rows the SQL writers COPY: one row per record in `rows` (the table of the kind)
 * and, for releases, the link rows of each record in `artistLinks` and `labelLinks`. `…Ends` give where each
 * record's rows end, so that a run of records, or some of them, can be sent. `search` holds each record's
 * `search_entry` row (none for releases: a search reads a release's result from its row; `searchEnds` per record),
 * and its posting tokens (`EncodedPostings`: per record the number and grade of each token it holds, `postingEnds`
 * per record; numbers of the tokenizer's table, which the run shares with the writer as `tokenTable`, so that each
 * token's bytes cross once, not once per run), which the writer gathers into posting lists by block
 * (`PostingAccumulator`); `words` holds the distinct vocabulary words of the run (UTF-8, `wordEnds`).
 */
export interface EncodedRows extends EncodedPostings {
  readonly ids: Int32Array;
  readonly rows: Uint8Array;
  readonly rowEnds: Int32Array;
  readonly artistLinks: Uint8Array;
  readonly artistLinkEnds: Int32Array;
  readonly labelLinks: Uint8Array;
  readonly labelLinkEnds: Int32Array;
  readonly search: Uint8Array;
  readonly searchEnds: Int32Array;
  readonly words: Uint8Array;
  readonly wordEnds: Int32Array;
}

/**
 * Encodes records into rows; `take` returns what was added since the last `take`, as views of the encoder's buffers
 * that are valid until the next `add`.
 */
export interface RowEncoder {
  add(record: DumpRecordOf[DumpKind]): void;
  take(): EncodedRows;
}

/** Whether this instance of the module writes the search index: not when loaded as `WITHOUT_SEARCH`. */
const SEARCH_INDEX = new URL(import.meta.url).searchParams.get('search') !== 'off';

/** This module as the `RecordEncoder` the SQL write sessions ask readers for (loaded by workers by its URL). */
export const CATALOGUE_ROW_ENCODER: RecordEncoder = { module: import.meta.url.replace(/\?.*$/, '') };
/** The same without the search index's rows and the work of making them (`SqlWriteOptions.searchIndex: false`). */
export const CATALOGUE_ROW_ENCODER_WITHOUT_SEARCH: RecordEncoder = { module: `${CATALOGUE_ROW_ENCODER.module}?search=off` };

class CatalogueRowEncoder implements RowEncoder, PostingSink {
  private readonly rows = new BinaryCopyBuffer();
  private readonly artistLinks = new BinaryCopyBuffer(1 << 16);
  private readonly labelLinks = new BinaryCopyBuffer(1 << 16);
  private readonly search = new BinaryCopyBuffer(1 << 18);
  private readonly ids = new Ends();
  private readonly rowEnds = new Ends();
  private readonly artistLinkEnds = new Ends();
  private readonly labelLinkEnds = new Ends();
  private readonly searchEnds = new Ends();
  /** Each record's tokens (numbers of the tokenizer's table, shared with the writer) and grades. */
  private readonly postingEnds = new Ends();
  private readonly tokenRefs = new Ends();
  private postingGrades = new Uint8Array(1 << 14);
  private readonly words = new Utf8List();
  /** Per token number of the tokenizer: the last run whose words it was added to. */
  private wordStamps = new Int32Array(1 << 12);
  private run = 1;
  /** Per token number: the last record that held it, and where its posting of that record is. */
  private recordStamps = new Int32Array(1 << 12);
  private slots = new Int32Array(1 << 12);
  private record = 0;
  private readonly tokenizer: PostingTokenizer | undefined;

  constructor(
    private readonly kind: DumpKind,
    searchIndex: boolean,
    tokenizerWords?: number,
  ) {
    // (The tokenizer remembers each word's stem with the word.)
    this.tokenizer = searchIndex ? new PostingTokenizer(stem, tokenizerWords) : undefined;
  }

  add(record: DumpRecordOf[DumpKind]): void {
    this.ids.push(record.id);
    const tokenizer = this.tokenizer;
    // (Record numbers only grow, so the stamps of a record before, of this run or an earlier one, never match.)
    if (tokenizer !== undefined) this.record++;
    switch (this.kind) {
      case 'artists': {
        const artist = record as DumpRecordOf['artists'];
        writeArtistRow(this.rows, artist);
        if (tokenizer !== undefined) {
          writeSearchEntryRow(this.search, artistSearchEntry(artist));
          tokenizer.artist(artist, this);
        }
        break;
      }
      case 'labels': {
        const label = record as DumpRecordOf['labels'];
        writeLabelRow(this.rows, label);
        if (tokenizer !== undefined) {
          writeSearchEntryRow(this.search, labelSearchEntry(label));
          tokenizer.label(label, this);
        }
        break;
      }
      case 'masters': {
        const master = record as DumpRecordOf['masters'];
        writeMasterRow(this.rows, master);
        if (tokenizer !== undefined) {
          writeSearchEntryRow(this.search, masterSearchEntry(master));
          tokenizer.master(master, this);
        }
        break;
      }
      case 'releases': {
        const release = record as DumpRecordOf['releases'];
        const listing = releaseListing(release);
        writeReleaseRow(this.rows, release, listing);
        writeReleaseArtistRows(this.artistLinks, release, listing);
        writeReleaseLabelRows(this.labelLinks, release);
        // (A release has no search entry: a search reads its result from its row.)
        if (tokenizer !== undefined) tokenizer.release(release, this);
        break;
      }
    }
    this.rowEnds.push(this.rows.byteLength);
    this.artistLinkEnds.push(this.artistLinks.byteLength);
    this.labelLinkEnds.push(this.labelLinks.byteLength);
    this.searchEnds.push(this.search.byteLength);
    this.postingEnds.push(this.tokenRefs.size);
  }

  /** A token of the record (a number of the tokenizer's table) at `grade`: the record keeps its best grade. */
  posting(token: number, grade: number): void {
    if (token >= this.recordStamps.length) {
      this.recordStamps = grown(this.recordStamps, token + 1);
      this.slots = grown(this.slots, token + 1);
    }
    if (this.recordStamps[token] === this.record) {
      const at = this.slots[token]!;
      if (grade > this.postingGrades[at]!) this.postingGrades[at] = grade;
      return;
    }
    const at = this.tokenRefs.size;
    if (at === this.postingGrades.length) {
      const grown = new Uint8Array(at * 2);
      grown.set(this.postingGrades);
      this.postingGrades = grown;
    }
    this.recordStamps[token] = this.record;
    this.slots[token] = at;
    this.postingGrades[at] = grade;
    this.tokenRefs.push(token);
  }

  /** A vocabulary word of the record: added to the run's words when new to the run. */
  vocabulary(word: number): void {
    if (word >= this.wordStamps.length) this.wordStamps = grown(this.wordStamps, word + 1);
    if (this.wordStamps[word] === this.run) return;
    this.wordStamps[word] = this.run;
    this.words.push(this.tokenizer!.tokens.texts[word]!);
  }

  take(): EncodedRows {
    const encoded: EncodedRows = {
      ids: this.ids.view(),
      rows: this.rows.view(),
      rowEnds: this.rowEnds.view(),
      artistLinks: this.artistLinks.view(),
      artistLinkEnds: this.artistLinkEnds.view(),
      labelLinks: this.labelLinks.view(),
      labelLinkEnds: this.labelLinkEnds.view(),
      search: this.search.view(),
      searchEnds: this.searchEnds.view(),
      tokenTable: this.tokenizer?.tokens.shared() ?? NO_TOKENS,
      postingEnds: this.postingEnds.view(),
      postingTokens: this.tokenRefs.view(),
      postingGrades: this.postingGrades.subarray(0, this.tokenRefs.size),
      words: this.words.bytes(),
      wordEnds: this.words.ends.view(),
    };
    // Cleared now, written again only by the next `add`, when the views are no longer needed.
    for (const b of [this.rows, this.artistLinks, this.labelLinks, this.search]) b.clear();
    for (const e of [this.ids, this.rowEnds, this.artistLinkEnds, this.labelLinkEnds, this.searchEnds]) e.clear();
    for (const e of [this.postingEnds, this.tokenRefs]) e.clear();
    this.words.clear();
    this.run++;
    // The tokenizer's table is emptied between runs, when full (the next run's numbers are then of a new generation
    // of it; the shared memory of this one stays as it is for the writer).
    this.tokenizer?.startRun();
    return encoded;
  }
}

/** The token table of a run without the search index. */
const NO_TOKENS: SharedTokens = { source: -1, generation: 0, bytes: new Uint8Array(0), ends: new Int32Array(0), hashes: new Int32Array(0) };

/** Strings as UTF-8 one after the other in a reused buffer, with where each ends. */
class Utf8List {
  private buf = Buffer.allocUnsafe(1 << 14);
  private length = 0;
  readonly ends = new Ends();

  push(value: string): void {
    if (this.length + value.length * 3 > this.buf.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.length + value.length * 3));
      this.buf.copy(grown, 0, 0, this.length);
      this.buf = grown;
    }
    this.length += this.buf.write(value, this.length, 'utf8');
    this.ends.push(this.length);
  }

  bytes(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }

  clear(): void {
    this.length = 0;
    this.ends.clear();
  }
}

/** A growing list of int32 (ids, offsets) in a reused buffer. */
class Ends {
  private values = new Int32Array(1024);
  private length = 0;

  push(value: number): void {
    if (this.length === this.values.length) this.values = grown(this.values, this.length + 1);
    this.values[this.length++] = value;
  }

  get size(): number {
    return this.length;
  }

  view(): Int32Array {
    return this.values.subarray(0, this.length);
  }

  clear(): void {
    this.length = 0;
  }
}

/**
 * The entry point the reader's workers call (see `RecordEncoder`); `searchIndex` defaults to what the module's URL
 * says (`CATALOGUE_ROW_ENCODER` or `CATALOGUE_ROW_ENCODER_WITHOUT_SEARCH`); `tokenizerWords` (tests) how many words
 * its tokenizer remembers before it empties its tables.
 */
export function createRecordEncoder(kind: DumpKind, searchIndex = SEARCH_INDEX, tokenizerWords?: number): RowEncoder {
  return new CatalogueRowEncoder(kind, searchIndex, tokenizerWords);
}
