import { estimatedWeight, formatQuantity } from '../../domain/catalogue/shipping-estimate.js';
import {
  uploadChangedListing,
  uploadedListing,
  uploadHeader,
  uploadProblemsOf,
  type Estimates,
  type UploadHeader,
  type UploadProblem,
  type UploadRow,
  type UploadType,
} from '../../domain/inventory/inventory-upload.js';
import type { Currency } from '../../domain/marketplace/currency.js';
import type { Listing, NewListing } from '../../domain/marketplace/listing.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import type { CsvDecoder } from '../ports/csv-decoder.js';
import type { InventoryWriter } from '../ports/inventory-writer.js';
import { IdBits } from './id-bits.js';
import type { ListingFieldsChecker } from '../marketplace/listing-input.js';
import { Problems } from './problems.js';
import { uploadRow } from './upload-row.js';

/** How many rows are checked (and, in a job, written) at a time. */
export const UPLOAD_BATCH_SIZE = 2000;

/** What a check is for: whose inventory, in what currency new prices are, and whether to apply the rows. */
export interface UploadCheckContext {
  readonly type: UploadType;
  readonly sellerId: number;
  /** The seller's currency (from their settings): an added listing's price is in it. */
  readonly currency: Currency;
  readonly now: Date;
  /**
   * Whether to apply the rows as they are checked (a job's run, inside its unit of work: the listings read are
   * locked, each batch written while no problem has been found). Without it, the file is only checked (a request).
   */
  readonly apply: boolean;
  /**
   * Told of each batch as it is written (with `apply`), in the same unit of work: the listings added (with their ids),
   * changed (as changed) or deleted (as they were, before the delete). The upload job records their events through it.
   */
  readonly applied?: AppliedListings;
}

/** What a batch's write did to listings, as `UploadCheckContext.applied` is told it. */
export type AppliedListings = (change: 'added' | 'changed' | 'deleted', listings: readonly Listing[]) => Promise<void>;

/** What came of a check: how many records the file holds, and its problems (at most MAX_LISTED_PROBLEMS listed). */
export interface UploadCheck {
  readonly records: number;
  readonly problems: readonly UploadProblem[];
  readonly total: number;
}

/** How many releases' market figures one statement brings up to date at the end of an applied upload. */
export const MARKET_REFRESH_SIZE = 10_000;

/** A batch's writes, started by the caller. */
type Write = () => Promise<unknown>;

const noop = (): void => undefined;

const notYours = (row: number, id: number): UploadProblem => ({
  row,
  column: 'listing_id',
  value: String(id),
  message: `Listing ${id} is not one of your listings.`,
});

/**
 * Reads an upload file from first byte to last, a batch of rows at a time (memory holds a few batches, whatever the
 * file's size: the one being checked, the next one being read, and the last one's write), and checks
 * every row: the header, each cell's rule (the listing field rules of the API's bodies, `fields`), then what the database says of the batch (an added or changed release
 * must be stored and not blocked from sale; a changed or deleted listing must be the seller's). With `apply`, each
 * batch is also written (added, saved or removed in a few statements) as long as no problem has been found; the
 * caller's unit of work then commits all of it, or, when the check found problems, rolls all of it back. The
 * releases' market figures are left alone while the batches are written and brought up to date once at the end (see
 * InventoryWriter.deferMarketFigures), so an upload holds no release row while it waits for a listing. The same
 * check serves the request (422 before anything is queued) and the job (checked again as it applies, since the
 * inventory and the catalogue may have changed in between). Throws CsvUnreadable for a file that is not CSV text.
 *
 * The work overlaps, the statements keeping their order: the next batch is read and parsed while this one's lookups
 * and write run, and a batch's write goes on while the next batch's rows are checked cell by cell, ending before
 * that batch's first lookup (the database sees the same statements in the same order; only Node's work runs beside
 * it).
 */
export class UploadChecker {
  constructor(
    private readonly decoder: CsvDecoder,
    private readonly writer: InventoryWriter,
    private readonly catalogue: CatalogueReader,
    private readonly fields: ListingFieldsChecker,
    private readonly batchSize: number = UPLOAD_BATCH_SIZE,
    private readonly refreshSize: number = MARKET_REFRESH_SIZE,
  ) {}

