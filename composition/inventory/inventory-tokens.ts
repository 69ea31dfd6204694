import type { DownloadInventoryExport } from '../../application/inventory/download-inventory-export.js';
import type { ExpireInventoryExports } from '../../application/inventory/expire-inventory-exports.js';
import type { ExportInventory } from '../../application/inventory/export-inventory.js';
import type { GetInventoryExport } from '../../application/inventory/get-inventory-export.js';
import type { ListInventoryExports } from '../../application/inventory/list-inventory-exports.js';
import type { RequestInventoryExport } from '../../application/inventory/request-inventory-export.js';
import type { ApplyInventoryUpload } from '../../application/inventory/apply-inventory-upload.js';
import type { GetInventoryUpload } from '../../application/inventory/get-inventory-upload.js';
import type { ListInventoryUploads } from '../../application/inventory/list-inventory-uploads.js';
import type { RequestInventoryUpload } from '../../application/inventory/request-inventory-upload.js';
import type { UploadChecker } from '../../application/inventory/upload-checker.js';
import type { ListingFieldsChecker } from '../../application/marketplace/listing-input.js';
import type { CsvDecoder } from '../../application/ports/csv-decoder.js';
import type { CsvEncoder } from '../../application/ports/csv-encoder.js';
import type { InventoryWriter } from '../../application/ports/inventory-writer.js';
import type { FileStore } from '../../application/ports/file-store.js';
import type { InventoryReader } from '../../application/ports/inventory-reader.js';
import type { UploadSpool } from '../../adapters/http/inventory/upload-spool.js';
import { token } from '../token.js';

export const INVENTORY = {
  /** Where export files and uploaded files are kept: a folder, `FILE_DIR`. */
  FileStore: token<FileStore>('inventory/FileStore'),
  /** Where this process spools multipart parts while their request runs. */
  UploadSpool: token<UploadSpool>('inventory/UploadSpool'),
  CsvEncoder: token<CsvEncoder>('inventory/CsvEncoder'),
  Reader: token<InventoryReader>('inventory/Reader'),
  RequestExport: token<RequestInventoryExport>('inventory/RequestExport'),
  ListExports: token<ListInventoryExports>('inventory/ListExports'),
  GetExport: token<GetInventoryExport>('inventory/GetExport'),
  DownloadExport: token<DownloadInventoryExport>('inventory/DownloadExport'),
  ExpireExports: token<ExpireInventoryExports>('inventory/ExpireExports'),
  /** The `inventory-export` job handler (also bound to `JOBS.Handler`). */
  ExportHandler: token<ExportInventory>('inventory/ExportHandler'),
  CsvDecoder: token<CsvDecoder>('inventory/CsvDecoder'),
  Writer: token<InventoryWriter>('inventory/Writer'),
  /** The listing field rules an upload's rows are checked by: the API's listing bodies' (see ADR 0043). */
  ListingFieldsChecker: token<ListingFieldsChecker>('inventory/ListingFieldsChecker'),
  UploadChecker: token<UploadChecker>('inventory/UploadChecker'),
  RequestUpload: token<RequestInventoryUpload>('inventory/RequestUpload'),
  ListUploads: token<ListInventoryUploads>('inventory/ListUploads'),
  GetUpload: token<GetInventoryUpload>('inventory/GetUpload'),
  /** The `inventory-upload` job handler (also bound to `JOBS.Handler`). */
  UploadHandler: token<ApplyInventoryUpload>('inventory/UploadHandler'),
} as const;
