import { INVENTORY_UPLOAD_FOLDER, INVENTORY_UPLOAD_JOB, uploadRefusalText, uploadResults } from '../../domain/inventory/inventory-upload.js';
import type { Job, JobData } from '../../domain/jobs/job.js';
import { currencyOrDollars } from '../../domain/marketplace/currency.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { CsvUnreadable } from '../ports/csv-decoder.js';
import type { FileStore } from '../ports/file-store.js';
import { JobFailed, type JobHandler } from '../ports/job-queue.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { uploadPayload } from './inventory-upload-view.js';
import type { InventoryJobEvents } from './inventory-job-events.js';
import type { UploadChecker } from './upload-checker.js';

/** What an upload job ends with: the results text, and how many records the file held. */
export interface InventoryUploadResult extends JobData {
  readonly results: string;
  readonly records: number;
}

/** The failed upload's text when its file is no longer kept (removed by the operator, or expired before a worker ran). */
export const UPLOAD_FILE_GONE = 'The uploaded file is no longer kept; please upload it again.';

/**
 * Runs `inventory-upload` jobs: reads the kept file again and applies it inside one unit of work, checking every row
 * again as it goes (the inventory and the catalogue may have changed since the request), the listings it changes
 * locked. The job ends in success in the same unit of work, so the rows and the job's end commit together: all of
 * the file or none of it, and never twice (a job whose worker died is run again from the start by another, and the
 * first one's writes were rolled back with its transaction). A file with problems now ends the job failed, its
 * results naming them, nothing applied. The file is removed once the job has ended; `maintain` removes files left
 * behind longer than the retention. The job's end, either way, records `inventory.upload_finished` with it; an
 * applied file also records an event for each listing it added, changed or deleted (`listing.created`,
 * `listing.changed`, `listing.deleted`, for the seller, staged batch by batch and appended with the job's end), so a
 * failed file's batches record none: they are rolled back with it.
 */
export class ApplyInventoryUpload implements JobHandler {
  readonly kind = INVENTORY_UPLOAD_JOB;

  constructor(
    private readonly users: UserRepository,
    private readonly checker: UploadChecker,
    private readonly files: FileStore,
    private readonly uow: UnitOfWork,
    private readonly retentionMs: number,
    private readonly events: InventoryJobEvents,
  ) {}

  async maintain(now: Date): Promise<void> {
    await this.files.removeOlderThan(INVENTORY_UPLOAD_FOLDER, new Date(now.getTime() - this.retentionMs));
  }

  async ended(jobId: number): Promise<void> {
    await this.events.uploadEnded(jobId);
  }

  async run(job: Job, finish: (result: JobData) => Promise<void>): Promise<void> {
    if (job.ownerId === null) throw new Error(`Inventory upload ${job.id} has no owner`);
    const sellerId = job.ownerId;
    const payload = uploadPayload(job);
    const file = payload.file === '' ? null : await this.files.open(payload.file);
    if (!file) throw new JobFailed(UPLOAD_FILE_GONE);
    try {
      const user = await this.users.byId(sellerId);
      if (!user) throw new JobFailed('The seller of this upload no longer exists.');
      const now = job.started ?? job.created;
      await this.uow.run(async () => {
        const check = await this.checker.check(file.bytes, {
          type: payload.type,
          sellerId,
          currency: currencyOrDollars(user.currency),
          now,
          apply: true,
          applied: (change, listings) => this.events.listingsApplied(change, listings, now),
        });
        if (check.total > 0) throw new JobFailed(`${uploadResults(check.records, 0)}<p>${uploadRefusalText(check.problems, check.total)}`);
        const result: InventoryUploadResult = { results: uploadResults(check.records, check.records), records: check.records };
        await finish(result);
      });
    } catch (err) {
      if (err instanceof CsvUnreadable) {
        await this.files.remove(payload.file);
        throw new JobFailed(`The file was not applied: ${err.message}`);
      }
      // An error of the service (not the file's) keeps the file, so an operator can look at it; maintain removes it later.
      if (err instanceof JobFailed) await this.files.remove(payload.file);
      throw err;
    }
    await this.files.remove(payload.file);
  }
}
