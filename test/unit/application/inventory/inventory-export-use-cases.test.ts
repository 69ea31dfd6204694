import { withState } from '../../../support/listing-state.js';
import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import { CsvStringifyEncoder } from '../../../../adapters/csv/csv-stringify-encoder.js';
import { FixedClock } from '../../../../adapters/in-memory/fixed-clock.js';
import { InMemoryFileStore } from '../../../../adapters/in-memory/in-memory-file-store.js';
import { InMemoryJobQueue } from '../../../../adapters/in-memory/in-memory-job-queue.js';
import { InMemoryMarketplaceStore } from '../../../../adapters/in-memory/in-memory-marketplace-store.js';
import { InMemoryUnitOfWork } from '../../../../adapters/in-memory/in-memory-unit-of-work.js';
import { PagedInventoryReader } from '../../../../adapters/in-memory/paged-inventory-reader.js';
import { Conflict, Forbidden, NotFound, Unauthenticated } from '../../../../application/errors.js';
import { DownloadInventoryExport } from '../../../../application/inventory/download-inventory-export.js';
import { ExpireInventoryExports } from '../../../../application/inventory/expire-inventory-exports.js';
import { EXPORT_NO_ROOM_MESSAGE, ExportInventory } from '../../../../application/inventory/export-inventory.js';
import { GetInventoryExport } from '../../../../application/inventory/get-inventory-export.js';
import { ListInventoryExports } from '../../../../application/inventory/list-inventory-exports.js';
import { RequestInventoryExport } from '../../../../application/inventory/request-inventory-export.js';
import { JobWorker } from '../../../../application/jobs/job-worker.js';
import { FileStoreFull, type FileStore } from '../../../../application/ports/file-store.js';
import type { Logger } from '../../../../application/ports/logger.js';
import { ANONYMOUS, type Caller } from '../../../../application/shared/caller.js';
import { INVENTORY_EXPORT_COLUMNS } from '../../../../domain/inventory/inventory-csv.js';
import { newListing, type Listing } from '../../../../domain/marketplace/listing.js';
import { Money } from '../../../../domain/marketplace/money.js';
import { rejection } from '../../../support/rejection.js';
import { anEventRecorder } from '../../../support/event-fixtures.js';
import { InMemoryCatalogueReader } from '../../../../adapters/in-memory/in-memory-catalogue-reader.js';
import { InMemoryUserRepository } from '../../../../adapters/in-memory/in-memory-identity-repositories.js';
import type { InMemoryEventOutbox } from '../../../../adapters/in-memory/in-memory-event-outbox.js';
import { InventoryJobEvents } from '../../../../application/inventory/inventory-job-events.js';

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => silent };
const HOUR = 3_600_000;

async function text(files: FileStore, key: string): Promise<string | null> {
  const file = await files.open(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const c of file.bytes) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks).toString('utf8');
}

