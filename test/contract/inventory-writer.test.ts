import { withState } from '../support/listing-state.js';
import { expect } from 'chai';
import { FixedClock } from '../../adapters/in-memory/fixed-clock.js';
import { InMemoryCatalogueReader } from '../../adapters/in-memory/in-memory-catalogue-reader.js';
import { InMemoryInventoryWriter } from '../../adapters/in-memory/in-memory-inventory-writer.js';
import { InMemoryMarketplaceStore } from '../../adapters/in-memory/in-memory-marketplace-store.js';
import { InMemoryUnitOfWork } from '../../adapters/in-memory/in-memory-unit-of-work.js';
import type { Database } from '../../adapters/persistence/database.js';
import { SqlInventoryWriter } from '../../adapters/persistence/inventory/sql-inventory-writer.js';
import { MikroOrmBlockedReleases } from '../../adapters/persistence/marketplace/mikro-orm-blocked-releases.js';
import { MikroOrmListingRepository } from '../../adapters/persistence/marketplace/mikro-orm-listing-repository.js';
import { MikroOrmUnitOfWork, query } from '../../adapters/persistence/mikro-orm-unit-of-work.js';
import type { InventoryWriter } from '../../application/ports/inventory-writer.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import type { BlockedReleases } from '../../domain/marketplace/blocked-releases.js';
import type { Currency } from '../../domain/marketplace/currency.js';
import { newListing, type Listing, type NewListing } from '../../domain/marketplace/listing.js';
import type { ListingRepository } from '../../domain/marketplace/listing-repository.js';
import { Money } from '../../domain/marketplace/money.js';
import { aRelease } from '../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../support/catalogue-seed.js';
import { storedUsers } from '../support/identity-fixtures.js';
import { rejection } from '../support/rejection.js';
import { openTestDatabase } from '../support/test-database.js';

interface Subject {
  readonly uow: UnitOfWork;
  readonly writer: InventoryWriter;
  readonly listings: ListingRepository;
  readonly blocked: BlockedReleases;
  /** Two users who exist. */
  readonly users: readonly [number, number];
  /** The release's figures as the catalogue row keeps them (SQL only: the statement triggers). */
  readonly releaseFigures?: (id: number) => Promise<{ numForSale: number; lowestPrices: Record<string, number> | null }>;
}

const RELEASE_IDS = [701, 702, 703, 704] as const;
const AT = (day: number) => new Date(Date.UTC(2026, 10, day, 12, 30, 15, 123));

/** Text that a bulk write's array literals must carry through untouched. */
const AWKWARD_TEXTS = [
  '',
  'plain',
  'say "hi"',
  'back\\slash',
  '\\"',
  '"',
  '\\',
  'a,b',
  ',',
  '{braces}',
  '{"a","b"}',
  '}{',
  'NULL',
  'null',
  ' padded ',
  'line\nbreak\r\nand more',
  'tab\there',
  "it's",
  'ünïcödé 😀 日本語 ✓',
  '=1+1',
  '$1 ? :x @y',
];

function aListing(seller: number, release: number, price: string, currency: Currency = 'USD', more: Partial<NewListing> = {}): NewListing {
  return { ...newListing(seller, { releaseId: release, condition: 'Very Good (VG)', price: Money.fromDecimal(price, currency) }, AT(1)), ...more };
}

const withoutId = (l: Listing): NewListing => {
  const { id: _id, ...rest } = l.toView();
  return rest;
};

