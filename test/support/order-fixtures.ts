import { withState } from './listing-state.js';
import type { Container } from 'inversify';
import type { Database } from '../../adapters/persistence/database.js';
import { query } from '../../adapters/persistence/mikro-orm-unit-of-work.js';
import { IDENTITY } from '../../composition/identity/identity-tokens.js';
import { MARKETPLACE } from '../../composition/marketplace/marketplace-tokens.js';
import { PERSISTENCE } from '../../composition/persistence/persistence-tokens.js';
import type { MediaCondition } from '../../domain/marketplace/conditions.js';
import type { Currency } from '../../domain/marketplace/currency.js';
import { newListing, type Listing } from '../../domain/marketplace/listing.js';
import type { ListingStatus } from '../../domain/marketplace/listing-status.js';
import { Money } from '../../domain/marketplace/money.js';
import { sellerSettings } from '../../domain/marketplace/seller.js';

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

/** A release row's `num_for_sale`, as the listing trigger keeps it. */
export async function numForSale(db: Database, releaseId: number): Promise<number> {
  const [row] = await query(db.orm, 'select num_for_sale from release where id = ?', [releaseId]);
  return Number(row!.num_for_sale);
}

/** Empties the orders module's and the marketplace's tables. */
export async function emptyMarket(db: Database): Promise<void> {
  for (const table of ['cart_item', 'order_feedback', 'order_message', 'market_order_item', 'market_order', 'seller_order_sequence', 'listing', 'seller_settings']) {
    await query(db.orm, `delete from ${table}`);
  }
}
