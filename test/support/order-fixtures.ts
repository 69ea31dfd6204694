import { withState } from './listing-state.js';
import type { Container } from 'inversify';
import { query } from '../../adapters/persistence/mikro-orm-unit-of-work.js';
import { idArray } from '../../adapters/persistence/sql-values.js';
import { IDENTITY } from '../../composition/identity/identity-tokens.js';
import { MARKETPLACE } from '../../composition/marketplace/marketplace-tokens.js';
import { PERSISTENCE } from '../../composition/persistence/persistence-tokens.js';
import type { MediaCondition } from '../../domain/marketplace/conditions.js';
import type { Currency } from '../../domain/marketplace/currency.js';
import { newListing, type Listing } from '../../domain/marketplace/listing.js';
import type { ListingStatus } from '../../domain/marketplace/listing-status.js';
import { Money } from '../../domain/marketplace/money.js';
import { sellerSettings } from '../../domain/marketplace/seller.js';
import { testContainer } from './test-app.js';
import { isMemory, type TestStorage } from './test-storage.js';
import { releaseMarketOf } from '../../adapters/in-memory/in-memory-market-figures.js';
import type { InMemoryMarketplaceStore } from '../../adapters/in-memory/in-memory-marketplace-store.js';
import { LISTINGS_STORE } from '../../composition/marketplace/marketplace-memory.js';

/*
 * Marketplace state for the orders module's tests, made through the marketplace's repositories inside the unit of
 * work (its HTTP endpoints are other parts' work).
 */

/** Makes the user a seller (both terms written) selling in `currency` (their profile's currency). */
export async function aSeller(container: Container, userId: number, currency: Currency = 'USD'): Promise<void> {
  await container.get(IDENTITY.UserRepository).updateProfile(userId, { currency });
  await container.get(PERSISTENCE.UnitOfWork).run(() =>
    container.get(MARKETPLACE.SellerRepository).put(sellerSettings(userId, 'PayPal.', 'Worldwide, 5 USD.', new Date('2026-01-01T00:00:00Z'))),
  );
}

/** A listing of the seller's: For Sale unless told, priced in `currency` (major units as decimal text). */
export async function aListing(
  container: Container,
  sellerId: number,
  releaseId: number,
  price: string,
  currency: Currency = 'USD',
  more: { status?: ListingStatus; condition?: MediaCondition } = {},
): Promise<Listing> {
  const listing = newListing(
    sellerId,
    { releaseId, condition: more.condition ?? 'Very Good Plus (VG+)', price: Money.fromDecimal(price, currency), status: more.status === 'Draft' ? 'Draft' : undefined },
    new Date('2026-01-02T00:00:00Z'),
  );
  const repo = container.get(MARKETPLACE.ListingRepository);
  return container.get(PERSISTENCE.UnitOfWork).run(async () => {
    const added = await repo.add(listing);
    if (more.status && more.status !== 'Draft' && more.status !== 'For Sale') {
      const changed = withState(added, { status: more.status });
      await repo.save(changed);
      return changed;
    }
    return added;
  });
}

/** Loads a rate table: how many of each currency one US dollar buys. */
export async function someRates(container: Container, rates: Record<string, string>): Promise<void> {
  await container.get(MARKETPLACE.SetCurrencyRates).execute({ entries: Object.entries(rates).map(([currency, rate]) => ({ currency, rate })), source: 'test' });
}

/**
 * A release's `num_for_sale`: on a database, its row's, as the listing trigger keeps it; in memory, the marketplace's
 * figures, which count the listings when read.
 */
export async function numForSale(storage: TestStorage, releaseId: number): Promise<number> {
  if (isMemory(storage)) return (await testContainer(storage).get(MARKETPLACE.MarketFigures).forRelease(releaseId, 'USD')).numForSale;
  const [row] = await query(storage.orm, 'select num_for_sale from release where id = ?', [releaseId]);
  return Number(row!.num_for_sale);
}

/**
 * The market figures of releases as their rows keep them (`id`, `num_for_sale`, `lowest_prices`), in id order: on a
 * database, the rows the listing trigger keeps; in memory, the same figures counted from the store's listings.
 */
export async function releaseFigureRows(storage: TestStorage, releaseIds: readonly number[]): Promise<Record<string, unknown>[]> {
  if (!isMemory(storage)) return query(storage.orm, 'select id, num_for_sale, lowest_prices from release where id = any(?::int[]) order by id', [idArray(releaseIds)]);
  const store = storage.store<InMemoryMarketplaceStore>(LISTINGS_STORE, () => {
    throw new Error('No listings are stored yet');
  });
  const rows = [];
  for (const id of [...releaseIds].sort((a, b) => a - b)) {
    const { numForSale, lowestPrices } = releaseMarketOf(await store.forSaleOf([id]));
    const lowest = lowestPrices && Object.fromEntries(Object.entries(lowestPrices).map(([code, minor]) => [code, Number(minor)]));
    rows.push({ id, num_for_sale: numForSale, lowest_prices: lowest });
  }
  return rows;
}

/** Empties the orders module's and the marketplace's tables (a new in-memory storage has none to empty). */
export async function emptyMarket(storage: TestStorage): Promise<void> {
  if (isMemory(storage)) return;
  const db = storage;
  for (const table of ['cart_item', 'order_feedback', 'order_message', 'market_order_item', 'market_order', 'seller_order_sequence', 'listing', 'seller_settings']) {
    await query(db.orm, `delete from ${table}`);
  }
}
