import { INVENTORY_EXPORT_JOB } from '../../domain/inventory/inventory-export.js';
import type { Clock } from '../ports/clock.js';
import type { JobQueue } from '../ports/job-queue.js';
import { requireUserCaller, type Caller } from '../shared/caller.js';
import { pageOffset, type Page, type PageRequest } from '../shared/page.js';
import { inventoryExportView, type InventoryExportView } from './inventory-export-view.js';

export interface ListInventoryExportsInput {
  readonly caller: Caller;
  readonly page: PageRequest;
}

/** The caller's inventory exports, newest first, a page at a time (`GET /inventory/export`). 401 anonymous, 403 an application alone. */
export class ListInventoryExports {
  constructor(
    private readonly queue: JobQueue,
    private readonly clock: Clock,
    private readonly retentionMs: number,
  ) {}

  async execute(input: ListInventoryExportsInput): Promise<Page<InventoryExportView>> {
    const ownerId = requireUserCaller(input.caller);
    const found = await this.queue.list(INVENTORY_EXPORT_JOB, ownerId, pageOffset(input.page), input.page.perPage);
    const now = this.clock.now();
    return {
      items: found.items.map((job) => inventoryExportView(job, this.retentionMs, now)),
      total: found.total,
      page: input.page.page,
      perPage: input.page.perPage,
    };
  }
}
