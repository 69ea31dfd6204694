import { withState } from '../../../support/listing-state.js';
import { ListingBodyRulesChecker } from '../../../../adapters/http/marketplace/listing-bodies.js';
import { expect } from 'chai';
import { CsvParseDecoder } from '../../../../adapters/csv/csv-parse-decoder.js';
import { FixedClock } from '../../../../adapters/in-memory/fixed-clock.js';
import { InMemoryCatalogueReader } from '../../../../adapters/in-memory/in-memory-catalogue-reader.js';
import { InMemoryFileStore } from '../../../../adapters/in-memory/in-memory-file-store.js';
import { InMemoryUserRepository } from '../../../../adapters/in-memory/in-memory-identity-repositories.js';
import { InMemoryJobQueue } from '../../../../adapters/in-memory/in-memory-job-queue.js';
import { InMemoryMarketplaceStore } from '../../../../adapters/in-memory/in-memory-marketplace-store.js';
import { InMemoryUnitOfWork } from '../../../../adapters/in-memory/in-memory-unit-of-work.js';
import { SequentialIdGenerator } from '../../../../adapters/in-memory/sequential-id-generator.js';
import { Conflict, Forbidden, Invalid, NotFound, Unauthenticated, UnsupportedMediaType } from '../../../../application/errors.js';
import { ApplyInventoryUpload, UPLOAD_FILE_GONE } from '../../../../application/inventory/apply-inventory-upload.js';
import { GetInventoryUpload } from '../../../../application/inventory/get-inventory-upload.js';
import { ListInventoryUploads } from '../../../../application/inventory/list-inventory-uploads.js';
import {
  NO_FILE_MESSAGE,
  NOT_CSV_MESSAGE,
  RequestInventoryUpload,
  UPLOAD_IN_PROGRESS_MESSAGE,
  type UploadedFile,
} from '../../../../application/inventory/request-inventory-upload.js';
import { UploadChecker } from '../../../../application/inventory/upload-checker.js';
import { JOB_FAILED_MESSAGE, JobWorker } from '../../../../application/jobs/job-worker.js';
import type { InventoryWriter } from '../../../../application/ports/inventory-writer.js';
import type { Logger } from '../../../../application/ports/logger.js';
import { ANONYMOUS, type Caller } from '../../../../application/shared/caller.js';
import { estimatedWeight, formatQuantity } from '../../../../domain/catalogue/shipping-estimate.js';
import { INVENTORY_EXPORT_COLUMNS, inventoryCsvRecord } from '../../../../domain/inventory/inventory-csv.js';
import { INVENTORY_UPLOAD_JOB, type UploadType } from '../../../../domain/inventory/inventory-upload.js';
import type { Currency } from '../../../../domain/marketplace/currency.js';
import { newListing, type Listing } from '../../../../domain/marketplace/listing.js';
import type { ListingStatus } from '../../../../domain/marketplace/listing-status.js';
import { Money } from '../../../../domain/marketplace/money.js';
import { sellerSettings } from '../../../../domain/marketplace/seller.js';
import { aRelease } from '../../../support/builders/catalogue-builders.js';
import { rejection } from '../../../support/rejection.js';
import { anEventRecorder } from '../../../support/event-fixtures.js';
import type { InMemoryEventOutbox } from '../../../../adapters/in-memory/in-memory-event-outbox.js';
import { InventoryJobEvents } from '../../../../application/inventory/inventory-job-events.js';

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => silent };
const HOUR = 3_600_000;
const RELEASE = aRelease(301, { formats: [{ name: 'Vinyl', qty: '2', text: '', descriptions: ['LP'] }] });

/** A file as a request carries it: text (or bytes) sent as CSV unless said otherwise. */
function aFile(content: string | Uint8Array, more: { filename?: string | null; mediaType?: string | null } = {}): UploadedFile {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return {
    filename: more.filename === undefined ? 'inventory.csv' : more.filename,
    mediaType: more.mediaType === undefined ? 'text/csv' : more.mediaType,
    // Two chunks, split inside the text, as a stream would give them.
    async *bytes() {
      const half = Math.floor(bytes.length / 2);
      yield bytes.subarray(0, half);
      yield bytes.subarray(half);
    },
  };
}

