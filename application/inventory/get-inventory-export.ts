import type { Clock } from '../ports/clock.js';
import type { JobQueue } from '../ports/job-queue.js';
import { requireUserCaller, type Caller } from '../shared/caller.js';
import { inventoryExportView, ownExportJob, type InventoryExportView } from './inventory-export-view.js';

export interface GetInventoryExportInput {
  readonly caller: Caller;
  readonly id: number;
}

/**
 * One of the caller's inventory exports (`GET /inventory/export/{id}`). 401 anonymous, 403 an application alone, 404
 * for an id that names none of the caller's exports (another user's included).
 */
export class GetInventoryExport {
  constructor(
    private readonly queue: JobQueue,
    private readonly clock: Clock,
    private readonly retentionMs: number,
  ) {}

  async execute(input: GetInventoryExportInput): Promise<InventoryExportView> {
    const ownerId = requireUserCaller(input.caller);
    return inventoryExportView(await ownExportJob(this.queue, ownerId, input.id), this.retentionMs, this.clock.now());
  }
}