describe('Inventory export (use cases and job handler, in memory)', () => {
  const seller: Caller = { kind: 'user', userId: '1', username: 'seller', via: 'token' };
  const other: Caller = { kind: 'user', userId: '2', username: 'other', via: 'token' };
  const app: Caller = { kind: 'application', applicationId: 'a' };
  let clock: FixedClock;
  let uow: InMemoryUnitOfWork;
  let queue: InMemoryJobQueue;
  let store: InMemoryMarketplaceStore;
  let files: InMemoryFileStore;
  let handler: ExportInventory;
  let worker: JobWorker;
  let request: RequestInventoryExport;
  let list: ListInventoryExports;
  let get: GetInventoryExport;
  let download: DownloadInventoryExport;
  let events: InventoryJobEvents;
  let outbox: InMemoryEventOutbox;

  const listing = (sellerId: number, price: string, status: 'For Sale' | 'Draft' = 'For Sale') =>
    uow.run(() => store.listings.add(newListing(sellerId, { releaseId: 10, condition: 'Good (G)', price: Money.fromDecimal(price, 'USD'), status }, clock.now())));

  beforeEach(() => {
    clock = new FixedClock('2026-11-23T10:05:30Z');
    uow = new InMemoryUnitOfWork();
    queue = new InMemoryJobQueue(uow);
    store = new InMemoryMarketplaceStore(uow);
    files = new InMemoryFileStore(clock);
    const expire = new ExpireInventoryExports(files, 2 * HOUR);
    const recording = anEventRecorder({ uow, users: new InMemoryUserRepository(uow), catalogue: new InMemoryCatalogueReader(clock) });
    outbox = recording.outbox;
    events = new InventoryJobEvents(queue, recording.recorder, 2 * HOUR);
    // Batches of two, so a handful of listings crosses batch boundaries.
    handler = new ExportInventory(new PagedInventoryReader(store.inventoryPages), new CsvStringifyEncoder(), files, uow, expire, events, 2);
    worker = new JobWorker(queue, uow, clock, [handler], silent, { workerId: 'w1', leaseMs: 60_000, pollMs: 10, maintenanceMs: 1, maxAttempts: 5 });
    request = new RequestInventoryExport(queue, uow, clock, 2 * HOUR);
    list = new ListInventoryExports(queue, clock, 2 * HOUR);
    get = new GetInventoryExport(queue, clock, 2 * HOUR);
    download = new DownloadInventoryExport(queue, files, clock, 2 * HOUR);
  });

  it('refuses anonymous callers and applications alone everywhere', async () => {
    for (const run of [
      (c: Caller) => request.execute({ caller: c }),
      (c: Caller) => list.execute({ caller: c, page: { page: 1, perPage: 50 } }),
      (c: Caller) => get.execute({ caller: c, id: 1 }),
      (c: Caller) => download.execute({ caller: c, id: 1 }),
    ]) {
      expect(await rejection(run(ANONYMOUS))).to.be.instanceOf(Unauthenticated);
      expect(await rejection(run(app))).to.be.instanceOf(Forbidden);
    }
  });

  it('queues a pending export named after the seller and the time, one at a time per seller', async () => {
    const asked = await request.execute({ caller: seller });
    expect(asked).to.deep.include({ status: 'pending', filename: 'seller-inventory-20261123-1005.csv', finished: null, downloadable: false });
    expect(await rejection(request.execute({ caller: seller }))).to.be.instanceOf(Conflict);
    expect((await request.execute({ caller: other })).status).to.equal('pending');
    const job = await queue.byId(asked.id);
    expect(job).to.deep.include({ kind: 'inventory-export', ownerId: 1, status: 'pending' });
  });

  it('writes every listing but the deleted ones, in id order, across batches, and ends the job with the row count', async () => {
    const made: Listing[] = [];
    for (const price of ['1.00', '2.00', '3.00', '4.00', '5.00']) made.push(await listing(1, price));
    await uow.run(() => store.listings.save(withState(made[2]!, { status: 'Deleted' })));
    await listing(2, '9.00');
    const asked = await request.execute({ caller: seller });
    await worker.runOnce();
    const done = await get.execute({ caller: seller, id: asked.id });
    expect(done).to.deep.include({ status: 'success', downloadable: true });
    expect((await queue.byId(asked.id))!.result).to.deep.equal({ filename: asked.filename, rows: 4 });
    const rows = parse((await text(files, `inventory-export/${asked.id}.csv`))!, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).to.deep.equal([...INVENTORY_EXPORT_COLUMNS]);
    expect(rows.map((r) => [r.listing_id, r.price])).to.deep.equal([
      [String(made[0]!.id), '1.00'],
      [String(made[1]!.id), '2.00'],
      [String(made[3]!.id), '4.00'],
      [String(made[4]!.id), '5.00'],
    ]);
  });

  it('records inventory.export_finished for the owner with the job’s end, the export as GET /inventory/export/{id} shows it', async () => {
    await listing(1, '1.00');
    const asked = await request.execute({ caller: seller });
    expect(await outbox.read({ userId: 1, after: 0, limit: 10 })).to.deep.equal([]);
    await worker.runOnce();
    const [event, ...more] = await outbox.read({ userId: 1, after: 0, limit: 10 });
    expect(more).to.deep.equal([]);
    expect(event).to.deep.include({ type: 'inventory.export_finished', userId: 1, occurred: new Date('2026-11-23T10:05:30Z') });
    expect(event!.resource).to.deep.equal({
      type: 'inventory_export',
      id: String(asked.id),
      body: {
        id: asked.id,
        status: 'success',
        created_ts: '2026-11-23T10:05:30',
        finished_ts: '2026-11-23T10:05:30',
        url: `https://api.test/inventory/export/${asked.id}`,
        _url: `https://api.test/inventory/export/${asked.id}/download`,
        download_url: `https://api.test/inventory/export/${asked.id}/download`,
        filename: 'seller-inventory-20261123-1005.csv',
      },
    });
    expect(await outbox.read({ userId: 2, after: 0, limit: 10 })).to.deep.equal([]);
  });

  it('writes a header alone for an empty inventory', async () => {
    const asked = await request.execute({ caller: seller });
    await worker.runOnce();
    expect(await text(files, `inventory-export/${asked.id}.csv`)).to.equal(`${INVENTORY_EXPORT_COLUMNS.join(',')}\r\n`);
    expect((await queue.byId(asked.id))!.result).to.deep.equal({ filename: asked.filename, rows: 0 });
  });

  it('downloads only the owner’s finished export: 404 before, for others, when failed, and once expired', async () => {
    await listing(1, '1.00');
    const asked = await request.execute({ caller: seller });
    expect(await rejection(download.execute({ caller: seller, id: asked.id }))).to.be.instanceOf(NotFound);
    await worker.runOnce();
    const got = await download.execute({ caller: seller, id: asked.id });
    expect(got.export.filename).to.equal('seller-inventory-20261123-1005.csv');
    expect(got.file.size).to.be.greaterThan(0);
    for (const id of [asked.id, 999, 0, -1, 1.5]) {
      expect(await rejection(get.execute({ caller: other, id })), String(id)).to.be.instanceOf(NotFound);
      expect(await rejection(download.execute({ caller: other, id })), String(id)).to.be.instanceOf(NotFound);
    }
    clock.advance(2 * HOUR + 60_000);
    expect((await get.execute({ caller: seller, id: asked.id })).downloadable).to.equal(false);
    expect(await rejection(download.execute({ caller: seller, id: asked.id }))).to.be.instanceOf(NotFound);
    // The worker's maintenance removes the expired file.
    await handler.maintain(clock.now());
    expect(await files.info(`inventory-export/${asked.id}.csv`)).to.equal(null);
  });

  it('ends the job as failed when the file cannot be written, leaving no file and letting the seller ask again', async () => {
    await listing(1, '1.00');
    const broken = new ExportInventory(
      new PagedInventoryReader(store.inventoryPages),
      new CsvStringifyEncoder(),
      { ...files, write: async () => Promise.reject(new Error('disk full')) } as unknown as FileStore,
      uow,
      new ExpireInventoryExports(files, HOUR),
      events,
    );
    const failing = new JobWorker(queue, uow, clock, [broken], silent, { workerId: 'w2', leaseMs: 60_000, pollMs: 10, maintenanceMs: 1, maxAttempts: 5 });
    const asked = await request.execute({ caller: seller });
    await failing.runOnce();
    expect(await get.execute({ caller: seller, id: asked.id })).to.deep.include({ status: 'failed', downloadable: false });
    expect(await files.info(`inventory-export/${asked.id}.csv`)).to.equal(null);
    expect((await request.execute({ caller: seller })).status).to.equal('pending');
  });

  it('ends the job as failed saying so when the file store has no room', async () => {
    await listing(1, '1.00');
    const full = new ExportInventory(
      new PagedInventoryReader(store.inventoryPages),
      new CsvStringifyEncoder(),
      { ...files, write: async () => Promise.reject(new FileStoreFull()) } as unknown as FileStore,
      uow,
      new ExpireInventoryExports(files, HOUR),
      events,
    );
    const failing = new JobWorker(queue, uow, clock, [full], silent, { workerId: 'w3', leaseMs: 60_000, pollMs: 10, maintenanceMs: 1, maxAttempts: 5 });
    const asked = await request.execute({ caller: seller });
    await failing.runOnce();
    expect((await queue.byId(asked.id))!.result).to.deep.equal({ error: EXPORT_NO_ROOM_MESSAGE });
    // A failed export is finished too: its owner is told, without a download address.
    const [event] = await outbox.read({ userId: 1, after: 0, limit: 10 });
    expect(event!.type).to.equal('inventory.export_finished');
    expect(event!.resource.body).to.deep.include({ status: 'failed', download_url: null });
    expect(await files.info(`inventory-export/${asked.id}.csv`)).to.equal(null);
  });

  it('writes the same file again when a job is run again (a worker died after writing it)', async () => {
    await listing(1, '1.00');
    const asked = await request.execute({ caller: seller });
    const job = (await queue.claim(['inventory-export'], 'dead', clock.now(), new Date(clock.now().getTime() + 1000)))!;
    expect((await rejection(handler.run(job, async () => Promise.reject(new Error('killed before the end'))))).message).to.equal('killed before the end');
    const before = await text(files, `inventory-export/${asked.id}.csv`);
    await listing(1, '2.00');
    clock.advance(2000);
    await worker.runOnce();
    const after = await text(files, `inventory-export/${asked.id}.csv`);
    expect(before!.split('\r\n')).to.have.length(3);
    expect(after!.split('\r\n')).to.have.length(4);
    expect((await get.execute({ caller: seller, id: asked.id })).status).to.equal('success');
  });

  it('lists the caller’s exports newest first, a page at a time', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await request.execute({ caller: seller })).id);
      await worker.runOnce();
      clock.advance(60_000);
    }
    await request.execute({ caller: other });
    const page = await list.execute({ caller: seller, page: { page: 1, perPage: 2 } });
    expect(page.total).to.equal(3);
    expect(page.items.map((v) => v.id)).to.deep.equal([ids[2], ids[1]]);
    expect((await list.execute({ caller: seller, page: { page: 2, perPage: 2 } })).items.map((v) => v.id)).to.deep.equal([ids[0]]);
  });
});
