import type { DumpBatch, DumpKind, EncodedBatch, RecordEncoder } from './dump-reader.js';

/** What a finished write did: new records, records whose data changed, and records that were already up to date. */
export interface WriteCounts {
  readonly inserted: number;
  readonly updated: number;
  readonly unchanged: number;
}

/** A dated dump file: its name and the day the dump was made (`YYYY-MM-DD`, as its name says). */
export interface DumpFileDate {
  readonly file: string;
  readonly date: string;
}

/**
 * One dump file's writes, in one transaction: batches are upserted by id (a record already stored is updated in place
 * and keeps the time it was first added), and the lists derived from them (release↔artist and release↔label links)
 * are replaced for every written release. Nothing is visible to others before `commit`; `rollback` leaves the
 * catalogue exactly as it was before `begin`. Sessions run one at a time (a `begin` waits until the session before it
 * has ended, in any process), so what `latestDump` answers holds until `commit`.
 */
export interface CatalogueWriteSession {
  /** The encoding this session takes batches in besides records, for the reader to apply (see `RecordEncoder`). */
  readonly encoder?: RecordEncoder;
  /**
   * The newest dump of the session's kind recorded by the imports committed before (ties: the last imported), or
   * null when none was dated.
   */
  latestDump(): Promise<DumpFileDate | null>;
  /**
   * Accepts a batch. Writers may buffer and send in the background while the caller reads on, so the promise may
   * resolve before the batch is stored, and a failure to store it may be reported by a later `write` or by `commit`.
   */
  write(batch: DumpBatch | EncodedBatch): Promise<void>;
  /**
   * Stores what is still buffered, records the session's dump (if `begin` was given one) and commits; the counts
   * cover every record written in the session.
   */
  commit(): Promise<WriteCounts>;
  /** Waits for anything in flight, then rolls back. Safe after a failed `write` or `commit`. */
  rollback(): Promise<void>;
}

/** Writes catalogue records in bulk, bypassing per-record persistence. */
export interface CatalogueWriter {
  /**
   * Starts the transaction of one dump file of the given kind. With `dump`, the commit records that this dump was
   * imported (see `latestDump`); without, nothing is recorded (records written by a test, or a file without a date).
   */
  begin(kind: DumpKind, dump?: DumpFileDate): Promise<CatalogueWriteSession>;
}