/** A CSV file of the export's columns, one record per listing, the cells of each changed as given. */
function exportOf(listings: readonly Listing[], changes: Readonly<Record<number, Readonly<Record<string, string>>>> = {}): string {
  const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  const lines = listings.map((l) => {
    const record = inventoryCsvRecord(l);
    const cells = INVENTORY_EXPORT_COLUMNS.map((c, i) => changes[l.id]?.[c] ?? record[i]!);
    return cells.map(quote).join(',');
  });
  return [INVENTORY_EXPORT_COLUMNS.join(','), ...lines].join('\r\n') + '\r\n';
}

describe('Inventory upload (use cases and job handler, in memory)', () => {
  const app: Caller = { kind: 'application', applicationId: 'a' };
  let clock: FixedClock;
  let uow: InMemoryUnitOfWork;
  let users: InMemoryUserRepository;
  let catalogue: InMemoryCatalogueReader;
  let store: InMemoryMarketplaceStore;
  let queue: InMemoryJobQueue;
  let files: InMemoryFileStore;
  let request: RequestInventoryUpload;
  let handler: ApplyInventoryUpload;
  let events: InventoryJobEvents;
  let outbox: InMemoryEventOutbox;
  let worker: JobWorker;
  let list: ListInventoryUploads;
  let get: GetInventoryUpload;
  /** A seller selling in euros, a buyer (no seller settings), another seller. */
  let seller: Caller;
  let buyer: Caller;
  let other: Caller;
  let ids: { seller: number; buyer: number; other: number };

  const callerOf = (id: number, username: string): Caller => ({ kind: 'user', userId: String(id), username, via: 'token' });

  async function aUser(username: string, currency: Currency, isSeller: boolean): Promise<number> {
    const user = await uow.run(() =>
      users.add({ username, realName: '', email: `${username}@example.test`, passwordHash: 'x', registeredAt: clock.now(), homePage: '', location: '', profile: '', currency }),
    );
    if (isSeller) await uow.run(() => store.sellers.put(sellerSettings(user.id, 'PayPal', 'Worldwide', clock.now())));
    return user.id;
  }

  function checkerOf(writer: InventoryWriter): UploadChecker {
    // Batches of two rows, so a handful of rows crosses batch boundaries (and the job writes a batch before a later one fails).
    return new UploadChecker(new CsvParseDecoder(), writer, catalogue, new ListingBodyRulesChecker(), 2);
  }

  function workerOf(h: ApplyInventoryUpload): JobWorker {
    return new JobWorker(queue, uow, clock, [h], silent, { workerId: 'w1', leaseMs: 60_000, pollMs: 10, maintenanceMs: 1, maxAttempts: 5 });
  }

  async function aListing(sellerId: number, price: string, currency: Currency = 'EUR', more: { releaseId?: number; status?: ListingStatus; comments?: string } = {}): Promise<Listing> {
    const added = await uow.run(() =>
      store.listings.add(
        newListing(sellerId, { releaseId: more.releaseId ?? 301, condition: 'Good (G)', price: Money.fromDecimal(price, currency), comments: more.comments ?? '' }, clock.now()),
      ),
    );
    if (!more.status || more.status === 'For Sale') return added;
    const changed = withState(added, { status: more.status });
    await uow.run(() => store.listings.save(changed));
    return changed;
  }

  async function listingsOf(sellerId: number): Promise<Listing[]> {
    const page = await store.inventoryPages.page({ sellerId, statuses: null, sort: 'listed', sortOrder: 'asc', offset: 0, limit: 1000 });
    return [...page.listings].sort((a, b) => a.id - b.id);
  }

  async function upload(caller: Caller, type: UploadType, file: UploadedFile | null) {
    return request.execute({ caller, type, file });
  }

  /** The key of an upload's kept file. */
  async function keyOf(id: number): Promise<string> {
    return String((await queue.byId(id))!.payload.file);
  }

  async function jobs(): Promise<number> {
    return (await queue.list(INVENTORY_UPLOAD_JOB, ids.seller, 0, 1000)).total;
  }

  beforeEach(async () => {
    clock = new FixedClock('2026-11-23T10:05:30Z');
    uow = new InMemoryUnitOfWork();
    users = new InMemoryUserRepository(uow);
    catalogue = new InMemoryCatalogueReader(clock);
    for (const r of [RELEASE, aRelease(302), aRelease(303)]) catalogue.putRelease(r);
    store = new InMemoryMarketplaceStore(uow, catalogue);
    queue = new InMemoryJobQueue(uow);
    files = new InMemoryFileStore(clock);
    const checker = checkerOf(store.inventory);
    request = new RequestInventoryUpload(users, store.sellers, checker, files, queue, uow, new SequentialIdGenerator('upload'), clock);
    const recording = anEventRecorder({ uow, users, catalogue });
    outbox = recording.outbox;
    events = new InventoryJobEvents(queue, recording.recorder, 2 * HOUR);
    handler = new ApplyInventoryUpload(users, checker, files, uow, 6 * HOUR, events);
    worker = workerOf(handler);
    list = new ListInventoryUploads(queue);
    get = new GetInventoryUpload(queue);
    ids = { seller: await aUser('seller', 'EUR', true), buyer: await aUser('buyer', 'USD', false), other: await aUser('other', 'JPY', true) };
    seller = callerOf(ids.seller, 'seller');
    buyer = callerOf(ids.buyer, 'buyer');
    other = callerOf(ids.other, 'other');
    await uow.run(() => store.blocked.setBlocked(303, true, 'bootleg', clock.now()));
  });

  describe('refusals', () => {
    it('refuses anonymous callers and applications alone everywhere', async () => {
      for (const run of [
        (c: Caller) => upload(c, 'add', aFile('release_id,price,media_condition\n301,1,Mint (M)\n')),
        (c: Caller) => upload(c, 'delete', null),
        (c: Caller) => list.execute({ caller: c, page: { page: 1, perPage: 50 } }),
        (c: Caller) => get.execute({ caller: c, id: 1 }),
      ]) {
        expect(await rejection(run(ANONYMOUS))).to.be.instanceOf(Unauthenticated);
        expect(await rejection(run(app))).to.be.instanceOf(Forbidden);
      }
      expect(await jobs()).to.equal(0);
    });

    it('refuses an add by a user who is not a seller, but lets them change and delete what they have', async () => {
      const file = aFile('release_id,price,media_condition\n301,1,Mint (M)\n');
      expect(await rejection(upload(buyer, 'add', file))).to.be.instanceOf(Forbidden);
      const theirs = await aListing(ids.buyer, '5', 'USD');
      const changed = await upload(buyer, 'change', aFile(`listing_id,price\n${theirs.id},6\n`));
      expect(changed.status).to.equal('pending');
      await worker.runOnce();
      expect((await store.listings.byId(theirs.id))!.price.toString()).to.equal('6.00 USD');
    });

    it('refuses a second upload while one is pending (409), before looking at the file, keeping no file', async () => {
      const first = await upload(seller, 'add', aFile('release_id,price,media_condition\n301,1,Mint (M)\n'));
      const key = await keyOf(first.id);
      for (const file of [aFile('release_id,price,media_condition\n302,1,Mint (M)\n'), null, aFile('x', { mediaType: 'image/png' })]) {
        const err = await rejection(upload(seller, 'change', file));
        expect(err).to.be.instanceOf(Conflict);
        expect(err.message).to.equal(UPLOAD_IN_PROGRESS_MESSAGE);
      }
      expect(await files.info('inventory-upload/upload-2.csv')).to.equal(null);
      expect(await files.info(key)).not.to.equal(null);
      // Another seller is not held up, and once the upload has ended the seller may upload again.
      expect((await upload(other, 'delete', aFile(`listing_id\n${(await aListing(ids.other, '100', 'JPY')).id}\n`))).status).to.equal('pending');
      while ((await worker.runOnce()) !== null);
      expect((await upload(seller, 'add', aFile('release_id,price,media_condition\n302,1,Mint (M)\n'))).status).to.equal('pending');
    });

    it('queues one of two uploads racing past the first check; the other gets 409 and its file is removed', async () => {
      const csv = 'release_id,price,media_condition\n301,1,Mint (M)\n';
      const results = await Promise.allSettled([upload(seller, 'add', aFile(csv)), upload(seller, 'add', aFile(csv))]);
      expect(results.map((r) => r.status).sort()).to.deep.equal(['fulfilled', 'rejected']);
      const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
      expect(refused.reason).to.be.instanceOf(Conflict);
      expect(await jobs()).to.equal(1);
      const kept = await keyOf((results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ id: number }>).value.id);
      const both = ['inventory-upload/upload-1.csv', 'inventory-upload/upload-2.csv'];
      expect(both).to.include(kept);
      for (const key of both) expect(await files.info(key), key).to.satisfy((info: unknown) => (key === kept ? info !== null : info === null));
    });

    it('refuses a request without a file (422) and a part that is not CSV (415)', async () => {
      const none = await rejection(upload(seller, 'add', null));
      expect(none).to.be.instanceOf(Invalid);
      expect(none.message).to.equal(NO_FILE_MESSAGE);
      for (const mediaType of ['image/png', 'application/pdf', 'text/csv; charset=iso-8859-1']) {
        const err = await rejection(upload(seller, 'add', aFile('release_id,price,media_condition\n301,1,Mint (M)\n', { mediaType })));
        expect(err, mediaType).to.be.instanceOf(UnsupportedMediaType);
        expect(err.message).to.equal(NOT_CSV_MESSAGE);
      }
      // No type at all, and the types browsers and curl send, are accepted.
      for (const mediaType of [null, 'application/octet-stream', 'application/vnd.ms-excel']) {
        expect((await upload(seller, 'add', aFile('release_id,price,media_condition\n301,1,Mint (M)\n', { mediaType }))).status).to.equal('pending');
        await worker.runOnce();
      }
      expect(await listingsOf(ids.seller)).to.have.length(3);
    });

    it('refuses bytes that are not UTF-8 text (415) and broken CSV (422), keeping nothing', async () => {
      const latin1 = await rejection(upload(seller, 'add', aFile(Buffer.from('release_id,price,media_condition,comments\n301,1,Mint (M),café\n', 'latin1'))));
      expect(latin1).to.be.instanceOf(UnsupportedMediaType);
      expect(latin1.message).to.equal(`${NOT_CSV_MESSAGE} The file is not UTF-8 text.`);
      const nul = await rejection(upload(seller, 'add', aFile('release_id,price,media_condition\n301,1,Mint (M)\u0000\n')));
      expect(nul).to.be.instanceOf(UnsupportedMediaType);
      expect(nul.message).to.equal(`${NOT_CSV_MESSAGE} The file is not text: it holds a NUL byte.`);
      const broken = await rejection(upload(seller, 'add', aFile('release_id,price,media_condition\n301,1,Mint (M)\n302,"1,Mint (M)\n')));
      expect(broken).to.be.instanceOf(Invalid);
      expect(broken.message).to.match(/^The file was not applied: Row 3: the CSV cannot be read: Quote Not Closed/);
      expect(await jobs()).to.equal(0);
      expect(await files.info('inventory-upload/upload-1.csv')).to.equal(null);
    });

    it('refuses a file with problems (422), naming each with its row, and queues nothing', async () => {
      const mine = await aListing(ids.seller, '5');
      const theirs = await aListing(ids.other, '500', 'JPY');
      const cases: ReadonlyArray<readonly [UploadType, string, string]> = [
        ['add', '', 'The file was not applied: 1 problem found.\nRow 1: The file is empty: it must start with a header row of lower-case field names.'],
        ['add', 'release_id,price,media_condition\r\n', 'The file was not applied: 1 problem found.\nRow 2: The file has a header but no records below it.'],
        ['delete', 'id\n1\n', 'Row 1: The header lacks the required column listing_id.'],
        [
          'add',
          'release_id,price,media_condition\n301,abc,Mint (M)\n999,1,Mint (M)\n303,1,Mint (M)\n302,0.004,Mint (M)\n',
          [
            'The file was not applied: 4 problems found.',
            'Row 2, column price, value "abc": price must be a number, such as 12.50.',
            'Row 3, column release_id, value "999": Release 999 is not found.',
            'Row 4, column release_id, value "303": Release 303 is blocked from sale.',
            'Row 5, column price, value "0.004": price must be greater than 0.',
          ].join('\n'),
        ],
        ['delete', `listing_id\n${mine.id}\n${theirs.id}\n424242\n`, `Row 3, column listing_id, value "${theirs.id}": Listing ${theirs.id} is not one of your listings.`],
        ['change', `listing_id,price\n${theirs.id},1\n`, `Row 2, column listing_id, value "${theirs.id}": Listing ${theirs.id} is not one of your listings.`],
        ['change', 'release_id,price\n302,1\n', 'Row 2, column release_id, value "302": You have no listing of release 302.'],
        ['change', `listing_id,release_id\n${mine.id},303\n`, 'Row 2, column release_id, value "303": Release 303 is blocked from sale.'],
      ];
      for (const [type, csv, message] of cases) {
        const err = await rejection(upload(seller, type, aFile(csv)));
        expect(err, csv).to.be.instanceOf(Invalid);
        expect(err.message, csv).to.include(message);
      }
      expect(await jobs()).to.equal(0);
      expect(await listingsOf(ids.seller)).to.deep.equal([mine]);
    });

    it('lists the first 100 problems of a file and counts the rest', async () => {
      const rows = Array.from({ length: 130 }, () => '301,free,Mint (M)').join('\n');
      const err = await rejection(upload(seller, 'add', aFile(`release_id,price,media_condition\n${rows}\n`)));
      const lines = err.message.split('\n');
      expect(lines[0]).to.equal('The file was not applied: 130 problems found.');
      expect(lines).to.have.length(102);
      expect(lines[100]).to.equal('Row 101, column price, value "free": price must be a number, such as 12.50.');
      expect(lines[101]).to.equal('… and 30 more.');
    });

    it('answers 404 for an upload that is not the caller’s', async () => {
      const mine = await upload(seller, 'add', aFile('release_id,price,media_condition\n301,1,Mint (M)\n'));
      for (const id of [mine.id, 999, 0, -1, 1.5]) expect(await rejection(get.execute({ caller: other, id })), String(id)).to.be.instanceOf(NotFound);
      expect((await get.execute({ caller: seller, id: mine.id })).id).to.equal(mine.id);
    });
  });

  describe('applied by the job', () => {
    it('adds listings in the seller’s currency, For Sale, auto weights estimated, and ends with the results', async () => {
      const csv = [
        'Release_ID,price,media_condition,sleeve_condition,comments,accept_offer,weight,format_quantity,notes',
        '301,12.5,Mint (M),Generic,"Sealed, ""new""",Y,auto,auto,ignored',
        '302,3,Poor (P),,,,90,,',
        '301,7.25,Good (G),,,n,,,',
      ].join('\r\n');
      const asked = await upload(seller, 'add', aFile(csv, { filename: 'C:\\fakepath\\stock.csv' }));
      expect(asked).to.deep.include({ status: 'pending', type: 'add', results: '', filename: 'stock.csv', finished: null, created: clock.now() });
      const key = await keyOf(asked.id);
      expect(key).to.equal('inventory-upload/upload-1.csv');
      expect(await files.info(key)).not.to.equal(null);
      expect(await listingsOf(ids.seller)).to.deep.equal([]);

      clock.advance(60_000);
      await worker.runOnce();
      const done = await get.execute({ caller: seller, id: asked.id });
      expect(done).to.deep.include({ status: 'success', results: 'CSV file contains 3 records.<p>Processed 3 records.', finished: clock.now(), filename: 'stock.csv' });
      expect((await queue.byId(asked.id))!.result).to.deep.equal({ results: 'CSV file contains 3 records.<p>Processed 3 records.', records: 3 });
      expect(await files.info(key)).to.equal(null);
      // Each listing added records listing.created for the seller (in the order of the rows, across the batches), then
      // the job's end inventory.upload_finished, the upload as GET /inventory/upload/{id} shows it.
      const listed = await listingsOf(ids.seller);
      const recorded = await outbox.read({ userId: ids.seller, after: 0, limit: 10 });
      expect(recorded.map((e) => [e.type, e.occurred, e.resource.type, e.resource.id])).to.deep.equal([
        ...listed.map((l) => ['listing.created', clock.now(), 'listing', String(l.id)]),
        ['inventory.upload_finished', clock.now(), 'inventory_upload', String(asked.id)],
      ]);
      expect(recorded.slice(0, 3).map((e) => [e.resource.body.price, e.resource.body.comments])).to.deep.equal([
        [{ value: 12.5, currency: 'EUR' }, 'Sealed, "new"'],
        [{ value: 3, currency: 'EUR' }, ''],
        [{ value: 7.25, currency: 'EUR' }, ''],
      ]);
      expect(recorded.at(-1)!.resource.body).to.deep.equal({
        id: asked.id,
        status: 'success',
        type: 'add',
        results: 'CSV file contains 3 records.<p>Processed 3 records.',
        created_ts: '2026-11-23T10:05:30',
        finished_ts: '2026-11-23T10:06:30',
        filename: 'stock.csv',
        resource_url: `https://api.test/inventory/upload/${asked.id}`,
      });

      const added = await listingsOf(ids.seller);
      expect(added.map((l) => [l.releaseId, l.price.toString(), l.condition, l.status])).to.deep.equal([
        [301, '12.50 EUR', 'Mint (M)', 'For Sale'],
        [302, '3.00 EUR', 'Poor (P)', 'For Sale'],
        [301, '7.25 EUR', 'Good (G)', 'For Sale'],
      ]);
      expect(added[0]).to.deep.include({
        sellerId: ids.seller,
        sleeveCondition: 'Generic',
        comments: 'Sealed, "new"',
        allowOffers: true,
        weight: estimatedWeight(RELEASE.formats),
        formatQuantity: formatQuantity(RELEASE.formats),
        posted: clock.now(),
      });
      expect(added[0]!.formatQuantity).to.equal(2);
      expect(added[1]).to.deep.include({ sleeveCondition: null, comments: '', allowOffers: false, weight: 90, formatQuantity: null });
      expect(added[2]!.allowOffers).to.equal(false);
    });

    it('changes listings named by id or by release, in their own currencies, leaving unchanged rows (even of sold ones) alone', async () => {
      const a = await aListing(ids.seller, '10');
      const b = await aListing(ids.seller, '20', 'EUR', { releaseId: 302, comments: 'old' });
      const sold = await aListing(ids.seller, '30', 'EUR', { status: 'Sold' });
      const yen = await aListing(ids.seller, '1500', 'JPY');
      const csv = exportOf([a, b, sold, yen], {
        [a.id]: { price: '11.5', status: 'Draft', location: 'Shelf 9' },
        [b.id]: { comments: '=1+1', accept_offer: 'Y' },
        [yen.id]: { price: '1400' },
      });
      const asked = await upload(seller, 'change', aFile(csv));
      clock.advance(1000);
      await worker.runOnce();
      expect(await get.execute({ caller: seller, id: asked.id })).to.deep.include({ status: 'success', results: 'CSV file contains 4 records.<p>Processed 4 records.' });
      const after = new Map((await listingsOf(ids.seller)).map((l) => [l.id, l]));
      expect(after.get(a.id)).to.deep.include({ status: 'Draft', location: 'Shelf 9', updated: clock.now() });
      expect(after.get(a.id)!.price.toString()).to.equal('11.50 EUR');
      expect(after.get(b.id)).to.deep.include({ comments: '=1+1', allowOffers: true });
      expect(after.get(sold.id)).to.deep.equal(sold);
      expect(after.get(yen.id)!.price.toString()).to.equal('1400 JPY');

      // A file naming the listing by its release (the seller's only listing of it).
      await upload(seller, 'change', aFile('release_id,price,weight\n302,25,auto\n'));
      await worker.runOnce();
      const byRelease = (await store.listings.byId(b.id))!;
      expect(byRelease.price.toString()).to.equal('25.00 EUR');
      expect(byRelease.weight).to.equal(estimatedWeight(aRelease(302).formats));
      expect(byRelease.releaseId).to.equal(302);
    });

    it('deletes the seller’s listings, whatever their status, and nobody else’s', async () => {
      const a = await aListing(ids.seller, '10');
      const b = await aListing(ids.seller, '20', 'EUR', { status: 'Sold' });
      const c = await aListing(ids.seller, '30');
      const theirs = await aListing(ids.other, '100', 'JPY');
      // An exported file, and one listing twice.
      const asked = await upload(seller, 'delete', aFile(`${exportOf([a, b])}${a.id},,,,,,,,,,,\r\n`));
      await worker.runOnce();
      expect(await get.execute({ caller: seller, id: asked.id })).to.deep.include({ status: 'success', results: 'CSV file contains 3 records.<p>Processed 3 records.' });
      expect((await listingsOf(ids.seller)).map((l) => l.id)).to.deep.equal([c.id]);
      expect(await store.listings.byId(theirs.id)).to.deep.equal(theirs);
    });

    it('applies a file of many batches whole', async () => {
      const rows = Array.from({ length: 9 }, (_, i) => `30${1 + (i % 2)},${i + 1},Good (G)`).join('\n');
      await upload(seller, 'add', aFile(`release_id,price,media_condition\n${rows}\n`));
      await worker.runOnce();
      expect((await listingsOf(ids.seller)).map((l) => l.price.toString())).to.deep.equal(Array.from({ length: 9 }, (_, i) => `${i + 1}.00 EUR`));
    });

    it('fails the job, applying nothing, when a listing was sold after the request (earlier batches rolled back)', async () => {
      const made: Listing[] = [];
      for (const price of ['10', '20', '30', '40', '50']) made.push(await aListing(ids.seller, price));
      const last = made[4]!;
      const asked = await upload(seller, 'change', aFile(exportOf(made, Object.fromEntries(made.map((l, i) => [l.id, { price: String(i + 1) }])))));
      const key = await keyOf(asked.id);
      // Sold between the request and the job. Its row (row 6) is checked in the last batch, after the first
      // batches' rows were written in the job's unit of work.
      const sold = withState(last, { status: 'Sold' });
      await uow.run(() => store.listings.save(sold));
      await worker.runOnce();
      const done = await get.execute({ caller: seller, id: asked.id });
      expect(done.status).to.equal('failed');
      expect(done.results).to.equal(
        'CSV file contains 5 records.<p>Processed 0 records.<p>The file was not applied: 1 problem found.\n' +
          `Row 6: Listing ${last.id}: This listing is Sold and cannot be edited; it can only be deleted (list the item again as a new listing).`,
      );
      expect(await listingsOf(ids.seller)).to.deep.equal([...made.slice(0, 4), sold]);
      expect(await files.info(key)).to.equal(null);
      // The seller may upload again at once.
      expect((await upload(seller, 'delete', aFile(`listing_id\n${last.id}\n`))).status).to.equal('pending');
    });

    it('fails an add whose release was blocked from sale after the request, adding none of its rows', async () => {
      const rows = ['301,1,Mint (M)', '301,2,Mint (M)', '301,3,Mint (M)', '301,4,Mint (M)', '302,5,Mint (M)'];
      const asked = await upload(seller, 'add', aFile(`release_id,price,media_condition\n${rows.join('\n')}\n`));
      await uow.run(() => store.blocked.setBlocked(302, true, 'why', clock.now()));
      await worker.runOnce();
      const done = await get.execute({ caller: seller, id: asked.id });
      expect(done.status).to.equal('failed');
      expect(done.results).to.include('Row 6, column release_id, value "302": Release 302 is blocked from sale.');
      expect(await listingsOf(ids.seller)).to.deep.equal([]);
      // The batches written before the problem recorded their listing events in the job's unit of work: gone with it.
      expect((await outbox.read({ userId: ids.seller, after: 0, limit: 10 })).map((e) => [e.type, e.resource.body.status])).to.deep.equal([
        ['inventory.upload_finished', 'failed'],
      ]);
    });

    it('fails a job whose file is no longer kept', async () => {
      const asked = await upload(seller, 'add', aFile('release_id,price,media_condition\n301,1,Mint (M)\n'));
      expect(await files.remove(await keyOf(asked.id))).to.equal(true);
      await worker.runOnce();
      expect(await get.execute({ caller: seller, id: asked.id })).to.deep.include({ status: 'failed', results: UPLOAD_FILE_GONE, finished: clock.now() });
      expect(await listingsOf(ids.seller)).to.deep.equal([]);
      // A failed upload is finished too: its seller is told, with why.
      const [event] = await outbox.read({ userId: ids.seller, after: 0, limit: 10 });
      expect(event!.type).to.equal('inventory.upload_finished');
      expect(event!.resource.body).to.deep.include({ status: 'failed', results: UPLOAD_FILE_GONE });
    });

    it('keeps the file of a job that failed for the service’s reason, for the operator, until maintenance removes it', async () => {
      const broken: InventoryWriter = { ...store.inventory, addMany: async () => Promise.reject(new Error('disk full')) };
      const failing = workerOf(new ApplyInventoryUpload(users, checkerOf(broken), files, uow, 6 * HOUR, events));
      const asked = await upload(seller, 'add', aFile('release_id,price,media_condition\n301,1,Mint (M)\n'));
      const key = await keyOf(asked.id);
      await failing.runOnce();
      expect(await get.execute({ caller: seller, id: asked.id })).to.deep.include({ status: 'failed', results: JOB_FAILED_MESSAGE });
      expect(await files.info(key)).not.to.equal(null);
      await handler.maintain(clock.now());
      expect(await files.info(key)).not.to.equal(null);
      clock.advance(6 * HOUR + 1000);
      await handler.maintain(clock.now());
      expect(await files.info(key)).to.equal(null);
    });
  });

  it('lists the caller’s uploads newest first, a page at a time, each as its record', async () => {
    const made = [];
    for (const type of ['add', 'change', 'delete'] as const) {
      const csv = type === 'add' ? 'release_id,price,media_condition\n301,1,Mint (M)\n' : `listing_id\n${(await listingsOf(ids.seller))[0]!.id}\n`;
      made.push(await upload(seller, type, aFile(csv, { filename: `${type}.csv` })));
      await worker.runOnce();
      clock.advance(60_000);
    }
    await upload(other, 'add', aFile('release_id,price,media_condition\n301,100,Mint (M)\n'));
    const first = await list.execute({ caller: seller, page: { page: 1, perPage: 2 } });
    expect(first).to.deep.include({ total: 3, page: 1, perPage: 2 });
    expect(first.items.map((v) => [v.id, v.type, v.filename, v.status])).to.deep.equal([
      [made[2]!.id, 'delete', 'delete.csv', 'success'],
      [made[1]!.id, 'change', 'change.csv', 'success'],
    ]);
    expect((await list.execute({ caller: seller, page: { page: 2, perPage: 2 } })).items.map((v) => v.id)).to.deep.equal([made[0]!.id]);
    expect((await list.execute({ caller: buyer, page: { page: 1, perPage: 50 } })).total).to.equal(0);
  });
});