function contract(name: string, open: () => Promise<Subject>, keepsReleaseFigures: boolean): void {
  describe(`InventoryWriter contract: ${name}`, function () {
    this.timeout(60_000);
    let s: Subject;
    beforeEach(async () => (s = await open()));

    /** Adds listings one at a time (through the listing repository), in a unit of work. */
    const added = (...listings: NewListing[]): Promise<Listing[]> =>
      s.uow.run(async () => {
        const out: Listing[] = [];
        for (const l of listings) out.push(await s.listings.add(l));
        return out;
      });

    /** Every listing of the seller, in id order. */
    const stored = (seller: number): Promise<Listing[]> => s.writer.sellerListingsOfReleases(seller, RELEASE_IDS, false);

    it('tells missing releases (ids out of range included) from blocked ones', async () => {
      await s.uow.run(() => s.blocked.setBlocked(702, true, 'bootleg', AT(1)));
      const found = await s.writer.unsaleable([701, 702, 999_999, 0, -1, 2 ** 31, 2 ** 31 - 1, 2 ** 53, 1.5, 702, 701, 999_999]);
      expect([...found.missing].sort((a, b) => a - b)).to.deep.equal([-1, 0, 1.5, 999_999, 2 ** 31 - 1, 2 ** 31, 2 ** 53]);
      expect([...found.blocked]).to.deep.equal([702]);
      expect(await s.writer.unsaleable([701, 703, 704])).to.deep.equal({ missing: new Set(), blocked: new Set() });
      expect(await s.writer.unsaleable([])).to.deep.equal({ missing: new Set(), blocked: new Set() });
      // Inside a unit of work too, and the same once unblocked.
      await s.uow.run(() => s.blocked.setBlocked(702, false, '', AT(2)));
      expect(await s.uow.run(() => s.writer.unsaleable([702]))).to.deep.equal({ missing: new Set(), blocked: new Set() });
    });

    it('reads the seller’s listings of these ids only, in id order, each once', async () => {
      const [u, v] = s.users;
      const [a, b, theirs, c] = await added(aListing(u, 701, '1'), aListing(u, 702, '2', 'EUR', { status: 'Sold' }), aListing(v, 701, '3'), aListing(u, 703, '4'));
      const ids = (listings: readonly Listing[]) => listings.map((l) => l.id);
      expect(await s.writer.sellerListings(u, [c!.id, theirs!.id, a!.id, 999_999, b!.id, a!.id, 0, -5, 2 ** 31, 2 ** 53], false)).to.deep.equal([a, b, c]);
      expect(ids(await s.writer.sellerListings(v, [a!.id, theirs!.id], false))).to.deep.equal([theirs!.id]);
      expect(await s.writer.sellerListings(u, [], false)).to.deep.equal([]);
      expect(await s.writer.sellerListings(u, [theirs!.id], false)).to.deep.equal([]);
      // Locking reads give the same, inside a unit of work.
      expect(await s.uow.run(() => s.writer.sellerListings(u, [c!.id, a!.id], true))).to.deep.equal([a, c]);
    });

    it('reads the seller’s listings of these releases only, in id order', async () => {
      const [u, v] = s.users;
      const [a, , b, c] = await added(aListing(u, 702, '1'), aListing(v, 702, '2'), aListing(u, 701, '3', 'JPY'), aListing(u, 702, '4', 'USD', { status: 'Draft' }), aListing(u, 703, '5'));
      expect(await s.writer.sellerListingsOfReleases(u, [702, 701, 702, 999_999, 0, 2 ** 31], false)).to.deep.equal([a, b, c]);
      expect((await s.writer.sellerListingsOfReleases(v, [701, 702], false)).map((l) => l.price.toString())).to.deep.equal(['2.00 USD']);
      expect(await s.writer.sellerListingsOfReleases(u, [704], false)).to.deep.equal([]);
      expect(await s.writer.sellerListingsOfReleases(u, [], false)).to.deep.equal([]);
      expect(await s.uow.run(() => s.writer.sellerListingsOfReleases(u, [702], true))).to.deep.equal([a, c]);
    });

    it('refuses a locking read outside a unit of work', async () => {
      const [u] = s.users;
      const [a] = await added(aListing(u, 701, '1'));
      expect((await rejection(s.writer.sellerListings(u, [a!.id], true))).message).to.match(/inside a unit of work/);
      expect((await rejection(s.writer.sellerListingsOfReleases(u, [701], true))).message).to.match(/inside a unit of work/);
      expect(await s.writer.sellerListings(u, [a!.id], false)).to.deep.equal([a]);
    });

    it('serialises read-check-write uploads under the lock: none is lost', async () => {
      const [u] = s.users;
      const [l] = await added(aListing(u, 701, '1', 'USD', { comments: '' }));
      // Half read the listing by its id, half by its release, as change rows name it.
      const append = (mark: string, i: number) =>
        s.uow.run(async () => {
          const [current] = i % 2 === 0 ? await s.writer.sellerListings(u, [l!.id], true) : await s.writer.sellerListingsOfReleases(u, [701], true);
          await new Promise((resolve) => setTimeout(resolve, 5));
          await s.writer.saveMany([withState(current!, { comments: current!.comments + mark })]);
        });
      await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map(append));
      expect((await s.listings.byId(l!.id))!.comments.split('').sort().join('')).to.equal('abcdef');
    });

    it('adds many listings at once, every field kept (nulls, quotes, backslashes, commas, braces, unicode), in the order given', async () => {
      const [u, v] = s.users;
      const many: NewListing[] = AWKWARD_TEXTS.map((text, i) =>
        aListing(i % 5 === 4 ? v : u, RELEASE_IDS[i % RELEASE_IDS.length]!, `${i + 1}.25`, i % 3 === 0 ? 'EUR' : 'USD', {
          status: (['For Sale', 'Draft', 'Expired'] as const)[i % 3],
          condition: i % 2 === 0 ? 'Mint (M)' : 'Poor (P)',
          sleeveCondition: i % 2 === 0 ? null : 'Generic',
          comments: text,
          allowOffers: i % 2 === 1,
          externalId: i % 4 === 0 ? null : text,
          location: i % 4 === 1 ? null : `${text}|loc`,
          weight: i % 3 === 1 ? null : i * 10,
          formatQuantity: i % 3 === 2 ? null : i,
          posted: AT(2 + (i % 3)),
          updated: AT(5),
        }),
      );
      many.push(
        aListing(u, 701, '1000000000', 'USD', { comments: 'the dearest', weight: 1_000_000, formatQuantity: 1000 }),
        aListing(u, 701, '1500', 'JPY', { comments: 'yen' }),
        aListing(u, 702, '0.01', 'GBP', { comments: 'x'.repeat(5000), externalId: 'e'.repeat(200), location: '😀'.repeat(100) }),
      );
      const answered = await s.uow.run(() => s.writer.addMany(many));
      const back = [...(await stored(u)), ...(await stored(v))].sort((a, b) => a.id - b.id);
      expect(back.map(withoutId)).to.deep.equal(many);
      // Answered as stored, with their ids, in the order given.
      expect(answered).to.deep.equal(back);
      expect(new Set(back.map((l) => l.id)).size).to.equal(many.length);
      expect(back.find((l) => l.comments === 'the dearest')!.price.toString()).to.equal('1000000000.00 USD');
      // Each is a listing like any other.
      expect(await s.listings.byId(back[0]!.id)).to.deep.equal(back[0]);
      expect(await s.uow.run(() => s.writer.addMany([]))).to.deep.equal([]);
      expect([...(await stored(u)), ...(await stored(v))]).to.have.length(many.length);
    });

    it('saves many listings at once: every field and the status replaced, nothing else touched', async () => {
      const [u, v] = s.users;
      const [a, b, c, theirs] = await added(
        aListing(u, 701, '1', 'USD', { comments: 'a', location: 'Box', weight: 100, sleeveCondition: 'Generic', externalId: 'A' }),
        aListing(u, 702, '2', 'EUR', { status: 'Draft' }),
        aListing(u, 703, '3'),
        aListing(v, 701, '4'),
      );
      const changed: Listing[] = [
        withState(a!, {
          releaseId: 702,
          status: 'Draft',
          condition: 'Mint (M)',
          sleeveCondition: null,
          price: Money.fromDecimal('1500', 'JPY'),
          comments: 'back\\slash, "quote", {brace}, 😀\nline',
          allowOffers: true,
          externalId: null,
          location: null,
          weight: null,
          formatQuantity: null,
          updated: AT(9),
        }),
        withState(b!, {
          status: 'For Sale',
          sleeveCondition: 'No Cover',
          price: Money.fromDecimal('2.50', 'EUR'),
          comments: '',
          externalId: 'NULL',
          location: ' {} ',
          weight: 0,
          formatQuantity: 1000,
          updated: AT(10),
        }),
      ];
      await s.uow.run(() => s.writer.saveMany(changed));
      expect(await stored(u)).to.deep.equal([changed[0], changed[1], c]);
      expect(await stored(v)).to.deep.equal([theirs]);
      await s.uow.run(() => s.writer.saveMany([]));
      expect(await stored(u)).to.deep.equal([changed[0], changed[1], c]);
      // A listing no longer stored is not made again.
      await s.uow.run(() => s.writer.saveMany([withState(c!, { id: 999_999, comments: 'ghost' })]));
      expect(await s.listings.byId(999_999)).to.equal(null);
    });

    it('removes the seller’s listings of these ids for good, counting them, and nobody else’s', async () => {
      const [u, v] = s.users;
      const [a, b, c, theirs] = await added(aListing(u, 701, '1'), aListing(u, 702, '2', 'USD', { status: 'Sold' }), aListing(u, 703, '3'), aListing(v, 701, '4'));
      expect(await s.uow.run(() => s.writer.removeMany(u, [a!.id, b!.id, a!.id, theirs!.id, 999_999, 0, 2 ** 31]))).to.equal(2);
      expect(await stored(u)).to.deep.equal([c]);
      expect(await stored(v)).to.deep.equal([theirs]);
      expect(await s.listings.byId(a!.id)).to.equal(null);
      expect(await s.uow.run(() => s.writer.removeMany(u, [a!.id]))).to.equal(0);
      expect(await s.uow.run(() => s.writer.removeMany(u, []))).to.equal(0);
    });

    it('puts nothing back of a failed unit of work', async () => {
      const [u] = s.users;
      const [a, b] = await added(aListing(u, 701, '1'), aListing(u, 702, '2'));
      const failed = await s.uow
        .run(async () => {
          await s.writer.addMany([aListing(u, 703, '3'), aListing(u, 704, '4')]);
          await s.writer.saveMany([withState(a!, { comments: 'changed', status: 'Draft' })]);
          await s.writer.removeMany(u, [b!.id]);
          expect(await stored(u)).to.have.length(3);
          throw new Error('boom');
        })
        .catch((e: Error) => e.message);
      expect(failed).to.equal('boom');
      expect(await stored(u)).to.deep.equal([a, b]);
    });

    // Only the SQL catalogue keeps a release's figures on its row (the statement triggers); the in-memory store has none.
    if (!keepsReleaseFigures) return;
    it('keeps the releases’ for-sale figures with every bulk add, save and remove', async () => {
      const figures = s.releaseFigures!;
      const [u, v] = s.users;
      for (const id of RELEASE_IDS) expect(await figures(id)).to.deep.equal({ numForSale: 0, lowestPrices: null });
      await s.uow.run(() =>
        s.writer.addMany([
          aListing(u, 701, '10'),
          aListing(u, 701, '7.50'),
          aListing(v, 701, '900', 'JPY'),
          aListing(u, 701, '1', 'USD', { status: 'Draft' }),
          aListing(u, 702, '3', 'EUR'),
          aListing(u, 703, '5', 'USD', { status: 'Expired' }),
        ]),
      );
      expect(await figures(701)).to.deep.equal({ numForSale: 3, lowestPrices: { USD: 750, JPY: 900 } });
      expect(await figures(702)).to.deep.equal({ numForSale: 1, lowestPrices: { EUR: 300 } });
      expect(await figures(703)).to.deep.equal({ numForSale: 0, lowestPrices: null });

      const mine = await stored(u);
      const byPrice = (p: string) => mine.find((l) => l.price.toDecimalString() === p)!;
      await s.uow.run(() =>
        s.writer.saveMany([
          // The cheapest dollar listing withdrawn, the draft put on sale dearer, one moved to another release, the expired one back on sale.
          withState(byPrice('7.50'), { status: 'Draft' }),
          withState(byPrice('1.00'), { status: 'For Sale', price: Money.fromDecimal('20', 'USD') }),
          withState(byPrice('3.00'), { releaseId: 704 }),
          withState(byPrice('5.00'), { status: 'For Sale', price: Money.fromDecimal('4', 'GBP') }),
          // A change of nothing the figures count.
          withState(byPrice('10.00'), { comments: 'only the comments' }),
        ]),
      );
      expect(await figures(701)).to.deep.equal({ numForSale: 3, lowestPrices: { USD: 1000, JPY: 900 } });
      expect(await figures(702)).to.deep.equal({ numForSale: 0, lowestPrices: null });
      expect(await figures(703)).to.deep.equal({ numForSale: 1, lowestPrices: { GBP: 400 } });
      expect(await figures(704)).to.deep.equal({ numForSale: 1, lowestPrices: { EUR: 300 } });

      expect(await s.uow.run(() => s.writer.removeMany(u, [byPrice('10.00').id, byPrice('3.00').id, byPrice('7.50').id]))).to.equal(3);
      expect(await figures(701)).to.deep.equal({ numForSale: 2, lowestPrices: { USD: 2000, JPY: 900 } });
      expect(await figures(704)).to.deep.equal({ numForSale: 0, lowestPrices: null });

      // A failed unit of work leaves the figures as they were.
      await s.uow
        .run(async () => {
          await s.writer.addMany([aListing(u, 702, '0.5', 'EUR')]);
          await s.writer.removeMany(u, [byPrice('1.00').id]);
          throw new Error('boom');
        })
        .catch(() => undefined);
      expect(await figures(701)).to.deep.equal({ numForSale: 2, lowestPrices: { USD: 2000, JPY: 900 } });
      expect(await figures(702)).to.deep.equal({ numForSale: 0, lowestPrices: null });
    });

    it('leaves the figures alone while deferred, in that unit of work only, until they are refreshed', async () => {
      const figures = s.releaseFigures!;
      const [u] = s.users;
      const [kept] = await s.uow.run(async () => {
        await s.writer.deferMarketFigures();
        await s.writer.addMany([aListing(u, 701, '10'), aListing(u, 702, '4')]);
        expect(await figures(701), 'not counted while deferred').to.deep.equal({ numForSale: 0, lowestPrices: null });
        const mine = await stored(u);
        await s.writer.saveMany([withState(mine.find((l) => l.releaseId === 702)!, { releaseId: 703 })]);
        await s.writer.refreshMarketFigures([701, 702, 703]);
        expect(await figures(701), 'counted once refreshed').to.deep.equal({ numForSale: 1, lowestPrices: { USD: 1000 } });
        return mine;
      });
      expect(await figures(702)).to.deep.equal({ numForSale: 0, lowestPrices: null });
      expect(await figures(703)).to.deep.equal({ numForSale: 1, lowestPrices: { USD: 400 } });
      // The next unit of work is not deferred: the triggers keep the figures again.
      await s.uow.run(() => s.writer.removeMany(u, [kept!.id]));
      expect(await figures(701)).to.deep.equal({ numForSale: 0, lowestPrices: null });
      // A deferred unit of work rolled back leaves nothing either.
      await s.uow
        .run(async () => {
          await s.writer.deferMarketFigures();
          await s.writer.addMany([aListing(u, 704, '1')]);
          await s.writer.refreshMarketFigures([704]);
          throw new Error('boom');
        })
        .catch(() => undefined);
      expect(await figures(704)).to.deep.equal({ numForSale: 0, lowestPrices: null });
    });
  });
}

