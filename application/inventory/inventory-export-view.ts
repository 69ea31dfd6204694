import { INVENTORY_EXPORT_JOB, isDownloadable } from '../../domain/inventory/inventory-export.js';
import type { Job, JobStatus } from '../../domain/jobs/job.js';
import { NotFound } from '../errors.js';
import type { JobQueue } from '../ports/job-queue.js';

/** An inventory export as its owner sees it (the spec's export record), from its job. */
export interface InventoryExportView {
  /** The job's id. */
  readonly id: number;
  readonly status: JobStatus;
  readonly created: Date;
  readonly finished: Date | null;
  /** The name the file is downloaded as (`{name}-inventory-YYYYMMDD-HHMM.csv`), known from the start. */
  readonly filename: string;
  /** Whether the file can be downloaded now: the export succeeded and its file has not expired. */
  readonly downloadable: boolean;
  /** When the record last changed (for `Last-Modified`). */
  readonly updated: Date;
}

/** An export job as its owner sees it. */
export function inventoryExportView(job: Job, retentionMs: number, now: Date): InventoryExportView {
  const filename = job.payload.filename;
  return {
    id: job.id,
    status: job.status,
    created: job.created,
    finished: job.finished,
    filename: typeof filename === 'string' ? filename : `inventory-${job.id}.csv`,
    downloadable: isDownloadable(job, retentionMs, now),
    updated: job.updated,
  };
}

/**
 * The owner's export job of this id: NotFound for an id that is not a positive whole number, names no job, a job of
 * another kind, or another user's export (which is not told apart from one that does not exist).
 */
export async function ownExportJob(queue: JobQueue, ownerId: number, id: number): Promise<Job> {
  if (!Number.isSafeInteger(id) || id < 1) throw new NotFound();
  const job = await queue.byId(id);
  if (!job || job.kind !== INVENTORY_EXPORT_JOB || job.ownerId !== ownerId) throw new NotFound();
  return job;
}
