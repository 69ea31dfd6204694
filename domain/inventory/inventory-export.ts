import type { Job } from '../jobs/job.js';

/** The kind of job that writes an inventory export (see JobQueue). */
export const INVENTORY_EXPORT_JOB = 'inventory-export';

/** How long a finished export's file is kept, by default: a week. */
export const DEFAULT_EXPORT_RETENTION_HOURS = 168;

const two = (n: number): string => String(n).padStart(2, '0');

/**
 * The name an export's file is downloaded as: `{name}-inventory-YYYYMMDD-HHMM.csv`, from the seller's login name and
 * the time the export was asked for, in UTC.
 */
export function inventoryExportFilename(username: string, created: Date): string {
  const date = `${created.getUTCFullYear()}${two(created.getUTCMonth() + 1)}${two(created.getUTCDate())}`;
  return `${username}-inventory-${date}-${two(created.getUTCHours())}${two(created.getUTCMinutes())}.csv`;
}

/**
 * Where an export's file is kept in the file store: named by its job's id, so a run taken again after its worker died
 * writes over the same file.
 */
export function inventoryExportKey(id: number): string {
  return `${INVENTORY_EXPORT_FOLDER}/${id}.csv`;
}

/** The file store folder of export files (expiry sweeps it). */
export const INVENTORY_EXPORT_FOLDER = 'inventory-export';

/** Whether an export's file may still be downloaded: it finished in success less than `retentionMs` before `now`. */
export function isDownloadable(job: Pick<Job, 'status' | 'finished'>, retentionMs: number, now: Date): boolean {
  return job.status === 'success' && job.finished !== null && now.getTime() - job.finished.getTime() < retentionMs;
}
