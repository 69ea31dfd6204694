import type { DumpBatch, DumpFileIdentity, DumpKind, EncodedBatch, RecordEncoder } from './dump-reader.js';

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

/** The file a session imports, so that it can checkpoint and resume (see `CatalogueWriteSession.resumed`). */
export interface ImportedFile {
  readonly identity: DumpFileIdentity;
  /** Start over even when a checkpoint of this very file is stored (the checkpoint is dropped). */
  readonly restart?: boolean;
}

/** Where a session resumes: the records of the file committed by an earlier, stopped import of it. */
export interface ResumePoint {
  /** The records at the head of the file already written (in file order, records without a valid id included). */
  readonly records: number;
  /** When that checkpoint was committed (ISO 8601). */
  readonly savedAt: string;
}

/**
 * One dump file's writes, in one transaction (or, for a file given to `begin` with its identity, in transactions
 * that each end at a checkpoint, see `resumed`): batches are upserted by id (a record already stored is updated in place
 * and keeps the time it was first added), and the lists derived from them (release↔artist and release↔label links)
 * are replaced for every written release. Nothing is visible to others before `commit`; `rollback` leaves the
 * catalogue exactly as it was before `begin`. Sessions run one at a time (a `begin` waits until the session before it
 * has ended, in any process), so what `latestDump` answers holds until `commit`.
 */
export interface CatalogueWriteSession {
  /** The encoding this session takes batches in besides records, for the reader to apply (see `RecordEncoder`). */
  readonly encoder?: RecordEncoder;
  /**
   * Set when a checkpoint of the same file (same identity) was stored by an import stopped part-way: the session
   * then takes the file's batches from its first record again and leaves out the `records` written already. A
   * writer that checkpoints commits every so often (at most every so many records) and records, in the same
   * transaction, how many records of the file are written; the commit that ends the file drops the checkpoint.
   */
  readonly resumed?: ResumePoint;
  /**
   * The records at the head of the file committed so far (by the last checkpoint, or by the stopped import resumed):
   * 0 before the first, or for a writer that does not checkpoint.
   */
  readonly committed?: number;
  /** The file of a checkpoint dropped at `begin` (another file of the kind, or `restart`): the import started over. */
  readonly droppedCheckpoint?: string;
  /**
   * When the last import of the kind was of this same file and finished: the time it finished (ISO 8601). The
   * session imports it again all the same; the caller may roll back instead (see `ImportDumpInput.skipImported`).
   */
  readonly imported?: string;
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
   * With `file`, a writer that can checkpoints the import and resumes a stopped one (see `resumed`); without, the
   * session is one transaction.
   */
  begin(kind: DumpKind, dump?: DumpFileDate, file?: ImportedFile): Promise<CatalogueWriteSession>;
}
