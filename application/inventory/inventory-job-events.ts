import type { EventType } from '../../domain/events/event.js';
import type { Listing } from '../../domain/marketplace/listing.js';
import type { EventRecorder } from '../events/event-recorder.js';
import type { JobQueue } from '../ports/job-queue.js';
import { inventoryExportView } from './inventory-export-view.js';
import { inventoryUploadView } from './inventory-upload-view.js';
import type { AppliedListings } from './upload-checker.js';

/** The listing event of each change an upload's batch makes. */
const LISTING_EVENT_OF: Readonly<Record<Parameters<AppliedListings>[0], EventType>> = {
  added: 'listing.created',
  changed: 'listing.changed',
  deleted: 'listing.deleted',
};

/**
 * The events of inventory jobs' ends (ADR 0057): `inventory.export_finished` and `inventory.upload_finished` for the
 * job's owner, whether it succeeded or failed, the record as its `GET` shows it to them at that moment. The job
 * handlers call these from `ended`, inside the unit of work that ends the job, so the event commits with the end.
 * An upload's listings changed batch by batch record `listing.created`, `listing.changed` and `listing.deleted`
 * (`listingsApplied`), staged in its unit of work and appended by `uploadEnded`'s append, before
 * `inventory.upload_finished`: all of them commit with the applied file, or none.
 */
export class InventoryJobEvents {
  constructor(
    private readonly queue: JobQueue,
    private readonly events: EventRecorder,
    private readonly exportRetentionMs: number,
  ) {}

  /** Records `inventory.export_finished` for the ended export job `jobId`. */
  async exportEnded(jobId: number): Promise<void> {
    const job = await this.ended(jobId);
    await this.events.inventoryExport(job.ownerId!, inventoryExportView(job, this.exportRetentionMs, job.finished!), job.finished!);
  }

  /** Stages the listing events of an upload's batch (see `UploadCheckContext.applied`), as of `at`. */
  async listingsApplied(change: Parameters<AppliedListings>[0], listings: readonly Listing[], at: Date): Promise<void> {
    await this.events.stageListings(LISTING_EVENT_OF[change], listings, at);
  }

  /** Records `inventory.upload_finished` for the ended upload job `jobId` (after the listing events staged before it). */
  async uploadEnded(jobId: number): Promise<void> {
    const job = await this.ended(jobId);
    await this.events.inventoryUpload(job.ownerId!, inventoryUploadView(job), job.finished!);
  }

  private async ended(jobId: number) {
    const job = await this.queue.byId(jobId);
    if (!job || job.ownerId === null || job.finished === null) throw new Error(`Inventory job ${jobId} is not an ended job with an owner`);
    return job;
  }
}