contract(
  'in memory',
  async () => {
    const uow = new InMemoryUnitOfWork();
    const catalogue = new InMemoryCatalogueReader(new FixedClock('2026-01-01T00:00:00Z'));
    for (const id of RELEASE_IDS) catalogue.putRelease(aRelease(id));
    const store = new InMemoryMarketplaceStore(uow, catalogue);
    return { uow, writer: store.inventory, listings: store.listings, blocked: store.blocked, users: [1, 2] };
  },
  false,
);

contract(
  'in memory, through the marketplace ports (the memory family\'s)',
  async () => {
    const uow = new InMemoryUnitOfWork();
    const catalogue = new InMemoryCatalogueReader(new FixedClock('2026-01-01T00:00:00Z'));
    for (const id of RELEASE_IDS) catalogue.putRelease(aRelease(id));
    const store = new InMemoryMarketplaceStore(uow, catalogue);
    const writer = new InMemoryInventoryWriter(store.listings, store.inventoryPages, store.blocked, catalogue);
    return { uow, writer, listings: store.listings, blocked: store.blocked, users: [1, 2] };
  },
  false,
);

describe('InventoryWriter with the SQL adapters', () => {
  let db: Database;
  before(async () => {
    db = await openTestDatabase();
    await seedCatalogue(db, { releases: RELEASE_IDS.map((id) => aRelease(id)) });
  });
  after(() => db.close());

  contract(
    `SQL on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
    async () => {
      // Removing the users removes their listings; the triggers take the listings off the releases.
      await query(db.orm, 'delete from blocked_release');
      const ids = await storedUsers(db, ['writer-a', 'writer-b']);
      const uow = new MikroOrmUnitOfWork(db.orm);
      return {
        uow,
        writer: new SqlInventoryWriter(db.orm),
        listings: new MikroOrmListingRepository(db.orm),
        blocked: new MikroOrmBlockedReleases(db.orm),
        users: [ids[0]!, ids[1]!],
        releaseFigures: async (id) => {
          const [row] = await query(db.orm, 'select num_for_sale, lowest_prices from release where id = ?', [id]);
          const prices = row!.lowest_prices;
          return { numForSale: Number(row!.num_for_sale), lowestPrices: (typeof prices === 'string' ? JSON.parse(prices) : prices) ?? null };
        },
      };
    },
    true,
  );
});
