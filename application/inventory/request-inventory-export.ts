import { INVENTORY_EXPORT_JOB, inventoryExportFilename } from '../../domain/inventory/inventory-export.js';
import { Conflict } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { JobQueue } from '../ports/job-queue.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { requireUserCaller, type Caller } from '../shared/caller.js';
import { inventoryExportView, type InventoryExportView } from './inventory-export-view.js';

/** The 409 message while one of the caller's exports is pending or processing. */
export const EXPORT_IN_PROGRESS_MESSAGE = 'An export of your inventory is already pending or processing.';

export interface RequestInventoryExportInput {
  readonly caller: Caller;
}

/**
 * Asks for an export of the caller's inventory (`POST /inventory/export`): a pending `inventory-export` job owned by
 * the caller, its file name set from the caller's login and the time now. 401 anonymous, 403 an application alone,
 * 409 (Conflict) while one of the caller's exports is pending or processing.
 */
export class RequestInventoryExport {
  constructor(
    private readonly queue: JobQueue,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly retentionMs: number,
  ) {}

  async execute(input: RequestInventoryExportInput): Promise<InventoryExportView> {
    const ownerId = requireUserCaller(input.caller);
    const username = input.caller.kind === 'user' ? input.caller.username : '';
    const now = this.clock.now();
    const job = await this.uow.run(() =>
      this.queue.enqueueExclusive({ kind: INVENTORY_EXPORT_JOB, ownerId, payload: { filename: inventoryExportFilename(username, now) } }, now),
    );
    if (job === null) throw new Conflict(EXPORT_IN_PROGRESS_MESSAGE);
    return inventoryExportView(job, this.retentionMs, now);
  }
}
