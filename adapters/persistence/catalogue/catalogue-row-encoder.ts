import type { DumpKind, DumpRecordOf, RecordEncoder } from '../../../application/ports/dump-reader.js';
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
  releaseSearchFacts,
  type SearchFacts,
} from '../../../domain/catalogue/search-facts.js';
import { PostingAccumulator } from '../search/posting-accumulator.js';
import { Porter2Stemmer } from '../search/porter2-stemmer.js';

/**
 * Records of one kind encoded as the rows the SQL writers COPY: one row per record in `rows` (the table of the kind)
 * and, for releases, the link rows of each record in `artistLinks` and `labelLinks`. `…Ends` give where each
 * record's rows end, so that a run of records, or some of them, can be sent. `search` holds each record's
 * `search_entry` row (one per record, so its ends are `searchEnds`). The search index's rows belong to no one record:
 * `postings` holds the `search_posting` rows of the blocks of ids the encoder finished (see `PostingAccumulator`),
 * with the end and the block of each row, and `words` the `search_word` rows of new vocabulary words.
 */
export interface EncodedRows {
  readonly ids: Int32Array;
  readonly rows: Uint8Array;
  readonly rowEnds: Int32Array;
  readonly artistLinks: Uint8Array;
  readonly artistLinkEnds: Int32Array;
  readonly labelLinks: Uint8Array;
  readonly labelLinkEnds: Int32Array;
  readonly search: Uint8Array;
  readonly searchEnds: Int32Array;
  readonly postings: Uint8Array;
  readonly postingEnds: Int32Array;
  readonly postingBlocks: Int32Array;
  readonly words: Uint8Array;
  readonly wordEnds: Int32Array;
}

/**
 * Encodes records into rows; `take` returns what was added since the last `take`, as views of the encoder's buffers
 * that are valid until the next `add`.
 */
export interface RowEncoder {
  add(record: DumpRecordOf[DumpKind]): void;
  /** Writes what is held back for the rows of records still to come (the last block's postings): the file ended. */
  finish(): void;
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
  private readonly postings = { rows: new BinaryCopyBuffer(1 << 18), ends: new Ends(), blocks: new Ends() };
  private readonly words = new BinaryCopyBuffer(1 << 12);
  private readonly wordEnds = new Ends();
  private readonly wordOut = {
    text: (word: string): void => {
      this.words.row(1).text(word);
      this.wordEnds.push(this.words.byteLength);
    },
  };
  private readonly accumulator: PostingAccumulator | undefined;

  constructor(
    private readonly kind: DumpKind,
    searchIndex: boolean,
  ) {
    this.accumulator = searchIndex ? new PostingAccumulator(SEARCH_KIND[kind], new Porter2Stemmer()) : undefined;
  }

  add(record: DumpRecordOf[DumpKind]): void {
    this.ids.push(record.id);
    let facts: SearchFacts | undefined;
    const search = this.accumulator !== undefined;
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
        writeReleaseRow(this.rows, release);
        writeReleaseArtistRows(this.artistLinks, release);
        writeReleaseLabelRows(this.labelLinks, release);
        if (search) facts = releaseSearchFacts(release);
        break;
      }
    }
    if (facts !== undefined) {
      writeSearchEntryRow(this.search, facts);
      this.accumulator!.add(facts, this.postings, this.wordOut);
    }
    this.rowEnds.push(this.rows.byteLength);
    this.artistLinkEnds.push(this.artistLinks.byteLength);
    this.labelLinkEnds.push(this.labelLinks.byteLength);
    this.searchEnds.push(this.search.byteLength);
  }

  finish(): void {
    this.accumulator?.flush(this.postings);
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
      postings: this.postings.rows.view(),
      postingEnds: this.postings.ends.view(),
      postingBlocks: this.postings.blocks.view(),
      words: this.words.view(),
      wordEnds: this.wordEnds.view(),
    };
    // Cleared now, written again only by the next `add`, when the views are no longer needed.
    for (const b of [this.rows, this.artistLinks, this.labelLinks, this.search, this.postings.rows, this.words]) b.clear();
    for (const e of [this.ids, this.rowEnds, this.artistLinkEnds, this.labelLinkEnds, this.searchEnds]) e.clear();
    for (const e of [this.postings.ends, this.postings.blocks, this.wordEnds]) e.clear();
    return encoded;
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

  view(): Int32Array {
    return this.values.subarray(0, this.length);
  }

  clear(): void {
    this.length = 0;
  }
}

const SEARCH_KIND = { artists: 'artist', labels: 'label', masters: 'master', releases: 'release' } as const;

/**
 * The entry point the reader's workers call (see `RecordEncoder`); `searchIndex` defaults to what the module's URL
 * says (`CATALOGUE_ROW_ENCODER` or `CATALOGUE_ROW_ENCODER_WITHOUT_SEARCH`).
 */
export function createRecordEncoder(kind: DumpKind, searchIndex = SEARCH_INDEX): RowEncoder {
  return new CatalogueRowEncoder(kind, searchIndex);
}
