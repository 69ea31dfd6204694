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
  releaseSearchFacts,
} from '../../../domain/catalogue/search-facts.js';

/**
 * Records of one kind encoded as the rows the SQL writers COPY: one row per record in `rows` (the table of the kind)
 * and, for releases, the link rows of each record in `artistLinks` and `labelLinks`. `…Ends` give where each
 * record's rows end, so that a run of records, or some of them, can be sent. `search` holds each record's
 * `search_entry` row (one per record, so its ends are `searchEnds`).
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
}

/**
 * Encodes records into rows; `take` returns what was added since the last `take`, as views of the encoder's buffers
 * that are valid until the next `add`.
 */
export interface RowEncoder {
  add(record: DumpRecordOf[DumpKind]): void;
  take(): EncodedRows;
}

/** This module as the `RecordEncoder` the SQL write sessions ask readers for (loaded by workers by its URL). */
export const CATALOGUE_ROW_ENCODER: RecordEncoder = { module: import.meta.url };

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

  constructor(private readonly kind: DumpKind) {}

  add(record: DumpRecordOf[DumpKind]): void {
    this.ids.push(record.id);
    switch (this.kind) {
      case 'artists':
        writeArtistRow(this.rows, record as DumpRecordOf['artists']);
        writeSearchEntryRow(this.search, artistSearchFacts(record as DumpRecordOf['artists']));
        break;
      case 'labels':
        writeLabelRow(this.rows, record as DumpRecordOf['labels']);
        writeSearchEntryRow(this.search, labelSearchFacts(record as DumpRecordOf['labels']));
        break;
      case 'masters':
        writeMasterRow(this.rows, record as DumpRecordOf['masters']);
        writeSearchEntryRow(this.search, masterSearchFacts(record as DumpRecordOf['masters']));
        break;
      case 'releases': {
        const release = record as DumpRecordOf['releases'];
        const listing = releaseListing(release);
        writeReleaseRow(this.rows, release, listing);
        writeReleaseArtistRows(this.artistLinks, release, listing);
        writeReleaseLabelRows(this.labelLinks, release);
        writeSearchEntryRow(this.search, releaseSearchFacts(release));
        break;
      }
    }
    this.rowEnds.push(this.rows.byteLength);
    this.artistLinkEnds.push(this.artistLinks.byteLength);
    this.labelLinkEnds.push(this.labelLinks.byteLength);
    this.searchEnds.push(this.search.byteLength);
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
    };
    // Cleared now, written again only by the next `add`, when the views are no longer needed.
    for (const b of [this.rows, this.artistLinks, this.labelLinks, this.search]) b.clear();
    for (const e of [this.ids, this.rowEnds, this.artistLinkEnds, this.labelLinkEnds, this.searchEnds]) e.clear();
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

/** The entry point the reader's workers call (see `RecordEncoder`). */
export function createRecordEncoder(kind: DumpKind): RowEncoder {
  return new CatalogueRowEncoder(kind);
}
