import { withState } from '../support/listing-state.js';
import { expect } from 'chai';
import { FixedClock } from '../../adapters/in-memory/fixed-clock.js';
import { InMemoryCatalogueReader } from '../../adapters/in-memory/in-memory-catalogue-reader.js';
import { releaseMarketOf } from '../../adapters/in-memory/in-memory-market-figures.js';
import { InMemoryMarketplaceStore } from '../../adapters/in-memory/in-memory-marketplace-store.js';
import { InMemoryUnitOfWork } from '../../adapters/in-memory/in-memory-unit-of-work.js';
import type { Database } from '../../adapters/persistence/database.js';
import { MikroOrmBlockedReleases } from '../../adapters/persistence/marketplace/mikro-orm-blocked-releases.js';
import { MikroOrmListingRepository } from '../../adapters/persistence/marketplace/mikro-orm-listing-repository.js';
import { SqlInventoryPageReader } from '../../adapters/persistence/marketplace/sql-inventory-page-reader.js';
import type { InventoryPageReader } from '../../application/ports/inventory-page-reader.js';
import { MikroOrmSellerRepository } from '../../adapters/persistence/marketplace/mikro-orm-seller-repository.js';
import { MikroOrmUnitOfWork, query } from '../../adapters/persistence/mikro-orm-unit-of-work.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import type { Release } from '../../domain/catalogue/release.js';
import type { BlockedReleases } from '../../domain/marketplace/blocked-releases.js';
import type { Currency } from '../../domain/marketplace/currency.js';
import { newListing, type Listing, type NewListing } from '../../domain/marketplace/listing.js';
import { type ListingRepository } from '../../domain/marketplace/listing-repository.js';
import { INVENTORY_SORTS, type InventorySort } from '../../domain/marketplace/inventory-sort.js';
import type { ListingStatus } from '../../domain/marketplace/listing-status.js';
import { Money } from '../../domain/marketplace/money.js';
import { sellerSettings } from '../../domain/marketplace/seller.js';
import type { SellerRepository } from '../../domain/marketplace/seller-repository.js';
import { shippingRates } from '../../domain/marketplace/shipping-rates.js';
import { INVENTORY_ORDERS, INVENTORY_PLAN, inventoryReleases, PLANNED_FOR_SALE } from '../support/inventory-plan.js';
import { seedCatalogue } from '../support/catalogue-seed.js';
import { storedUsers } from '../support/identity-fixtures.js';
import { openTestDatabase } from '../support/test-database.js';

interface Subject {
  readonly uow: UnitOfWork;
  readonly listings: ListingRepository;
  readonly pages: InventoryPageReader;
  readonly sellers: SellerRepository;
  readonly blocked: BlockedReleases;
  /** Two users who exist. */
  readonly users: readonly [number, number];
  /** The release's figures as the catalogue row keeps them (the trigger), or as the memory family counts them. */
  readonly releaseFigures?: (id: number) => Promise<{ numForSale: number; lowestPrices: Record<string, number> | null }>;
}

const RELEASE_IDS = [501, 502, 503] as const;
const RELEASES: Release[] = inventoryReleases(RELEASE_IDS);
const AT = (day: number) => new Date(Date.UTC(2026, 10, day));

function listing(seller: number, release: number, status: ListingStatus, price: string, currency: Currency = 'USD', more: Partial<NewListing> = {}): NewListing {
  return { ...newListing(seller, { releaseId: release, condition: 'Very Good (VG)', price: Money.fromDecimal(price, currency) }, AT(1)), status, ...more };
}

