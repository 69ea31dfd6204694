import { ContainerModule } from 'inversify';
import { CsvParseDecoder } from '../../adapters/csv/csv-parse-decoder.js';
import { CsvStringifyEncoder } from '../../adapters/csv/csv-stringify-encoder.js';
import { ListingBodyRulesChecker } from '../../adapters/http/marketplace/listing-bodies.js';
import { InventoryUploadPresenter } from '../../adapters/http/inventory/inventory-upload-presenter.js';
import { InventoryFilePages } from '../../adapters/http/inventory/inventory-file-pages.js';
import { InventoryUploadRoutes } from '../../adapters/http/inventory/inventory-upload-routes.js';
import { UploadSpool } from '../../adapters/http/inventory/upload-spool.js';
import { ApplyInventoryUpload } from '../../application/inventory/apply-inventory-upload.js';
import { GetInventoryUpload } from '../../application/inventory/get-inventory-upload.js';
import { ListInventoryUploads } from '../../application/inventory/list-inventory-uploads.js';
import { RequestInventoryUpload } from '../../application/inventory/request-inventory-upload.js';
import { UploadChecker } from '../../application/inventory/upload-checker.js';
import { CATALOGUE } from '../catalogue/catalogue-tokens.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import { MARKETPLACE } from '../marketplace/marketplace-tokens.js';
import { InventoryExportPresenter } from '../../adapters/http/inventory/inventory-export-presenter.js';
import { InventoryExportRoutes } from '../../adapters/http/inventory/inventory-export-routes.js';
import { FolderFileStore } from '../../adapters/system/folder-file-store.js';
import { DownloadInventoryExport } from '../../application/inventory/download-inventory-export.js';
import { ExpireInventoryExports } from '../../application/inventory/expire-inventory-exports.js';
import { ExportInventory } from '../../application/inventory/export-inventory.js';
import { InventoryJobEvents } from '../../application/inventory/inventory-job-events.js';
import { EVENTS } from '../events/events-tokens.js';
import { GetInventoryExport } from '../../application/inventory/get-inventory-export.js';
import { ListInventoryExports } from '../../application/inventory/list-inventory-exports.js';
import { RequestInventoryExport } from '../../application/inventory/request-inventory-export.js';
import { CORE } from '../core/core-tokens.js';
import { HTTP } from '../http/http-tokens.js';
import { JOBS } from '../jobs/jobs-tokens.js';
import { PERSISTENCE } from '../persistence/persistence-tokens.js';
import { seedDemoInventory } from './demo-inventory.js';
import type { SpindleModule } from '../spindle-module.js';
import { inventoryMemory } from './inventory-memory.js';
import { inventorySql } from './inventory-sql.js';
import { INVENTORY } from './inventory-tokens.js';

/**
 * Sellers' inventories in bulk: exports as CSV files (`POST`/`GET /inventory/export…`), each a job of kind
 * `inventory-export` on the jobs module's queue, run by its worker (the handler bound to `JOBS.Handler`), the file
 * written from a database cursor into the file store (a folder, `FILE_DIR`) and removed after `EXPORT_RETENTION_HOURS`
 * by the handler's maintenance; and uploads (`POST /inventory/upload/{add,change,delete}`, `GET /inventory/upload…`),
 * each file checked whole on arrival, kept in the file store and applied all or nothing by an `inventory-upload` job.
 * See ADRs 0023 and 0024.
 */
