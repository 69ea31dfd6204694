import type { Artist } from '../../domain/catalogue/artist.js';
import type { Label } from '../../domain/catalogue/label.js';
import type { Master } from '../../domain/catalogue/master.js';
import type { Release } from '../../domain/catalogue/release.js';

/**
 * What tells one dump file from another for resuming its import: its name, its size in bytes and the SHA-256 (hex) of
 * its first 64 KiB as stored (compressed, for a gzip file).
 */
export interface DumpFileIdentity {
  readonly name: string;
  readonly size: number;
  readonly head: string;
}

/** The four kinds of Discogs data dump, named as their root elements. */
export type DumpKind = 'artists' | 'labels' | 'masters' | 'releases';
/** Every dump kind, in the order an operator would import them. */
export const DUMP_KINDS: readonly DumpKind[] = ['artists', 'labels', 'masters', 'releases'];

/** The catalogue record type each kind of dump holds. */
export interface DumpRecordOf {
  readonly artists: Artist;
  readonly labels: Label;
  readonly masters: Master;
  readonly releases: Release;
}

/** A run of consecutive records of one dump, in file order. */
export type DumpBatch = {
  readonly [K in DumpKind]: { readonly kind: K; readonly records: readonly DumpRecordOf[K][] };
}[DumpKind];

/**
 * A writer's own encoding of records, which a reader may apply where it reads (on worker threads, beside the parsing)
 * so that records reach the writer ready to store: `module` names a module (by URL) exporting
 * `createRecordEncoder(kind)`, whose encoders `add(record)` and `take()` the encoding of the records added since the
 * last `take`: a value that survives a structured clone, whose typed arrays may be views of the encoder's memory
 * (valid until the next `add`; the reader copies them). The application only passes it from the writer to the reader.
 */
export interface RecordEncoder {
  readonly module: string;
}

/**
 * A run of consecutive records of one dump, in file order, as a `RecordEncoder` encoded them (opaque here). Its
 * contents may be reused once the next batch is asked for: a writer copies what it keeps.
 */
export interface EncodedBatch {
  readonly kind: DumpKind;
  /** How many records it holds. */
  readonly count: number;
  readonly encoded: unknown;
}

/** How far reading a dump has got: the source bytes consumed (compressed bytes for a gzip file) out of its size. */
export interface DumpPosition {
  readonly bytesRead: number;
  readonly totalBytes: number;
}

/** A record a reader left out because it has no valid id (Discogs ids are whole numbers from 1). */
export interface SkippedRecord {
  /** Its place among the file's records, from 1 (skipped records count). */
  readonly record: number;
  /** The line of the file its start tag is on, from 1, when the reader knows it. */
  readonly line?: number;
  /** Its id as written; '' when it has none. */
  readonly id: string;
}

/** The records a reader has left out so far: how many, and the first few of them (`SKIPPED_RECORDS_LISTED`). */
export interface SkippedRecords {
  readonly count: number;
  readonly first: readonly SkippedRecord[];
}

/** How many skipped records a reader lists in detail; the rest are only counted. */
export const SKIPPED_RECORDS_LISTED = 5;

/**
 * A dump file opened for reading: its kind is known (the root element has been read), its records come as batches
 * of bounded size, so a dump of any size is read in constant memory. `batches` may be iterated once; it throws
 * `InvalidDump` when the input turns out to be broken (truncated, not well-formed) part-way. Records without a valid
 * id are left out of the batches and counted in `skipped`.
 */
export interface OpenedDump {
  readonly name: string;
  readonly kind: DumpKind;
  /** What tells this file from another (name, size, digest of its head), for resuming an import of it. */
  readonly identity: DumpFileIdentity;
  batches(): AsyncIterable<DumpBatch>;
  /**
   * With an encoder, a reader may yield encoded batches instead of records (and read faster: the reader of XML dumps
   * then parses and encodes on worker threads); without one, or when it cannot, it yields records.
   */
  batches(encoder: RecordEncoder | undefined): AsyncIterable<DumpBatch | EncodedBatch>;
  position(): DumpPosition;
  /** The records left out of the batches read so far for want of a valid id. */
  skipped(): SkippedRecords;
  /** Releases the file; safe to call more than once and before the batches are read to the end. */
  close(): Promise<void>;
}

/** Opens dump files. Throws `InvalidDump` when a file is missing or is not a Discogs data dump. */
export interface DumpReader {
  open(file: string): Promise<OpenedDump>;
}
