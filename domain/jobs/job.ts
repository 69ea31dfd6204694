/**
 * The project's one mechanism for work done outside a request (inventory exports and uploads now; dump imports
 * started from the API and webhooks later): a durable job row that moves `pending → processing → success | failed`,
 * claimed by one worker at a time for a lease, taken again when its worker died, and finished at most once.
 */

/** A job's statuses, as the spec's export and upload records spell them. */
export const JOB_STATUSES = ['pending', 'processing', 'success', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The statuses of a job not finished yet (a caller may have one of a kind at a time: 409). */
export const UNFINISHED_JOB_STATUSES: readonly JobStatus[] = ['pending', 'processing'];

/** JSON a job carries: what to do (its payload) and what came of it (its result). */
export type JobData = { readonly [key: string]: unknown };

/** A job as stored. */
export interface Job {
  /** A positive whole number, the export's or upload's id in the API. */
  readonly id: number;
  /** What kind of work (`inventory-export`, `inventory-upload`…): the handler that runs it. */
  readonly kind: string;
  /** The user the job is for, or null for the operator's own jobs. */
  readonly ownerId: number | null;
  readonly status: JobStatus;
  readonly payload: JobData;
  /** What the handler returned on success (null before), or, on failure, `{ error }`. */
  readonly result: JobData | null;
  /** How many times a worker has claimed it. */
  readonly attempts: number;
  readonly created: Date;
  /** When a worker last claimed it (null while pending). */
  readonly started: Date | null;
  /** When it ended in success or failed (null before). */
  readonly finished: Date | null;
  /** Until when its worker holds it: after that, another worker may take it again. */
  readonly leaseUntil: Date | null;
  /** Changes with every change of the row (for `Last-Modified`). */
  readonly updated: Date;
}
