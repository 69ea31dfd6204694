import { INVENTORY_EXPORT_FOLDER } from '../../domain/inventory/inventory-export.js';
import type { FileStore } from '../ports/file-store.js';

/**
 * Removes the files of exports that finished longer ago than the retention (their records stay, without a download
 * URL), and files that a write left unfinished as long ago. Returns how many files it removed. Safe to run at any
 * time, from any number of processes; the job worker runs it now and then (the export handler's `maintain`).
 */
export class ExpireInventoryExports {
  constructor(
    private readonly files: FileStore,
    private readonly retentionMs: number,
  ) {}

  async execute(now: Date): Promise<number> {
    const before = new Date(now.getTime() - this.retentionMs);
    return (await this.files.removeOlderThan(INVENTORY_EXPORT_FOLDER, before)).length;
  }
}
