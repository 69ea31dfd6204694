import { ListingBodyRulesChecker } from '../../../../adapters/http/marketplace/listing-bodies.js';
import { expect } from 'chai';
import { CsvParseDecoder } from '../../../../adapters/csv/csv-parse-decoder.js';
import { FixedClock } from '../../../../adapters/in-memory/fixed-clock.js';
import { InMemoryCatalogueReader } from '../../../../adapters/in-memory/in-memory-catalogue-reader.js';
import { InMemoryMarketplaceStore } from '../../../../adapters/in-memory/in-memory-marketplace-store.js';
import { InMemoryUnitOfWork } from '../../../../adapters/in-memory/in-memory-unit-of-work.js';
import { type UploadCheckContext, UploadChecker } from '../../../../application/inventory/upload-checker.js';
import { CsvUnreadable } from '../../../../application/ports/csv-decoder.js';
import type { InventoryWriter } from '../../../../application/ports/inventory-writer.js';
import type { Listing } from '../../../../domain/marketplace/listing.js';
import { aRelease } from '../../../support/builders/catalogue-builders.js';
import { rejection } from '../../../support/rejection.js';

/** Lets the event loop turn a few times (what a statement in flight lets happen meanwhile): no clock involved. */
async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

async function* bytesOf(text: string, pieceLength = 7): AsyncIterable<Uint8Array> {
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length; at += pieceLength) {
    await turns(1);
    yield bytes.subarray(at, at + pieceLength);
  }
}

/**
 * The in-memory writer with each call taking a while (20 turns of the event loop, in which the file goes on being
 * read) and written in a log as it starts and ends, so that a test sees whether two statements ever ran at once and
 * in what order they came.
 */
function logged(writer: InventoryWriter, log: string[], fail?: { method: keyof InventoryWriter; call: number }): InventoryWriter {
  const counts = new Map<string, number>();
  const wrap =
    <A extends unknown[], R>(name: keyof InventoryWriter, of: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const n = (counts.get(name) ?? 0) + 1;
      counts.set(name, n);
      const rows = args.find(Array.isArray) as unknown[] | undefined;
      log.push(`${name} ${rows?.length ?? ''} start`);
      await turns(20);
      if (fail?.method === name && fail.call === n) {
        log.push(`${name} failed`);
        throw new Error(`${name} failed`);
      }
      const result = await of(...args);
      log.push(`${name} end`);
      return result;
    };
  return {
    unsaleable: wrap('unsaleable', (ids) => writer.unsaleable(ids)),
    sellerListings: wrap('sellerListings', (seller, ids, lock) => writer.sellerListings(seller, ids, lock)),
    sellerListingsOfReleases: wrap('sellerListingsOfReleases', (seller, ids, lock) => writer.sellerListingsOfReleases(seller, ids, lock)),
    addMany: wrap('addMany', (listings) => writer.addMany(listings)),
    saveMany: wrap('saveMany', (listings) => writer.saveMany(listings)),
    removeMany: wrap('removeMany', (seller, ids) => writer.removeMany(seller, ids)),
    deferMarketFigures: wrap('deferMarketFigures', () => writer.deferMarketFigures()),
    refreshMarketFigures: wrap('refreshMarketFigures', (ids) => writer.refreshMarketFigures(ids)),
  };
}

/** Whether no call started before the one before it ended. */
function oneAtATime(log: readonly string[]): boolean {
  let running = 0;
  for (const entry of log) {
    if (entry.endsWith(' start')) running++;
    else running--;
    if (running > 1) return false;
  }
  return true;
}

