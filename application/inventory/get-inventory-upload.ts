import type { JobQueue } from '../ports/job-queue.js';
import { requireUserCaller, type Caller } from '../shared/caller.js';
import { inventoryUploadView, ownUploadJob, type InventoryUploadView } from './inventory-upload-view.js';

/**
 * One of the caller's inventory uploads (`GET /inventory/upload/{id}`). 401 anonymous, 403 an application alone,
 * 404 for an id that names none of the caller's uploads.
 */
export class GetInventoryUpload {
  constructor(private readonly queue: JobQueue) {}

  async execute(input: { readonly caller: Caller; readonly id: number }): Promise<InventoryUploadView> {
    const ownerId = requireUserCaller(input.caller);
    return inventoryUploadView(await ownUploadJob(this.queue, ownerId, input.id));
  }
}
