import { withState } from '../support/listing-state.js';
import { expect } from 'chai';
import { InMemoryMarketplaceStore } from '../../adapters/in-memory/in-memory-marketplace-store.js';
import { InMemoryUnitOfWork } from '../../adapters/in-memory/in-memory-unit-of-work.js';
import { PagedInventoryReader } from '../../adapters/in-memory/paged-inventory-reader.js';
import type { Database } from '../../adapters/persistence/database.js';
import { MikroOrmUserRepository } from '../../adapters/persistence/identity/mikro-orm-identity-repositories.js';
import { SqlInventoryReader } from '../../adapters/persistence/inventory/sql-inventory-reader.js';
import { MikroOrmListingRepository } from '../../adapters/persistence/marketplace/mikro-orm-listing-repository.js';
import { MikroOrmUnitOfWork, query } from '../../adapters/persistence/mikro-orm-unit-of-work.js';
import type { InventoryReader } from '../../application/ports/inventory-reader.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import type { ExportedListing } from '../../domain/inventory/inventory-csv.js';
import { newListing, type Listing } from '../../domain/marketplace/listing.js';
import type { ListingRepository } from '../../domain/marketplace/listing-repository.js';
import { LISTING_STATUSES, type ListingStatus } from '../../domain/marketplace/listing-status.js';
import { Money } from '../../domain/marketplace/money.js';
import { aRelease } from '../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../support/catalogue-seed.js';
import { emptyIdentity } from '../support/identity-fixtures.js';
import { rejection } from '../support/rejection.js';
import { openTestDatabase } from '../support/test-database.js';

interface Subject {
  readonly uow: UnitOfWork;
  readonly listings: ListingRepository;
  readonly reader: InventoryReader;
  readonly users: readonly [number, number];
  /** How many cursors the session has open (SQL only). */
  readonly openCursors?: () => Promise<number>;
}

const exported = (l: Listing): ExportedListing => {
  const { sellerId: _s, posted: _p, updated: _u, ...rest } = l.toView();
  return rest;
};

async function all(reader: InventoryReader, sellerId: number, batchSize: number): Promise<ExportedListing[][]> {
  const batches: ExportedListing[][] = [];
  for await (const batch of reader.listings(sellerId, batchSize)) batches.push([...batch]);
  return batches;
}

/** The same expectations of every InventoryReader: a seller's listings but the deleted ones, by id, in batches. */
function contract(name: string, open: () => Promise<Subject>): void {
  describe(`InventoryReader contract: ${name}`, function () {
    this.timeout(60_000);
    let s: Subject;
    let mine: Listing[];
    beforeEach(async () => {
      s = await open();
      const [me, other] = s.users;
      mine = [];
      const add = (seller: number, i: number, status: ListingStatus) =>
        s.uow.run(async () => {
          const added = await s.listings.add(
            newListing(seller, { releaseId: 601, condition: 'Good (G)', price: Money.fromDecimal(`${i + 1}.25`, 'EUR'), comments: `#${i}`, allowOffers: i % 2 === 0, location: i === 0 ? 'Shelf' : null, weight: i === 1 ? 90 : null }, new Date('2026-11-01T00:00:00Z')),
          );
          if (status === 'For Sale') return added;
          const changed = withState(added, { status });
          await s.listings.save(changed);
          return changed;
        });
      for (const [i, status] of LISTING_STATUSES.entries()) {
        const l = await add(me, i, status);
        if (status !== 'Deleted') mine.push(l);
        await add(other, i + 10, status);
      }
    });

    it('reads every listing of the seller but the deleted ones, every field, in id order, in batches of at most the size', async () => {
      const batches = await s.uow.run(() => all(s.reader, s.users[0], 4));
      expect(batches.map((b) => b.length)).to.deep.equal([4, 2]);
      expect(batches.flat()).to.deep.equal(mine.map(exported));
      expect(batches.flat().map((l) => l.status)).to.deep.equal(LISTING_STATUSES.filter((x) => x !== 'Deleted'));
    });

    it('reads an inventory whose size is a multiple of the batch size, and an empty one', async () => {
      expect((await s.uow.run(() => all(s.reader, s.users[0], 3))).map((b) => b.length)).to.deep.equal([3, 3]);
      expect(await s.uow.run(() => all(s.reader, 2_000_000_000, 3))).to.deep.equal([]);
    });

    it('leaves nothing open when the reader stops early', async () => {
      await s.uow.run(async () => {
        for await (const batch of s.reader.listings(s.users[0], 2)) {
          expect(batch).to.have.length(2);
          break;
        }
        if (s.openCursors) expect(await s.openCursors()).to.equal(0);
        // Another read in the same unit of work works.
        expect((await all(s.reader, s.users[0], 100)).flat()).to.have.length(mine.length);
      });
    });
  });
}

contract('paged, in memory', async () => {
  const uow = new InMemoryUnitOfWork();
  const store = new InMemoryMarketplaceStore(uow);
  return { uow, listings: store.listings, reader: new PagedInventoryReader(store.inventoryPages), users: [1, 2] };
});

describe('InventoryReader on SQL', () => {
  let db: Database;
  before(async () => {
    db = await openTestDatabase();
    await seedCatalogue(db, { releases: [aRelease(601)] });
  });
  after(() => db.close());

  contract(`cursor on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, async () => {
    await emptyIdentity(db);
    const users = new MikroOrmUserRepository(db.orm);
    const uow = new MikroOrmUnitOfWork(db.orm);
    const ids: number[] = [];
    for (const name of ['reader-a', 'reader-b']) {
      const user = await uow.run(() =>
        users.add({ username: name, realName: '', email: `${name}@example.com`, passwordHash: 'x', registeredAt: new Date(), homePage: '', location: '', profile: '', currency: 'EUR' }),
      );
      ids.push(user.id);
    }
    return {
      uow,
      listings: new MikroOrmListingRepository(db.orm),
      reader: new SqlInventoryReader(db.orm),
      users: [ids[0]!, ids[1]!],
      openCursors: async () => Number((await query(db.orm, 'select count(*)::int as n from pg_cursors'))[0]!.n),
    };
  });

  it('refuses to read outside a unit of work (a cursor lives in a transaction)', async () => {
    const reader = new SqlInventoryReader(db.orm);
    expect(() => reader.listings(1, 10)).to.throw(/inside a unit of work/);
    expect((await rejection(Promise.resolve().then(() => reader.listings(1, 0))))).to.be.instanceOf(RangeError);
  });
});