  async check(bytes: AsyncIterable<Uint8Array>, context: UploadCheckContext): Promise<UploadCheck> {
    const problems = new Problems();
    // The listings deleted so far (a later row naming one again is no problem), and the releases whose market figures
    // the writes change, brought up to date at the end (see deferMarketFigures): bits, so memory stays flat.
    const deleted = new IdBits();
    const touched = new IdBits();
    if (context.apply) await this.writer.deferMarketFigures();
    let header: UploadHeader | null = null;
    let records = 0;
    let rows: UploadRow[] = [];
    // A batch's write, still running while the next batch is read and its rows checked; it is awaited before that
    // batch's first statement, so the database gets the statements in the same order as if each were awaited in turn.
    let writing: Promise<unknown> | null = null;
    const written = async () => {
      const write = writing;
      writing = null;
      await write;
    };
    const settled = () => writing?.catch(noop);
    const flush = async () => {
      if (rows.length === 0) return;
      const batch = rows;
      rows = [];
      await written();
      const write =
        context.type === 'add'
          ? await this.add(batch, context, problems, touched)
          : context.type === 'change'
            ? await this.change(batch, context, problems, touched)
            : await this.delete(batch, context, problems, deleted, touched);
      if (write) {
        writing = write();
        writing.catch(noop); // a failure while the next batch is read is seen when the write is awaited
      }
    };
    // The next batch is read and parsed while this one's statements run (the decoder one batch ahead).
    const batches = this.decoder.records(bytes, this.batchSize)[Symbol.asyncIterator]();
    const ahead = () => {
      const next = batches.next();
      next.catch(noop); // a failure while this batch is being checked is seen when the next one is awaited
      return next;
    };
    let next = ahead();
    const pull = async () => {
      try {
        return await next;
      } catch (err) {
        await written(); // a failed write is the error, as when each write was awaited before reading on
        throw err;
      }
    };
    try {
      for (let read = await pull(); !read.done; read = await pull()) {
        next = ahead();
        for (const record of read.value) {
          if (header === null) {
            try {
              header = uploadHeader(context.type, record.cells);
            } catch (err) {
              const refused = uploadProblemsOf(err);
              if (!refused) throw err;
              return { records: 0, problems: refused, total: refused.length };
            }
            continue;
          }
          records++;
          const row = uploadRow(header, record.cells, record.row, this.fields);
          if (Array.isArray(row)) problems.add(row);
          else rows.push(row);
        }
        if (rows.length >= this.batchSize) await flush();
      }
      await flush();
      await written();
    } finally {
      // However the check ends, nothing of it is left running: the write settled, the file closed.
      await settled();
      await batches.return?.();
    }
    if (header === null) {
      problems.add([{ row: 1, column: null, value: null, message: 'The file is empty: it must start with a header row of lower-case field names.' }]);
    } else if (records === 0) {
      problems.add([{ row: 2, column: null, value: null, message: 'The file has a header but no records below it.' }]);
    }
    if (context.apply && problems.total === 0) {
      // In ascending id order, a statement per chunk: the release rows are locked in id order, as by one statement.
      for (const releaseIds of touched.chunks(this.refreshSize)) await this.writer.refreshMarketFigures(releaseIds);
    }
    return { records, problems: problems.listed, total: problems.total };
  }

  /** Weight and format quantity estimated from a release's formats, for rows that ask for `auto` (read once per release). */
  private async estimates(releaseId: number, cache: Map<number, Estimates | null>): Promise<Estimates | null> {
    if (!cache.has(releaseId)) {
      const release = await this.catalogue.release(releaseId);
      cache.set(releaseId, release ? { weight: estimatedWeight(release.record.formats), formatQuantity: formatQuantity(release.record.formats) } : null);
    }
    return cache.get(releaseId)!;
  }

  /** Checks a batch of add rows; returns its write when it is to be applied (the caller starts and awaits it). */
  private async add(rows: readonly UploadRow[], c: UploadCheckContext, problems: Problems, touched: IdBits): Promise<Write | null> {
    const { missing, blocked } = await this.writer.unsaleable(rows.map((r) => r.releaseId!));
    const cache = new Map<number, Estimates | null>();
    const listings: NewListing[] = [];
    for (const row of rows) {
      const releaseId = row.releaseId!;
      if (missing.has(releaseId) || blocked.has(releaseId)) {
        const why = missing.has(releaseId) ? 'not found' : 'blocked from sale';
        problems.add([{ row: row.row, column: 'release_id', value: String(releaseId), message: `Release ${releaseId} is ${why}.` }]);
        continue;
      }
      const auto = row.weight === 'auto' || row.formatQuantity === 'auto';
      const listing = uploadedListing(row, c.sellerId, c.currency, auto ? await this.estimates(releaseId, cache) : null, c.now);
      if (Array.isArray(listing)) problems.add(listing);
      else listings.push(listing);
    }
    if (!c.apply || problems.total > 0) return null;
    for (const l of listings) touched.add(l.releaseId);
    return async () => {
      const added = await this.writer.addMany(listings);
      await c.applied?.('added', added);
    };
  }