export const inventoryModule: SpindleModule = {
  name: 'inventory',

  adapters: { sql: inventorySql, memory: inventoryMemory },

  bindings: ({ config, logger }) =>
    new ContainerModule(({ bind }) => {
      const retentionMs = config.exportRetentionHours * 3_600_000;
      bind(INVENTORY.FileStore).toConstantValue(new FolderFileStore(config.fileDir));
      bind(INVENTORY.CsvEncoder).toConstantValue(new CsvStringifyEncoder());

      bind(INVENTORY.RequestExport)
        .toResolvedValue((q, w, c) => new RequestInventoryExport(q, w, c, retentionMs), [JOBS.Queue, PERSISTENCE.UnitOfWork, CORE.Clock])
        .inSingletonScope();
      bind(INVENTORY.ListExports)
        .toResolvedValue((q, c) => new ListInventoryExports(q, c, retentionMs), [JOBS.Queue, CORE.Clock])
        .inSingletonScope();
      bind(INVENTORY.GetExport)
        .toResolvedValue((q, c) => new GetInventoryExport(q, c, retentionMs), [JOBS.Queue, CORE.Clock])
        .inSingletonScope();
      bind(INVENTORY.DownloadExport)
        .toResolvedValue((q, f, c) => new DownloadInventoryExport(q, f, c, retentionMs), [JOBS.Queue, INVENTORY.FileStore, CORE.Clock])
        .inSingletonScope();
      bind(INVENTORY.ExpireExports)
        .toResolvedValue((f) => new ExpireInventoryExports(f, retentionMs), [INVENTORY.FileStore])
        .inSingletonScope();
      bind(INVENTORY.ExportHandler)
        .toResolvedValue((r, e, f, w, x, q, v) => new ExportInventory(r, e, f, w, x, new InventoryJobEvents(q, v, retentionMs)), [
          INVENTORY.Reader,
          INVENTORY.CsvEncoder,
          INVENTORY.FileStore,
          PERSISTENCE.UnitOfWork,
          INVENTORY.ExpireExports,
          JOBS.Queue,
          EVENTS.Recorder,
        ])
        .inSingletonScope();
      bind(JOBS.Handler).toResolvedValue((h) => h, [INVENTORY.ExportHandler]);

      bind(INVENTORY.CsvDecoder).toConstantValue(new CsvParseDecoder());
      bind(INVENTORY.ListingFieldsChecker).toConstantValue(new ListingBodyRulesChecker());
      bind(INVENTORY.UploadChecker)
        .toResolvedValue((d, w, c, f) => new UploadChecker(d, w, c, f), [INVENTORY.CsvDecoder, INVENTORY.Writer, CATALOGUE.Reader, INVENTORY.ListingFieldsChecker])
        .inSingletonScope();
      bind(INVENTORY.RequestUpload)
        .toResolvedValue((u, s, k, f, q, w, i, c) => new RequestInventoryUpload(u, s, k, f, q, w, i, c), [
          IDENTITY.UserRepository,
          MARKETPLACE.SellerRepository,
          INVENTORY.UploadChecker,
          INVENTORY.FileStore,
          JOBS.Queue,
          PERSISTENCE.UnitOfWork,
          CORE.IdGenerator,
          CORE.Clock,
        ])
        .inSingletonScope();
      bind(INVENTORY.ListUploads).toResolvedValue((q) => new ListInventoryUploads(q), [JOBS.Queue]).inSingletonScope();
      bind(INVENTORY.GetUpload).toResolvedValue((q) => new GetInventoryUpload(q), [JOBS.Queue]).inSingletonScope();
      bind(INVENTORY.UploadHandler)
        .toResolvedValue((u, k, f, w, q, v) => new ApplyInventoryUpload(u, k, f, w, retentionMs, new InventoryJobEvents(q, v, retentionMs)), [
          IDENTITY.UserRepository,
          INVENTORY.UploadChecker,
          INVENTORY.FileStore,
          PERSISTENCE.UnitOfWork,
          JOBS.Queue,
          EVENTS.Recorder,
        ])
        .inSingletonScope();
      bind(JOBS.Handler).toResolvedValue((h) => h, [INVENTORY.UploadHandler]);

      bind(HTTP.Routes)
        .toResolvedValue(
          (request, list, get, download) =>
            new InventoryExportRoutes(
              { request, list, get, download },
              new InventoryExportPresenter(config.baseUrl, config.dialect),
              config.baseUrl,
              { maxBodyBytes: config.maxBodyBytes },
            ),
          [INVENTORY.RequestExport, INVENTORY.ListExports, INVENTORY.GetExport, INVENTORY.DownloadExport],
        )
        .inSingletonScope();
      // Parts left by a process that died mid-upload are removed at start (the server starts background services).
      const spool = new UploadSpool();
      bind(INVENTORY.UploadSpool).toConstantValue(spool);
      bind(CORE.BackgroundService).toConstantValue({
        name: 'upload spool sweeper',
        start: () => void spool.clearStale().then(
          (removed) => removed > 0 && logger.info({ folder: spool.root, removed }, 'removed upload parts left by stopped processes'),
          (err: unknown) => logger.warn({ err, folder: spool.root }, 'could not clear the upload spool'),
        ),
        stop: async () => undefined,
      });
      bind(HTTP.Routes)
        .toResolvedValue(
          (request, list, get) =>
            new InventoryUploadRoutes({ request, list, get }, new InventoryUploadPresenter(config.baseUrl), config.baseUrl, {
              maxUploadBytes: config.uploadMaxBytes,
              spool,
            }),
          [INVENTORY.RequestUpload, INVENTORY.ListUploads, INVENTORY.GetUpload],
        )
        .inSingletonScope();
      // The seller's export and upload pages: the same use cases as the routes above, with a browser session.
      bind(HTTP.Routes)
        .toResolvedValue(
          (request, list, get, download, requestUpload, listUploads, getUpload, sessions, secrets) =>
            new InventoryFilePages(
              { request, list, get, download },
              { request: requestUpload, list: listUploads, get: getUpload },
              { maxUploadBytes: config.uploadMaxBytes, spool },
              { sessions, secrets },
              { webUrl: config.webUrl, site: config.siteName },
            ),
          [
            INVENTORY.RequestExport,
            INVENTORY.ListExports,
            INVENTORY.GetExport,
            INVENTORY.DownloadExport,
            INVENTORY.RequestUpload,
            INVENTORY.ListUploads,
            INVENTORY.GetUpload,
            IDENTITY.WebSessions,
            IDENTITY.SecretGenerator,
          ],
        )
        .inSingletonScope();
    }),

  demoAfter: ['identity', 'marketplace', 'orders'],
  demo: seedDemoInventory,
};