describe('UploadChecker over several batches (in memory, each statement taking a while)', () => {
  const clock = new FixedClock('2026-11-23T10:00:00Z');
  let catalogue: InMemoryCatalogueReader;
  let uow: InMemoryUnitOfWork;
  let store: InMemoryMarketplaceStore;
  let log: string[];
  const context = (type: UploadCheckContext['type'], apply = true): UploadCheckContext => ({ type, sellerId: 1, currency: 'USD', now: clock.now(), apply });

  beforeEach(() => {
    catalogue = new InMemoryCatalogueReader(clock);
    for (let id = 1; id <= 20; id++) catalogue.putRelease(aRelease(id));
    uow = new InMemoryUnitOfWork();
    store = new InMemoryMarketplaceStore(uow, catalogue);
    log = [];
  });

  const checker = (fail?: { method: keyof InventoryWriter; call: number }) =>
    new UploadChecker(new CsvParseDecoder(), logged(store.inventory, log, fail), catalogue, new ListingBodyRulesChecker(), 2);
  const listings = (): Promise<Listing[]> => uow.run(() => store.inventory.sellerListings(1, [...Array(50).keys()], true));
  const addFile = (rows: number) => `release_id,price,media_condition\n${[...Array(rows).keys()].map((i) => `${i + 1},${i + 1}.50,Mint (M)`).join('\n')}\n`;

  // The decoder reads 2 records at a time (the header is the first), and a batch is checked once 2 rows are waiting:
  // rows 2–4 are the first batch, 5–6 the second.
  it('writes batch after batch, each write ending before the next batch is looked up', async () => {
    const check = await uow.run(() => checker().check(bytesOf(addFile(5)), context('add')));

    expect(check).to.deep.equal({ records: 5, problems: [], total: 0 });
    expect(log).to.deep.equal([
      'deferMarketFigures  start',
      'deferMarketFigures end',
      'unsaleable 3 start',
      'unsaleable end',
      'addMany 3 start',
      'addMany end',
      'unsaleable 2 start',
      'unsaleable end',
      'addMany 2 start',
      'addMany end',
      'refreshMarketFigures 5 start',
      'refreshMarketFigures end',
    ]);
    expect((await listings()).map((l) => l.price.toDecimalString())).to.deep.equal(['1.50', '2.50', '3.50', '4.50', '5.50']);
  });

  it('lets a later batch change what an earlier batch just changed of the same listing', async () => {
    await uow.run(() => checker().check(bytesOf(addFile(2)), context('add')));
    const [first, second] = await listings();
    log.length = 0;
    // Row 2 (first batch) sets the price of listing 1, row 5 (second batch) its offers; an empty price or
    // accept_offer leaves the field as it is. Read before the first batch's write had ended, the price would be lost.
    const file = `listing_id,price,accept_offer
${first!.id},7.00,
${second!.id},,N
${second!.id},,N
${first!.id},,Y
`;

    const check = await uow.run(() => checker().check(bytesOf(file), context('change')));

    expect(check.total).to.equal(0);
    expect(oneAtATime(log), log.join(', ')).to.equal(true);
    expect(log.filter((e) => e.startsWith('saveMany') && e.endsWith('start'))).to.deep.equal(['saveMany 1 start', 'saveMany 1 start']);
    const [changed] = await listings();
    expect(changed!.price.toDecimalString()).to.equal('7.00');
    expect(changed!.allowOffers).to.equal(true);
  });

  it('stops writing at the batch where the first problem is found', async () => {
    // Row 6's price is a cell problem (found as the row is read); row 5's release is missing (found with its batch).
    const file = `release_id,price,media_condition
1,1,Mint (M)
2,2,Mint (M)
3,3,Mint (M)
99,4,Mint (M)
5,x,Mint (M)
6,6,Mint (M)
`;

    const check = await uow.run(() => checker().check(bytesOf(file), context('add')));

    expect(check.problems.map((p) => `${p.row} ${p.column}`)).to.deep.equal(['6 price', '5 release_id']);
    expect(log.filter((e) => e.startsWith('addMany') && e.endsWith('start'))).to.deep.equal(['addMany 3 start']);
    expect(oneAtATime(log), log.join(', ')).to.equal(true);
  });

  it('reports a failed write rather than a later unreadable part of the file', async () => {
    const file = `${addFile(4)}7,"unclosed,Mint (M)\n`;

    const err = await rejection(uow.run(() => checker({ method: 'addMany', call: 1 }).check(bytesOf(file), context('add'))));

    expect(err.message).to.equal('addMany failed');
    expect(await listings()).to.deep.equal([]);
  });

  it('reports an unreadable file when no write failed', async () => {
    const file = `${addFile(4)}7,"unclosed,Mint (M)\n`;

    const err = await rejection(uow.run(() => checker().check(bytesOf(file), context('add'))));

    expect(err).to.be.instanceOf(CsvUnreadable);
    expect(await listings()).to.deep.equal([]);
  });

  it('brings the touched releases’ market figures up to date at the end, in ascending id order, a chunk at a time', async () => {
    const ids = [70000, 3, 2147483647, 65536, 1, 65535, 3];
    for (const id of ids) catalogue.putRelease(aRelease(id));
    const refreshed: number[][] = [];
    const writer: InventoryWriter = { ...logged(store.inventory, log), refreshMarketFigures: async (releaseIds) => void refreshed.push([...releaseIds]) };
    const file = `release_id,price,media_condition\n${ids.map((id) => `${id},1,Mint (M)`).join('\n')}\n`;

    const check = await uow.run(() => new UploadChecker(new CsvParseDecoder(), writer, catalogue, new ListingBodyRulesChecker(), 2, 2).check(bytesOf(file), context('add')));

    expect(check.total).to.equal(0);
    expect(refreshed).to.deep.equal([[1, 3], [65535, 65536], [70000, 2147483647]]);
  });

  it('deletes a listing a file names in two batches once, and names a listing that is not the seller’s', async () => {
    await uow.run(() => checker().check(bytesOf(addFile(3)), context('add')));
    const [a, b] = await listings();
    const file = `listing_id\n${a!.id}\n${b!.id}\n${a!.id}\n999\n${a!.id}\n`;

    const check = await uow.run(() => checker().check(bytesOf(file), context('delete')));

    expect(check.problems.map((p) => p.message)).to.deep.equal(['Listing 999 is not one of your listings.']);
    expect(check.problems.map((p) => p.row)).to.deep.equal([5]);
  });

  it('checks without writing when it is not to apply (a request), the decoder one batch ahead', async () => {
    const check = await checker().check(bytesOf(addFile(5)), context('add', false));

    expect(check.records).to.equal(5);
    expect(log.filter((e) => e.startsWith('addMany'))).to.deep.equal([]);
    expect(await listings()).to.deep.equal([]);
  });
});
