import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Container } from 'inversify';
import { query } from '../../../adapters/persistence/mikro-orm-unit-of-work.js';
import { inventoryModule } from '../../../composition/inventory/inventory-module.js';
import { aUser, emptyIdentity } from '../../support/identity-fixtures.js';
import { testContainer } from '../../support/test-app.js';
import { JOBS } from '../../../composition/jobs/jobs-tokens.js';
import { MARKETPLACE } from '../../../composition/marketplace/marketplace-tokens.js';
import { PERSISTENCE } from '../../../composition/persistence/persistence-tokens.js';
import { newListing } from '../../../domain/marketplace/listing.js';
import { Money } from '../../../domain/marketplace/money.js';
import { aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { makeSeller } from '../../support/listing-fixtures.js';
import { isMemory, openTestStorage, type TestStorage } from '../../support/test-storage.js';

describe('Inventory demo data', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let container: Container;
  let fileDir: string;

  before(async () => {
    db = await openTestStorage();
    fileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-demo-files-'));
    container = testContainer(db, { FILE_DIR: fileDir });
  });
  after(async () => {
    await db.close();
    fs.rmSync(fileDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    // An in-memory storage is emptied by opening another.
    if (isMemory(db)) {
      await db.close();
      db = await openTestStorage();
      container = testContainer(db, { FILE_DIR: fileDir });
      return;
    }
    await query(db.orm, 'delete from job');
    await query(db.orm, 'delete from listing');
    await emptyIdentity(db);
  });

  /** In memory, the owner's jobs of these kinds in id order, through the job queue (which lists by kind and owner). */
  const jobsOf = async (ownerId: number, kinds: readonly string[]): Promise<Record<string, unknown>[]> => {
    const queue = container.get(JOBS.Queue);
    const jobs = (await Promise.all(kinds.map(async (kind) => (await queue.list(kind, ownerId, 0, 1_000)).items))).flat().sort((a, b) => a.id - b.id);
    return jobs.map((j) => ({ kind: j.kind, status: j.status, owner_id: j.ownerId, result: j.result }));
  };

  /** The seller's listings in id order (in memory through their inventory pages). */
  const listingsOf = async (sellerId: number): Promise<Record<string, unknown>[]> => {
    if (!isMemory(db)) return query(db.orm, 'select release_id, condition, comments from listing where seller_id = ? order by id', [sellerId]);
    const page = await container.get(MARKETPLACE.InventoryPages).page({ sellerId, statuses: null, sort: 'audio', sortOrder: 'asc', offset: 0, limit: 1_000 });
    return page.listings.map((l) => ({ release_id: l.releaseId, condition: l.condition, comments: l.comments }));
  };

  const demo = async (): Promise<string[]> => {
    const lines: string[] = [];
    await inventoryModule.demo!(container, (line) => lines.push(line));
    return lines;
  };

  it("asks for one export of the demo seller's inventory, once", async () => {
    const seller = await aUser(container, 'demo-seller');
    const [upload, first] = await demo();
    expect(upload).to.equal('inventory: demo-seller sells nothing yet; demo upload left out');
    expect(first).to.match(/^inventory: asked for an export of demo-seller's inventory \(export \d+; the job worker writes it\)$/);
    expect((await demo())[1]).to.equal('inventory: demo-seller has an export already; demo export left out');
    // In memory, the seller's (no one else has jobs).
    const rows = isMemory(db) ? await jobsOf(seller.id, ['inventory-export']) : await query(db.orm, "select status, owner_id from job where kind = 'inventory-export'");
    expect(rows.map((r) => [r.status, Number(r.owner_id)])).to.deep.equal([['pending', seller.id]]);
  });

  it('leaves the export out without the demo seller', async () => {
    expect(await demo()).to.deep.equal(['inventory: no user demo-seller; demo upload left out', 'inventory: no user demo-seller; demo export left out']);
  });

  it("uploads two more copies of the demo seller's first listings once, which the job worker applies", async () => {
    const seller = await aUser(container, 'demo-seller');
    await makeSeller(container, seller.id, 'USD');
    await seedCatalogue(db, { releases: [aRelease(8101, { title: 'Demo One' }), aRelease(8102, { title: 'Demo Two' })] });
    for (const releaseId of [8101, 8102]) {
      const listing = newListing(seller.id, { releaseId, condition: 'Mint (M)', price: Money.fromDecimal('20', 'USD') }, new Date('2026-11-01T00:00:00Z'));
      await container.get(PERSISTENCE.UnitOfWork).run(() => container.get(MARKETPLACE.ListingRepository).add(listing));
    }
    const [upload] = await demo();
    expect(upload).to.match(/^inventory: uploaded 2 more listings for demo-seller \(upload \d+; the job worker applies it\)$/);
    expect((await demo())[0]).to.equal('inventory: demo-seller has an upload already; demo upload left out');
    while ((await container.get(JOBS.Worker).runOnce()) !== null);
    const jobs = isMemory(db)
      ? await jobsOf(seller.id, ['inventory-upload', 'inventory-export'])
      : await query(db.orm, 'select kind, status, result from job where owner_id = ? order by id', [seller.id]);
    expect(jobs.map((j) => [j.kind, j.status])).to.deep.equal([
      ['inventory-upload', 'success'],
      ['inventory-export', 'success'],
    ]);
    expect((jobs[0]!.result as { results: string }).results).to.equal('CSV file contains 2 records.<p>Processed 2 records.');
    const rows = await listingsOf(seller.id);
    expect(rows.map((r) => [r.release_id, r.condition])).to.deep.equal([
      [8101, 'Mint (M)'],
      [8102, 'Mint (M)'],
      [8101, 'Good Plus (G+)'],
      [8102, 'Very Good (VG)'],
    ]);
    expect((jobs[1]!.result as { rows: number }).rows).to.equal(4);
  });
});
