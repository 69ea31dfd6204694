import type { Job, JobData, JobStatus } from '../../domain/jobs/job.js';

/** A new job: its kind, its owner, what it is to do. */
export interface NewJob {
  readonly kind: string;
  readonly ownerId: number | null;
  readonly payload: JobData;
}

/** The jobs of one kind waiting to be taken: how many, and when the oldest was enqueued. */
export interface JobBacklog {
  readonly kind: string;
  readonly pending: number;
  readonly oldestCreated: Date;
}

/**
 * The job table. `enqueue` and the reads run in the caller's unit of work; `claim`, `renew`, `complete` and `fail`
 * are the worker's and run in their own short transactions (`complete` inside the handler's, see JobHandler).
 */
export interface JobQueue {
  /** Adds a pending job and returns it (its id given by the table). */
  enqueue(job: NewJob, now: Date): Promise<Job>;
  /**
   * Adds a pending job unless its owner already has one of its kind pending or processing, and returns it; null when
   * one is unfinished (nothing added). Two concurrent calls for one owner and kind never both add: on a database the
   * check and the insert hold a transaction-scoped advisory lock of (kind, owner), so it runs inside a unit of work.
   */
  enqueueExclusive(job: NewJob & { readonly ownerId: number }, now: Date): Promise<Job | null>;
  /**
   * Takes the oldest job of these kinds that is pending, or processing with its lease run out (its worker died), for
   * this worker until `leaseUntil`: status processing, attempts + 1, started now. Concurrent claims never take the same
   * job (`for update skip locked`). Null when there is none.
   */
  claim(kinds: readonly string[], workerId: string, now: Date, leaseUntil: Date): Promise<Job | null>;
  /** Extends the lease of a job the worker still holds; false when it holds it no longer. */
  renew(id: number, workerId: string, leaseUntil: Date): Promise<boolean>;
  /**
   * Ends a job the worker holds in success with its result; false (and nothing changed) when the worker holds it no
   * longer (its lease ran out and another took it) or it ended already. Runs in the caller's unit of work, so a
   * handler's writes and the job's end commit together: a job never applies twice.
   */
  complete(id: number, workerId: string, result: JobData, now: Date): Promise<boolean>;
  /**
   * Gives back a job the worker holds without ending it (its run was cut short by an outage, not by the job): pending
   * again, claimable at once, the interrupted start not counted in its attempts. False when the worker holds it no
   * longer.
   */
  release(id: number, workerId: string, now: Date): Promise<boolean>;
  /** Ends a job the worker holds as failed, with the error text shown to its owner; false as for complete. */
  fail(id: number, workerId: string, error: string, now: Date): Promise<boolean>;
  byId(id: number): Promise<Job | null>;
  /** The owner's jobs of a kind, newest first, a page at a time, and how many there are. */
  list(kind: string, ownerId: number, offset: number, limit: number): Promise<{ readonly total: number; readonly items: readonly Job[] }>;
  /** The pending jobs by kind (kinds with none left out), for the operator's metrics. */
  backlog(): Promise<readonly JobBacklog[]>;
  /** Whether the owner has a job of the kind in one of these statuses. */
  has(kind: string, ownerId: number, statuses: readonly JobStatus[]): Promise<boolean>;
}

/**
 * Runs one kind of job. `run` does the work; it is given the job and a `finish` that ends the job in success inside
 * the unit of work of the handler's own writes (call it last, inside that unit of work), so that the writes and the
 * end commit together or not at all. Work that writes outside the database (a file) must be safe to do again: a job
 * whose worker died is run again from the start, by another worker.
 * A thrown `JobFailed` ends the job as failed with its message (the owner's to read); any other error too, with a
 * generic message, logged.
 */
export interface JobHandler {
  readonly kind: string;
  run(job: Job, finish: (result: JobData) => Promise<void>): Promise<void>;
  /**
   * Housekeeping of this kind's jobs (e.g. removing expired export files), called by the worker now and then (at
   * most once per its maintenance interval, between jobs); optional.
   */
  maintain?(now: Date): Promise<void>;
  /**
   * Called by the worker inside the unit of work that ends the job (in success, from `finish`, or as failed), once
   * the job is ended there: what the job's end records with it (its event, ADR 0057) commits with the end or not at
   * all. Optional.
   */
  ended?(jobId: number): Promise<void>;
}

/** A job's expected failure, with the text its owner reads. */
export class JobFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobFailed';
  }
}
