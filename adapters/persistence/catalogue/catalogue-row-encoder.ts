import type { DumpKind, DumpRecordOf, RecordEncoder } from '../../../application/ports/dump-reader.js';
import { releaseListing } from '../../../domain/catalogue/release-summary.js';
import { BinaryCopyBuffer } from './binary-copy-buffer.js';
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
  artistSearchFacts,
  labelSearchFacts,
  masterSearchFacts,
  forEachPostingToken,
  releaseSearchFacts,
  isVocabularyWord,
  type SearchFacts,
} from '../../../domain/catalogue/search-facts.js';
import type { EncodedPostings } from '../search/posting-accumulator.js';
import { Porter2Stemmer } from '../search/porter2-stemmer.js';

/**
 * Records of one kind encoded as the rows the SQL writers COPY: one row per record in `rows` (the table of the kind)
 * and, for releases, the link rows of each record in `artistLinks` and `labelLinks`. `…Ends` give where each
 * record's rows end, so that a run of records, or some of them, can be sent. `search` holds each record's
 * `search_entry` row (one per record, so its ends are `searchEnds`), and its posting tokens (`EncodedPostings`: the
 * distinct tokens of the run, and per record the index and grade of each token it holds; `postingEnds` per record),
 * which the writer gathers into posting lists by block (`PostingAccumulator`); `words` holds the distinct vocabulary
 * words of the run (UTF-8, `wordEnds`).
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

class CatalogueRowEncoder implements RowEncoder {
  private readonly rows = new BinaryCopyBuffer();
  private readonly artistLinks = new BinaryCopyBuffer(1 << 16);
  private readonly labelLinks = new BinaryCopyBuffer(1 << 16);
  private readonly search = new BinaryCopyBuffer(1 << 18);
  private readonly ids = new Ends();
  private readonly rowEnds = new Ends();
  private readonly artistLinkEnds = new Ends();
  private readonly labelLinkEnds = new Ends();
  private readonly searchEnds = new Ends();
  /** The run's distinct tokens (UTF-8) and their numbers; each record's tokens' numbers and grades. */
  private readonly tokens = new Utf8List();
  private readonly tokenNumbers = new Map<string, number>();
  private readonly tokenHashes = new Ends();
  private readonly postingEnds = new Ends();
  private readonly tokenRefs = new Ends();
  private postingGrades = new Uint8Array(1 << 14);
  private readonly words = new Utf8List();
  private readonly wordSet = new Set<string>();
  /** Per token number: the last record that held it, and where its posting of that record is. */
  private stamps = new Int32Array(1 << 12);
  private slots = new Int32Array(1 << 12);
  private record = 0;
  private readonly stemmer: Porter2Stemmer | undefined;
  private readonly emit = (token: string, grade: number): void => {
    let t = this.tokenNumbers.get(token);
    if (t === undefined) {
      t = this.tokenNumbers.size;
      this.tokenNumbers.set(token, t);
      this.tokens.push(token);
      this.tokenHashes.push(hashOf(token));
      if (t >= this.stamps.length) {
        const stamps = new Int32Array(this.stamps.length * 2);
        stamps.set(this.stamps);
        this.stamps = stamps;
        const slots = new Int32Array(this.slots.length * 2);
        slots.set(this.slots);
        this.slots = slots;
      }
    } else if (this.stamps[t] === this.record) {
      const at = this.slots[t]!;
      if (grade > this.postingGrades[at]!) this.postingGrades[at] = grade;
      return;
    }
    const at = this.tokenRefs.size;
    if (at === this.postingGrades.length) {
      const grown = new Uint8Array(at * 2);
      grown.set(this.postingGrades);
      this.postingGrades = grown;
    }
    this.stamps[t] = this.record;
    this.slots[t] = at;
    this.postingGrades[at] = grade;
    this.tokenRefs.push(t);
  };

  constructor(
    private readonly kind: DumpKind,
    searchIndex: boolean,
  ) {
    this.stemmer = searchIndex ? new Porter2Stemmer() : undefined;
  }

  add(record: DumpRecordOf[DumpKind]): void {
    this.ids.push(record.id);
    let facts: SearchFacts | undefined;
    const search = this.stemmer !== undefined;
    switch (this.kind) {
      case 'artists':
        writeArtistRow(this.rows, record as DumpRecordOf['artists']);
        if (search) facts = artistSearchFacts(record as DumpRecordOf['artists']);
        break;
      case 'labels':
        writeLabelRow(this.rows, record as DumpRecordOf['labels']);
        if (search) facts = labelSearchFacts(record as DumpRecordOf['labels']);
        break;
      case 'masters':
        writeMasterRow(this.rows, record as DumpRecordOf['masters']);
        if (search) facts = masterSearchFacts(record as DumpRecordOf['masters']);
        break;
      case 'releases': {
        const release = record as DumpRecordOf['releases'];
        const listing = releaseListing(release);
        writeReleaseRow(this.rows, release, listing);
        writeReleaseArtistRows(this.artistLinks, release, listing);
        writeReleaseLabelRows(this.labelLinks, release);
        if (search) facts = releaseSearchFacts(release);
        break;
      }
    }
    if (facts !== undefined) {
      writeSearchEntryRow(this.search, facts);
      this.addPostings(facts);
    }
    this.rowEnds.push(this.rows.byteLength);
    this.artistLinkEnds.push(this.artistLinks.byteLength);
    this.labelLinkEnds.push(this.labelLinks.byteLength);
    this.searchEnds.push(this.search.byteLength);
    this.postingEnds.push(this.tokenRefs.size);
  }

  /** The record's posting tokens and grades, and its vocabulary words new to the run. */
  private addPostings(facts: SearchFacts): void {
    this.record++;
    forEachPostingToken(facts, this.stemmer!.token, this.emit);
    const seen = this.wordSet;
    for (let g = 0; g < 3; g++) {
      for (const word of facts.words[g]!) {
        if (seen.has(word) || !isVocabularyWord(word)) continue;
        seen.add(word);
        this.words.push(word);
      }
    }
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
      tokens: this.tokens.bytes(),
      tokenEnds: this.tokens.ends.view(),
      tokenHashes: this.tokenHashes.view(),
      postingEnds: this.postingEnds.view(),
      postingTokens: this.tokenRefs.view(),
      postingGrades: this.postingGrades.subarray(0, this.tokenRefs.size),
      words: this.words.bytes(),
      wordEnds: this.words.ends.view(),
    };
    // Cleared now, written again only by the next `add`, when the views are no longer needed.
    for (const b of [this.rows, this.artistLinks, this.labelLinks, this.search]) b.clear();
    for (const e of [this.ids, this.rowEnds, this.artistLinkEnds, this.labelLinkEnds, this.searchEnds]) e.clear();
    for (const e of [this.postingEnds, this.tokenRefs, this.tokenHashes]) e.clear();
    this.tokens.clear();
    this.tokenNumbers.clear();
    // (Token numbers start again: a stamp of an earlier run must not match a record of this one.)
    this.stamps.fill(0);
    this.words.clear();
    this.wordSet.clear();
    return encoded;
  }
}

/** A hash of a token (FNV-1a over its UTF-16 units), for the writer to find it again among a block's tokens. */
function hashOf(token: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) h = Math.imul(h ^ token.charCodeAt(i), 0x01000193);
  return h | 0;
}

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
    if (this.length === this.values.length) {
      const grown = new Int32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
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
 * says (`CATALOGUE_ROW_ENCODER` or `CATALOGUE_ROW_ENCODER_WITHOUT_SEARCH`).
 */
export function createRecordEncoder(kind: DumpKind, searchIndex = SEARCH_INDEX): RowEncoder {
  return new CatalogueRowEncoder(kind, searchIndex);
}