function contract(name: string, open: () => Promise<Subject>, keepsReleaseFigures: boolean): void {
  describe(`Listing repository contract: ${name}`, function () {
    this.timeout(60_000);
    let s: Subject;
    beforeEach(async () => (s = await open()));

    it('adds with increasing ids, reads back every field, saves and removes', async () => {
      const [u] = s.users;
      const first = await s.uow.run(() =>
        s.listings.add(
          listing(u, 501, 'For Sale', '12.50', 'EUR', {
            sleeveCondition: 'Generic',
            comments: 'Nice',
            allowOffers: true,
            externalId: 'E1',
            location: 'Box 1',
            weight: 230,
            formatQuantity: 1,
            posted: AT(2),
            updated: AT(3),
          }),
        ),
      );
      const second = await s.uow.run(() => s.listings.add(listing(u, 502, 'Draft', '1000', 'JPY')));
      expect(second.id).to.be.greaterThan(first.id);
      const read = (await s.listings.byId(first.id))!;
      expect(read).to.deep.equal(first);
      expect(read.price.toString()).to.equal('12.50 EUR');
      expect((await s.listings.byId(second.id))!.price.toString()).to.equal('1000 JPY');
      const changed: Listing = withState(read, { status: 'Draft', price: Money.fromDecimal('3.10', 'GBP'), comments: 'Changed', location: null, updated: AT(9) });
      await s.uow.run(() => s.listings.save(changed));
      expect(await s.listings.byId(first.id)).to.deep.equal(changed);
      expect(await s.uow.run(() => s.listings.remove(first.id))).to.equal(true);
      expect(await s.uow.run(() => s.listings.remove(first.id))).to.equal(false);
      expect(await s.listings.byId(first.id)).to.equal(null);
      for (const id of [0, -1, 2 ** 40, 999_999]) expect(await s.listings.byId(id)).to.equal(null);
    });

    it('puts nothing back of a failed unit of work', async () => {
      const [u] = s.users;
      const kept = await s.uow.run(() => s.listings.add(listing(u, 501, 'For Sale', '5')));
      let added: Listing | undefined;
      const failed = await s.uow
        .run(async () => {
          added = await s.listings.add(listing(u, 502, 'For Sale', '6'));
          await s.listings.save(withState(kept, { comments: 'changed' }));
          await s.listings.remove(kept.id);
          throw new Error('boom');
        })
        .catch((e: Error) => e.message);
      expect(failed).to.equal('boom');
      expect(await s.listings.byId(added!.id)).to.equal(null);
      expect(await s.listings.byId(kept.id)).to.deep.equal(kept);
    });

    it('locks listings only inside a unit of work, answering those that exist in id order', async () => {
      const [u] = s.users;
      const a = await s.uow.run(() => s.listings.add(listing(u, 501, 'For Sale', '5')));
      const b = await s.uow.run(() => s.listings.add(listing(u, 502, 'For Sale', '6')));
      const error = await s.listings.lockForUpdate([a.id]).catch((e: Error) => e);
      expect(error).to.be.instanceOf(Error);
      const locked = await s.uow.run(() => s.listings.lockForUpdate([b.id, 999_999, a.id, 0]));
      expect(locked.map((l) => l.id)).to.deep.equal([a.id, b.id]);
      expect(await s.uow.run(() => s.listings.lockForUpdate([]))).to.deep.equal([]);
    });

    it('serialises read-check-write edits under the lock: none is lost', async () => {
      const [u] = s.users;
      const l = await s.uow.run(() => s.listings.add(listing(u, 501, 'For Sale', '1', 'USD', { comments: '' })));
      const append = (mark: string) =>
        s.uow.run(async () => {
          const [current] = await s.listings.lockForUpdate([l.id]);
          await new Promise((resolve) => setTimeout(resolve, 5));
          await s.listings.save(withState(current!, { comments: current!.comments + mark }));
        });
      await Promise.all(['a', 'b', 'c', 'd', 'e'].map(append));
      const comments = (await s.listings.byId(l.id))!.comments;
      expect(comments.split('').sort().join('')).to.equal('abcde');
    });

    it('pages an inventory by seller and status, in every sort and direction, ties by id', async () => {
      const [u, v] = s.users;
      const ids: Record<string, number> = {};
      await s.uow.run(async () => {
        const add = async (key: string, l: NewListing) => (ids[key] = (await s.listings.add(l)).id);
        for (const [key, [release, status, cents, location, day]] of Object.entries(INVENTORY_PLAN)) {
          await add(key, listing(u, RELEASE_IDS[release], status, (cents / 100).toFixed(2), 'USD', { location, posted: AT(day) }));
        }
        await add('other', listing(v, 501, 'For Sale', '1'));
      });
      const expected = INVENTORY_ORDERS;
      const keyOf = (id: number) => Object.keys(ids).find((k) => ids[k] === id);
      const page = async (sort: InventorySort, sortOrder: 'asc' | 'desc', statuses: ListingStatus[] | null = null, offset = 0, limit = 50) => {
        const p = await s.pages.page({ sellerId: u, statuses, sort, sortOrder, offset, limit });
        return { total: p.total, keys: p.listings.map((l) => keyOf(l.id)) };
      };
      for (const sort of INVENTORY_SORTS) {
        expect(await page(sort, 'asc'), sort).to.deep.equal({ total: 5, keys: expected[sort] });
        expect(await page(sort, 'desc'), `${sort} desc`).to.deep.equal({ total: 5, keys: [...expected[sort]].reverse() });
        const forSale = expected[sort].filter((k) => PLANNED_FOR_SALE.includes(k));
        expect(await page(sort, 'asc', ['For Sale']), `${sort} For Sale`).to.deep.equal({ total: 3, keys: forSale });
      }
      expect(await page('listed', 'asc', ['Draft', 'Sold'])).to.deep.equal({ total: 2, keys: ['L3', 'L4'] });
      expect(await page('listed', 'asc', ['Expired'])).to.deep.equal({ total: 0, keys: [] });
      expect(await page('price', 'asc', null, 1, 2)).to.deep.equal({ total: 5, keys: ['L5', 'L4'] });
      expect(await page('price', 'asc', null, 10, 2)).to.deep.equal({ total: 5, keys: [] });
      expect(await s.listings.countForSale(u)).to.equal(3);
      expect(await s.listings.countForSale(v)).to.equal(1);
    });

    it('reads the newest listings For Sale of every seller: latest posted first, ties by the higher id, at most the limit', async () => {
      const [a, b] = s.users;
      expect(await s.pages.recentlyListed(5)).to.deep.equal([]);
      const add = (seller: number, release: number, status: ListingStatus, day: number) =>
        s.uow.run(() => s.listings.add(listing(seller, release, status, '5', 'USD', { posted: AT(day), updated: AT(day) })));
      const old = await add(a, 501, 'For Sale', 2);
      const tieLow = await add(b, 502, 'For Sale', 4);
      const tieHigh = await add(a, 503, 'For Sale', 4);
      await add(b, 501, 'Draft', 9);
      await add(a, 502, 'Sold', 9);
      const newest = await add(b, 503, 'For Sale', 6);
      const ids = async (limit: number) => (await s.pages.recentlyListed(limit)).map((l) => l.id);
      expect(await ids(10)).to.deep.equal([newest.id, tieHigh.id, tieLow.id, old.id]);
      expect(await ids(2)).to.deep.equal([newest.id, tieHigh.id]);
      expect(await ids(0)).to.deep.equal([]);
      // Whole listings, as `byId` reads them; one taken off sale leaves the list.
      expect((await s.pages.recentlyListed(1))[0]).to.deep.equal(await s.listings.byId(newest.id));
      await s.uow.run(async () => {
        const l = (await s.listings.lockForUpdate([newest.id]))[0]!;
        await s.listings.save(withState(l, { status: 'Expired' }));
      });
      expect(await ids(10)).to.deep.equal([tieHigh.id, tieLow.id, old.id]);
    });

    it('gives the asking prices of For Sale listings and the sales since a time as price observations', async () => {
      const [u] = s.users;
      await s.uow.run(async () => {
        await s.listings.add(listing(u, 501, 'For Sale', '10', 'USD'));
        await s.listings.add({ ...listing(u, 501, 'Sold', '8', 'EUR'), condition: 'Mint (M)', updated: AT(10) });
        await s.listings.add({ ...listing(u, 501, 'Sold', '9', 'EUR'), updated: AT(2) });
        await s.listings.add(listing(u, 501, 'Draft', '7'));
        await s.listings.add(listing(u, 502, 'For Sale', '6'));
      });
      const seen = await s.listings.priceObservations(501, AT(5));
      const sorted = seen.map((o) => `${o.condition}|${o.currency}|${o.minorUnits}|${o.sold}`).sort();
      expect(sorted).to.deep.equal(['Mint (M)|EUR|800|true', 'Very Good (VG)|USD|1000|false']);
    });

    it('keeps sellers’ settings, one per user, replaced whole', async () => {
      const [u, v] = s.users;
      expect(await s.sellers.settingsOf(u)).to.equal(null);
      const amounts = { shippingRates: shippingRates({ default: 5, GB: 2.5, europe: 8 }, 'EUR'), minOrderTotal: Money.fromDecimal('20.00', 'EUR') };
      await s.uow.run(() => s.sellers.put(sellerSettings(u, 'Pay', 'Ship', AT(1), amounts)));
      const kept = await s.sellers.settingsOf(u);
      expect(kept).to.deep.equal({ userId: u, paymentTerms: 'Pay', shippingTerms: 'Ship', ...amounts, updatedAt: AT(1) });
      await s.uow.run(() => s.sellers.put(sellerSettings(u, 'Pay 2', '', AT(2))));
      expect(await s.sellers.settingsOf(u)).to.deep.equal({
        userId: u,
        paymentTerms: 'Pay 2',
        shippingTerms: '',
        shippingRates: null,
        minOrderTotal: null,
        updatedAt: AT(2),
      });
      expect(await s.sellers.settingsOf(v)).to.equal(null);
    });

    it('blocks and unblocks releases, saying whether anything changed', async () => {
      expect(await s.blocked.isBlocked(501)).to.equal(false);
      expect(await s.uow.run(() => s.blocked.setBlocked(501, true, 'why', AT(1)))).to.equal(true);
      expect(await s.uow.run(() => s.blocked.setBlocked(501, true, 'why', AT(1)))).to.equal(false);
      expect(await s.blocked.isBlocked(501)).to.equal(true);
      expect(await s.blocked.isBlocked(502)).to.equal(false);
      expect(await s.uow.run(() => s.blocked.setBlocked(501, false, '', AT(2)))).to.equal(true);
      expect(await s.uow.run(() => s.blocked.setBlocked(501, false, '', AT(2)))).to.equal(false);
      expect(await s.blocked.isBlocked(501)).to.equal(false);
    });

    // The SQL catalogue keeps a release's figures on its row (the trigger); the memory family counts them when read.
    if (!keepsReleaseFigures) return;
    it('keeps the release’s for-sale figures with every add, edit and delete', async () => {
      const figures = s.releaseFigures!;
      const [u, v] = s.users;
      expect(await figures(503)).to.deep.equal({ numForSale: 0, lowestPrices: null });
      const a = await s.uow.run(() => s.listings.add(listing(u, 503, 'For Sale', '10', 'USD')));
      expect(await figures(503)).to.deep.equal({ numForSale: 1, lowestPrices: { USD: 1000 } });
      const b = await s.uow.run(() => s.listings.add(listing(v, 503, 'For Sale', '7.5', 'USD')));
      const c = await s.uow.run(() => s.listings.add(listing(v, 503, 'For Sale', '900', 'JPY')));
      await s.uow.run(() => s.listings.add(listing(v, 503, 'Draft', '1', 'USD')));
      expect(await figures(503)).to.deep.equal({ numForSale: 3, lowestPrices: { USD: 750, JPY: 900 } });
      await s.uow.run(() => s.listings.save(withState(b, { status: 'Draft' })));
      expect(await figures(503)).to.deep.equal({ numForSale: 2, lowestPrices: { USD: 1000, JPY: 900 } });
      await s.uow.run(() => s.listings.save(withState(a, { price: Money.fromDecimal('2', 'USD') })));
      expect(await figures(503)).to.deep.equal({ numForSale: 2, lowestPrices: { USD: 200, JPY: 900 } });
      // Moving a listing to another release changes both releases' figures.
      await s.uow.run(() => s.listings.save(withState(c, { releaseId: 502 })));
      expect(await figures(503)).to.deep.equal({ numForSale: 1, lowestPrices: { USD: 200 } });
      expect(await figures(502)).to.deep.equal({ numForSale: 1, lowestPrices: { JPY: 900 } });
      await s.uow.run(() => s.listings.remove(a.id));
      expect(await figures(503)).to.deep.equal({ numForSale: 0, lowestPrices: null });
      // A failed unit of work leaves the figures as they were.
      await s.uow.run(async () => {
        await s.listings.add(listing(u, 503, 'For Sale', '1'));
        throw new Error('boom');
      }).catch(() => undefined);
      expect(await figures(503)).to.deep.equal({ numForSale: 0, lowestPrices: null });
    });
  });
}

