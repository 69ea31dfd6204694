import { INVENTORY_UPLOAD_JOB } from '../../domain/inventory/inventory-upload.js';
import type { JobQueue } from '../ports/job-queue.js';
import { requireUserCaller, type Caller } from '../shared/caller.js';
import type { Page, PageRequest } from '../shared/page.js';
import { pageOffset } from '../shared/page.js';
import { inventoryUploadView, type InventoryUploadView } from './inventory-upload-view.js';

/** The caller's inventory uploads, newest first, a page at a time (`GET /inventory/upload`). 401 anonymous, 403 an application alone. */
export class ListInventoryUploads {
  constructor(private readonly queue: JobQueue) {}

  async execute(input: { readonly caller: Caller; readonly page: PageRequest }): Promise<Page<InventoryUploadView>> {
    const ownerId = requireUserCaller(input.caller);
    const found = await this.queue.list(INVENTORY_UPLOAD_JOB, ownerId, pageOffset(input.page), input.page.perPage);
    return { items: found.items.map(inventoryUploadView), total: found.total, page: input.page.page, perPage: input.page.perPage };
  }
}