  private async change(rows: readonly UploadRow[], c: UploadCheckContext, problems: Problems, touched: IdBits): Promise<Write | null> {
    const named = rows.flatMap((r) => (r.listingId === undefined ? [] : [r.listingId]));
    const byRelease = rows.flatMap((r) => (r.listingId === undefined ? [r.releaseId!] : []));
    const listings = new Map((await this.writer.sellerListings(c.sellerId, named, c.apply)).map((l) => [l.id, l]));
    const ofRelease = new Map<number, Listing[]>();
    for (const l of await this.writer.sellerListingsOfReleases(c.sellerId, byRelease, c.apply)) {
      ofRelease.set(l.releaseId, [...(ofRelease.get(l.releaseId) ?? []), l]);
    }
    // Releases a row moves a listing to must be saleable, as for an add.
    const moved = rows.filter((r) => r.listingId !== undefined && r.releaseId !== undefined && listings.get(r.listingId)?.releaseId !== r.releaseId);
    const { missing, blocked } = await this.writer.unsaleable(moved.map((r) => r.releaseId!));
    // The releases the listings are of before the rows change them (an edit changes the listing in place).
    const releaseBefore = new Map<number, number>();
    for (const l of [...listings.values(), ...[...ofRelease.values()].flat()]) releaseBefore.set(l.id, l.releaseId);
    const cache = new Map<number, Estimates | null>();
    const changed = new Map<number, Listing>();
    for (const row of rows) {
      let listing: Listing | undefined;
      let edit = row;
      if (row.listingId !== undefined) {
        listing = changed.get(row.listingId) ?? listings.get(row.listingId);
        if (!listing) {
          problems.add([notYours(row.row, row.listingId)]);
          continue;
        }
        const releaseId = row.releaseId;
        if (releaseId !== undefined && releaseId !== listing.releaseId && (missing.has(releaseId) || blocked.has(releaseId))) {
          const why = missing.has(releaseId) ? 'not found' : 'blocked from sale';
          problems.add([{ row: row.row, column: 'release_id', value: String(releaseId), message: `Release ${releaseId} is ${why}.` }]);
          continue;
        }
      } else {
        const releaseId = row.releaseId!;
        const found = ofRelease.get(releaseId) ?? [];
        if (found.length !== 1) {
          const message =
            found.length === 0
              ? `You have no listing of release ${releaseId}.`
              : `You have ${found.length} listings of release ${releaseId}; add a listing_id column to say which one to change.`;
          problems.add([{ row: row.row, column: 'release_id', value: String(releaseId), message }]);
          continue;
        }
        listing = changed.get(found[0]!.id) ?? found[0]!;
        // The release names the listing here; it is not a change.
        const { releaseId: _named, ...rest } = row;
        edit = rest;
      }
      const auto = edit.weight === 'auto' || edit.formatQuantity === 'auto';
      const result = uploadChangedListing(edit, listing, auto ? await this.estimates(edit.releaseId ?? listing.releaseId, cache) : null, c.now);
      if (Array.isArray(result)) problems.add(result);
      else if (result !== 'unchanged') changed.set(result.id, result);
    }
    if (!c.apply || problems.total > 0) return null;
    // The releases the listings were of, and those they are of now.
    for (const [id, releaseId] of releaseBefore) if (changed.has(id)) touched.add(releaseId);
    for (const l of changed.values()) touched.add(l.releaseId);
    const saved = [...changed.values()];
    return async () => {
      await this.writer.saveMany(saved);
      await c.applied?.('changed', saved);
    };
  }

  private async delete(rows: readonly UploadRow[], c: UploadCheckContext, problems: Problems, deleted: IdBits, touched: IdBits): Promise<Write | null> {
    const ids = rows.map((r) => r.listingId!);
    const listings = await this.writer.sellerListings(c.sellerId, ids, c.apply);
    const found = new Set(listings.map((l) => l.id));
    for (const row of rows) {
      const id = row.listingId!;
      if (!found.has(id) && !deleted.has(id)) problems.add([notYours(row.row, id)]);
    }
    for (const id of found) deleted.add(id);
    if (!c.apply || problems.total > 0) return null;
    for (const l of listings) touched.add(l.releaseId);
    const removed = [...found];
    return async () => {
      // Told before the delete: a deleted listing's event shows it as it was.
      await c.applied?.('deleted', listings);
      await this.writer.removeMany(c.sellerId, removed);
    };
  }
}
