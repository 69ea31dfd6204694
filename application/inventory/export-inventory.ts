import { INVENTORY_EXPORT_COLUMNS, inventoryCsvRecord } from '../../domain/inventory/inventory-csv.js';
import { INVENTORY_EXPORT_JOB, inventoryExportKey } from '../../domain/inventory/inventory-export.js';
import type { Job, JobData } from '../../domain/jobs/job.js';
import type { CsvEncoder } from '../ports/csv-encoder.js';
import { FileStoreFull, type FileStore } from '../ports/file-store.js';
import type { InventoryReader } from '../ports/inventory-reader.js';
import { JobFailed, type JobHandler } from '../ports/job-queue.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { ExpireInventoryExports } from './expire-inventory-exports.js';
import type { InventoryJobEvents } from './inventory-job-events.js';

/** What the owner of an export reads when the file store had no room for it. */
export const EXPORT_NO_ROOM_MESSAGE = 'The export could not be written: the service has no room to store the file now. Ask for a new export later.';

/** How many listings are read, shaped and written at a time. */
export const EXPORT_BATCH_SIZE = 5000;

/** What an export job ends with: its file's name and how many listings it holds. */
export interface InventoryExportResult extends JobData {
  readonly filename: string;
  readonly rows: number;
}

/**
 * Runs `inventory-export` jobs: reads the owner's inventory (every listing but the deleted ones, in id order) in
 * batches, shapes each listing into its CSV record (formula starts neutralised), encodes them as CSV and writes the
 * file into the file store under a key named by the job's id, streaming from first to last, so memory stays flat
 * however large the inventory. The read, the file and the job's end happen inside one unit of work; the file is
 * written whole before the job ends, and a run taken again after a dead worker writes the same file over. A file store
 * without room fails the job with {@link EXPORT_NO_ROOM_MESSAGE}. The job's end, either way, records
 * `inventory.export_finished` with it.
 */
export class ExportInventory implements JobHandler {
  readonly kind = INVENTORY_EXPORT_JOB;

  constructor(
    private readonly reader: InventoryReader,
    private readonly encoder: CsvEncoder,
    private readonly files: FileStore,
    private readonly uow: UnitOfWork,
    private readonly expiry: ExpireInventoryExports,
    private readonly events: InventoryJobEvents,
    private readonly batchSize: number = EXPORT_BATCH_SIZE,
  ) {}

  /** Removes the files of exports past their retention (the worker calls this now and then). */
  async maintain(now: Date): Promise<void> {
    await this.expiry.execute(now);
  }

  async ended(jobId: number): Promise<void> {
    await this.events.exportEnded(jobId);
  }

  async run(job: Job, finish: (result: JobData) => Promise<void>): Promise<void> {
    if (job.ownerId === null) throw new Error(`Inventory export ${job.id} has no owner`);
    const ownerId = job.ownerId;
    const filename = typeof job.payload.filename === 'string' ? job.payload.filename : `inventory-${job.id}.csv`;
    await this.uow.run(async () => {
      let rows = 0;
      const listings = this.reader.listings(ownerId, this.batchSize);
      async function* records(): AsyncIterable<string[][]> {
        for await (const batch of listings) {
          rows += batch.length;
          yield batch.map(inventoryCsvRecord);
        }
      }
      await this.files.write(inventoryExportKey(job.id), this.encoder.encode(INVENTORY_EXPORT_COLUMNS, records())).catch((err: unknown) => {
        // Nothing of the file is kept (the store writes whole files or none); trying again would meet the same disk.
        throw err instanceof FileStoreFull ? new JobFailed(EXPORT_NO_ROOM_MESSAGE) : err;
      });
      const result: InventoryExportResult = { filename, rows };
      await finish(result);
    });
  }
}
