import { INVENTORY_UPLOAD_JOB, isUploadType, type UploadType } from '../../domain/inventory/inventory-upload.js';
import type { Job, JobStatus } from '../../domain/jobs/job.js';
import { NotFound } from '../errors.js';
import type { JobQueue } from '../ports/job-queue.js';

/** What an upload job carries: its type, the name the file was sent as, and where the file waits in the file store. */
export interface InventoryUploadPayload {
  readonly type: UploadType;
  readonly filename: string;
  readonly file: string;
  /** How many records the request's check found. */
  readonly records: number;
}

/** An inventory upload as its owner sees it (the spec's upload record), from its job. */
export interface InventoryUploadView {
  readonly id: number;
  readonly status: JobStatus;
  readonly type: UploadType;
  /** What came of it: `CSV file contains 3 records.<p>Processed 3 records.`, the problems of a failed one; empty before it ends. */
  readonly results: string;
  readonly created: Date;
  readonly finished: Date | null;
  /** The name the file was sent as. */
  readonly filename: string;
  /** When the record last changed (for `Last-Modified`). */
  readonly updated: Date;
}

/** The payload of an upload job as stored (its fields checked, as a row read back may be anything). */
export function uploadPayload(job: Job): InventoryUploadPayload {
  const p = job.payload;
  return {
    type: isUploadType(p.type) ? p.type : 'add',
    filename: typeof p.filename === 'string' ? p.filename : `upload-${job.id}.csv`,
    file: typeof p.file === 'string' ? p.file : '',
    records: typeof p.records === 'number' ? p.records : 0,
  };
}

/** An upload job as its owner sees it. */
export function inventoryUploadView(job: Job): InventoryUploadView {
  const payload = uploadPayload(job);
  const result = job.result ?? {};
  const results = job.status === 'success' ? result.results : job.status === 'failed' ? result.error : '';
  return {
    id: job.id,
    status: job.status,
    type: payload.type,
    results: typeof results === 'string' ? results : '',
    created: job.created,
    finished: job.finished,
    filename: payload.filename,
    updated: job.updated,
  };
}

/** The owner's upload job of this id: NotFound for anything else (another user's upload is not told apart from none). */
export async function ownUploadJob(queue: JobQueue, ownerId: number, id: number): Promise<Job> {
  if (!Number.isSafeInteger(id) || id < 1) throw new NotFound();
  const job = await queue.byId(id);
  if (!job || job.kind !== INVENTORY_UPLOAD_JOB || job.ownerId !== ownerId) throw new NotFound();
  return job;
}
