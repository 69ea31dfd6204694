import {
  INVENTORY_UPLOAD_JOB,
  inventoryUploadKey,
  isCsvMediaType,
  uploadFilename,
  uploadRefusalText,
  type UploadType,
} from '../../domain/inventory/inventory-upload.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { currencyOrDollars } from '../../domain/marketplace/currency.js';
import type { SellerRepository } from '../../domain/marketplace/seller-repository.js';
import { UNFINISHED_JOB_STATUSES } from '../../domain/jobs/job.js';
import { Conflict, Invalid, UnsupportedMediaType } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import { CsvUnreadable } from '../ports/csv-decoder.js';
import type { FileStore } from '../ports/file-store.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { JobQueue } from '../ports/job-queue.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { requireConfirmedEmail, type Caller } from '../shared/caller.js';
import { requireSeller, requireUserRecord } from '../marketplace/listing-access.js';
import { inventoryUploadView, type InventoryUploadPayload, type InventoryUploadView } from './inventory-upload-view.js';
import type { UploadChecker } from './upload-checker.js';

/** The 409 message while one of the caller's uploads is pending or processing. */
export const UPLOAD_IN_PROGRESS_MESSAGE = 'An upload of your inventory is already pending or processing.';
/** The 415 message for a part that is not CSV. */
export const NOT_CSV_MESSAGE = 'The file must be CSV text in UTF-8 (text/csv).';
/** The 422 message when the request has no file. */
export const NO_FILE_MESSAGE = 'The request must carry the CSV file as the multipart/form-data field file (or upload).';

/** An uploaded file as the request carried it. */
export interface UploadedFile {
  /** The name it was sent as (a path is cut to its last segment). */
  readonly filename: string | null;
  /** The part's `Content-Type`, or null when it had none. */
  readonly mediaType: string | null;
  /** Its bytes from the first, each time this is called (the file is read twice: to check it, then to keep it). */
  bytes(): AsyncIterable<Uint8Array>;
}

export interface RequestInventoryUploadInput {
  readonly caller: Caller;
  readonly type: UploadType;
  /** The file, or null when the request carried none (422). */
  readonly file: UploadedFile | null;
}

/**
 * `POST /inventory/upload/{add,change,delete}`: checks the whole file, then queues it to be applied. In order: the
 * caller (401 anonymous, 403 an application alone; an add also needs a seller, 403 otherwise), no upload of the
 * caller's unfinished (409), a file sent (422), a CSV part (415), then every row, streaming: UTF-8 text (415), CSV
 * syntax, the header, each cell, the releases and listings the rows name (422 naming each problem, at most 100 of
 * them listed; nothing kept or queued). A good file is kept in the file store and a pending `inventory-upload` job
 * queued for it; the job applies it all or nothing (ApplyInventoryUpload). Two requests racing past the first 409
 * check still queue only one: the second gets the 409 and its file is removed.
 */
export class RequestInventoryUpload {
  constructor(
    private readonly users: UserRepository,
    private readonly sellers: SellerRepository,
    private readonly checker: UploadChecker,
    private readonly files: FileStore,
    private readonly queue: JobQueue,
    private readonly uow: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: RequestInventoryUploadInput): Promise<InventoryUploadView> {
    const ownerId = requireConfirmedEmail(input.caller);
    if (input.type === 'add') await requireSeller(this.sellers, ownerId);
    if (await this.queue.has(INVENTORY_UPLOAD_JOB, ownerId, UNFINISHED_JOB_STATUSES)) throw new Conflict(UPLOAD_IN_PROGRESS_MESSAGE);
    const file = input.file;
    if (file === null) throw new Invalid(NO_FILE_MESSAGE);
    if (!isCsvMediaType(file.mediaType)) throw new UnsupportedMediaType(NOT_CSV_MESSAGE);
    const user = await requireUserRecord(this.users, ownerId);
    const now = this.clock.now();
    let records: number;
    try {
      const check = await this.checker.check(file.bytes(), { type: input.type, sellerId: ownerId, currency: currencyOrDollars(user.currency), now, apply: false });
      if (check.total > 0) throw new Invalid(uploadRefusalText(check.problems, check.total));
      records = check.records;
    } catch (err) {
      if (err instanceof CsvUnreadable) {
        if (err.reason === 'encoding') throw new UnsupportedMediaType(`${NOT_CSV_MESSAGE} ${err.message}`);
        throw new Invalid(`The file was not applied: ${err.message}`);
      }
      throw err;
    }

    const key = inventoryUploadKey(this.ids.next());
    await this.files.write(key, file.bytes());
    const payload: InventoryUploadPayload = { type: input.type, filename: uploadFilename(file.filename), file: key, records };
    let job;
    try {
      job = await this.uow.run(() => this.queue.enqueueExclusive({ kind: INVENTORY_UPLOAD_JOB, ownerId, payload: { ...payload } }, now));
    } catch (err) {
      await this.files.remove(key);
      throw err;
    }
    if (job === null) {
      await this.files.remove(key);
      throw new Conflict(UPLOAD_IN_PROGRESS_MESSAGE);
    }
    return inventoryUploadView(job);
  }
}
