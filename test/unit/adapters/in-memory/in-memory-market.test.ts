import { withState } from '../../../support/listing-state.js';
import { expect } from 'chai';
import { FixedClock } from '../../../../adapters/in-memory/fixed-clock.js';
import { InMemoryCatalogueReader } from '../../../../adapters/in-memory/in-memory-catalogue-reader.js';
import { InMemoryCurrencyRateRepository } from '../../../../adapters/in-memory/in-memory-currency-rate-repository.js';
import { InMemoryForSaleListingsOfRelease } from '../../../../adapters/in-memory/in-memory-for-sale-listings.js';
import { inMemoryListedCarts } from '../../../../adapters/in-memory/in-memory-listed-carts.js';
import { InMemoryMarketFigures } from '../../../../adapters/in-memory/in-memory-market-figures.js';
import { InMemoryMarketplaceStore } from '../../../../adapters/in-memory/in-memory-marketplace-store.js';
import { InMemoryOrderStore } from '../../../../adapters/in-memory/in-memory-order-store.js';
import { InMemoryReleasePrices } from '../../../../adapters/in-memory/in-memory-release-prices.js';
import { InMemoryUnitOfWork } from '../../../../adapters/in-memory/in-memory-unit-of-work.js';
import type { Currency } from '../../../../domain/marketplace/currency.js';
import { CurrencyRates } from '../../../../domain/marketplace/currency-rates.js';
import { newListing, type Listing } from '../../../../domain/marketplace/listing.js';
import type { ListingStatus } from '../../../../domain/marketplace/listing-status.js';
import { Money } from '../../../../domain/marketplace/money.js';
import { aMaster, aRelease } from '../../../support/builders/catalogue-builders.js';

const AT = new Date('2026-11-01T00:00:00Z');

/*
 * The memory family's market read models, computed from the listings when read (what the SQL family's listing
 * triggers keep on the release rows), and its carts, which lose a removed listing as the SQL table's foreign key does.
 */
describe('The in-memory market read models', () => {
  let uow: InMemoryUnitOfWork;
  let store: InMemoryMarketplaceStore;
  let rates: InMemoryCurrencyRateRepository;
  let catalogue: InMemoryCatalogueReader;

  const list = (releaseId: number, price: string, currency: Currency, status: ListingStatus = 'For Sale'): Promise<Listing> =>
    uow.run(async () => {
      const added = await store.listings.add(newListing(1, { releaseId, condition: 'Mint (M)', price: Money.fromDecimal(price, currency) }, AT));
      const listed = withState(added, { status });
      if (status !== 'For Sale') await store.listings.save(listed);
      return listed;
    });

  beforeEach(async () => {
    uow = new InMemoryUnitOfWork();
    catalogue = new InMemoryCatalogueReader(new FixedClock('2026-01-01T00:00:00Z'));
    catalogue.putMaster(aMaster(50, { mainRelease: 101 }));
    for (const id of [101, 102]) catalogue.putRelease(aRelease(id, { masterId: 50 }));
    catalogue.putRelease(aRelease(103));
    store = new InMemoryMarketplaceStore(uow, catalogue);
    rates = new InMemoryCurrencyRateRepository(uow);
    const table = CurrencyRates.fromEntries([{ currency: 'GBP', rate: '0.5' }, { currency: 'EUR', rate: '0.8' }]);
    await uow.run(() => rates.replace({ rates: table, updatedAt: AT, source: 'test' }));
  });

  it('counts a release’s copies For Sale and converts the lowest price of each currency, the other statuses left out', async () => {
    const figures = new InMemoryMarketFigures(store, catalogue, rates);
    expect(await figures.forRelease(101, 'USD')).to.deep.equal({ lowestPrice: null, numForSale: 0 });
    await list(101, '10', 'USD');
    await list(101, '4', 'GBP');
    await list(101, '1', 'USD', 'Suspended');
    await list(101, '1', 'USD', 'Draft');
    const usd = await figures.forRelease(101, 'USD');
    expect([usd.numForSale, usd.lowestPrice?.toString()]).to.deep.equal([2, '8.00 USD']);
    const eur = await figures.forRelease(101, 'EUR');
    expect([eur.numForSale, eur.lowestPrice?.toString()]).to.deep.equal([2, '6.40 EUR']);
  });

  it('adds up a master’s versions, and no other release', async () => {
    const figures = new InMemoryMarketFigures(store, catalogue, rates);
    await list(101, '10', 'USD');
    await list(102, '9', 'USD');
    await list(103, '1', 'USD');
    const master = await figures.forMaster(50, 'USD');
    expect([master.numForSale, master.lowestPrice?.toString()]).to.deep.equal([2, '9.00 USD']);
  });

  it('gives a release’s For Sale listings in id order, and what held releases sell for', async () => {
    const a = await list(101, '10', 'USD');
    await list(101, '3', 'USD', 'Sold');
    const c = await list(101, '5', 'GBP');
    expect(await new InMemoryForSaleListingsOfRelease(store).forSaleIds(101)).to.deep.equal([a.id, c.id]);
    const ranges = await new InMemoryReleasePrices(store, rates).forReleases([101, 102], 'USD');
    expect([...ranges.keys()]).to.deep.equal([101]);
    const range = ranges.get(101)!;
    expect([range.minimum, range.median, range.maximum].map(String)).to.deep.equal(['10.00 USD', '10.00 USD', '10.00 USD']);
  });

  it('leaves a removed listing out of every cart, as the foreign key takes it out', async () => {
    const orders = new InMemoryOrderStore(uow);
    const carts = inMemoryListedCarts(orders.carts, store.listings);
    const [kept, removed] = [await list(101, '10', 'USD'), await list(102, '9', 'USD')];
    await uow.run(async () => {
      for (const l of [kept, removed]) await carts.add({ userId: 7, listingId: l.id, addedAt: AT });
    });
    await uow.run(() => store.listings.remove(removed.id));
    expect((await carts.items(7)).map((i) => i.listingId)).to.deep.equal([kept.id]);
    expect(await carts.count(7)).to.equal(1);
    expect([...(await carts.inCart(7, [kept.id, removed.id]))]).to.deep.equal([kept.id]);
    expect(await uow.run(() => carts.remove(7, removed.id))).to.equal(false);
    expect(await uow.run(() => carts.remove(7, kept.id))).to.equal(true);
  });
});