contract('in memory', async () => {
  const uow = new InMemoryUnitOfWork();
  const catalogue = new InMemoryCatalogueReader(new FixedClock('2026-01-01T00:00:00Z'));
  for (const r of RELEASES) catalogue.putRelease(r);
  const store = new InMemoryMarketplaceStore(uow, catalogue);
  return {
    uow,
    listings: store.listings,
    pages: store.inventoryPages,
    sellers: store.sellers,
    blocked: store.blocked,
    users: [1, 2],
    // The memory family counts the figures from the listings when read (InMemoryMarketFigures): the same rule.
    releaseFigures: async (id) => {
      const { numForSale, lowestPrices } = releaseMarketOf(await store.forSaleOf([id]));
      return { numForSale, lowestPrices: lowestPrices && Object.fromEntries(Object.entries(lowestPrices).map(([code, minor]) => [code, Number(minor)])) };
    },
  };
}, true);

describe('with the SQL adapters', () => {
  let db: Database;
  before(async () => {
    db = await openTestDatabase();
    await seedCatalogue(db, { releases: RELEASES });
  });
  after(() => db.close());

  contract(`MikroORM (pages in SQL) on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, async () => {
    // Removing the users removes their listings and settings; the trigger takes the listings off the releases.
    await query(db.orm, 'delete from blocked_release');
    const ids = await storedUsers(db, ['seller-a', 'seller-b']);
    const uow = new MikroOrmUnitOfWork(db.orm);
    return {
      uow,
      listings: new MikroOrmListingRepository(db.orm),
      pages: new SqlInventoryPageReader(db.orm),
      sellers: new MikroOrmSellerRepository(db.orm),
      blocked: new MikroOrmBlockedReleases(db.orm),
      users: [ids[0]!, ids[1]!],
      releaseFigures: async (id) => {
        const [row] = await query(db.orm, 'select num_for_sale, lowest_prices from release where id = ?', [id]);
        const prices = row!.lowest_prices;
        return { numForSale: Number(row!.num_for_sale), lowestPrices: (typeof prices === 'string' ? JSON.parse(prices) : prices) ?? null };
      },
    };
  }, true);
});
