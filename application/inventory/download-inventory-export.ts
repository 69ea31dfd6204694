import { inventoryExportKey } from '../../domain/inventory/inventory-export.js';
import { NotFound } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { FileStore, OpenedFile } from '../ports/file-store.js';
import type { JobQueue } from '../ports/job-queue.js';
import { requireUserCaller, type Caller } from '../shared/caller.js';
import { inventoryExportView, ownExportJob, type InventoryExportView } from './inventory-export-view.js';

export interface DownloadInventoryExportInput {
  readonly caller: Caller;
  readonly id: number;
}

/** An export's file, opened, and the export it belongs to (for its file name). */
export interface InventoryExportDownload {
  readonly export: InventoryExportView;
  readonly file: OpenedFile;
}

/**
 * The file of one of the caller's inventory exports (`GET /inventory/export/{id}/download`). 401 anonymous, 403 an
 * application alone, 404 for an id that names none of the caller's exports, and for one not finished, failed, or
 * whose file has expired (or is gone).
 */
export class DownloadInventoryExport {
  constructor(
    private readonly queue: JobQueue,
    private readonly files: FileStore,
    private readonly clock: Clock,
    private readonly retentionMs: number,
  ) {}

  async execute(input: DownloadInventoryExportInput): Promise<InventoryExportDownload> {
    const ownerId = requireUserCaller(input.caller);
    const job = await ownExportJob(this.queue, ownerId, input.id);
    const view = inventoryExportView(job, this.retentionMs, this.clock.now());
    if (!view.downloadable) throw new NotFound();
    const file = await this.files.open(inventoryExportKey(job.id));
    if (!file) throw new NotFound();
    return { export: view, file };
  }
}
