import { withState } from './listing-state.js';
import type { Container } from 'inversify';
import type { MediaCondition } from '../../domain/marketplace/conditions.js';
import type { Currency } from '../../domain/marketplace/currency.js';
import type { Listing } from '../../domain/marketplace/listing.js';
import { newListing } from '../../domain/marketplace/listing.js';
import type { ListingStatus } from '../../domain/marketplace/listing-status.js';
import { Money } from '../../domain/marketplace/money.js';
import { sellerSettings } from '../../domain/marketplace/seller.js';
import { IDENTITY } from '../../composition/identity/identity-tokens.js';
import { MARKETPLACE } from '../../composition/marketplace/marketplace-tokens.js';
import { PERSISTENCE } from '../../composition/persistence/persistence-tokens.js';
import { TEST_RATE_ENTRIES } from './fee-bounds.js';

/**
 * Listings, seller settings, profile currencies and the rate table for marketplace tests, written through the
 * module's repositories inside the unit of work (as the listing use cases do).
 */
export function marketFixtures(container: Container) {
  const uow = container.get(PERSISTENCE.UnitOfWork);
  const listings = container.get(MARKETPLACE.ListingRepository);
  return {
    /** Lists a copy of a release: For Sale unless another status is given. */
    list: (sellerId: number, releaseId: number, price: string, currency: Currency, condition: MediaCondition = 'Mint (M)', status: ListingStatus = 'For Sale', at = new Date()): Promise<Listing> =>
      uow.run(() => listings.add(newListing(sellerId, { releaseId, condition, price: Money.fromDecimal(price, currency), status }, at))),
    /** Changes a listing's price, status or release as an edit would. */
    edit: (id: number, change: { price?: string; currency?: Currency; status?: ListingStatus; releaseId?: number; updated?: Date }) =>
      uow.run(async () => {
        const listing = await listings.byId(id);
        if (!listing) throw new Error(`no listing ${id}`);
        const currency = change.currency ?? listing.price.currency;
        await listings.save(withState(listing, {
          price: change.price ? Money.fromDecimal(change.price, currency) : listing.price,
          status: change.status ?? listing.status,
          releaseId: change.releaseId ?? listing.releaseId,
          updated: change.updated ?? new Date(),
        }));
      }),
    remove: (id: number) => uow.run(() => listings.remove(id)),
    byId: (id: number) => listings.byId(id),
    /** Makes the user a seller (both terms written). */
    seller: (userId: number) =>
      uow.run(() => container.get(MARKETPLACE.SellerRepository).put(sellerSettings(userId, 'PayPal within 3 days.', 'Ships worldwide.', new Date()))),
    /** Sets the user's profile currency. */
    currency: (userId: number, currency: Currency) => uow.run(() => container.get(IDENTITY.UserRepository).updateProfile(userId, { currency })),
    /** Loads TEST_RATES as the operator's table, through the module's use case (which clears the rate cache). */
    loadRates: () => container.get(MARKETPLACE.SetCurrencyRates).execute({ entries: TEST_RATE_ENTRIES, source: 'test-rates.csv' }),
  };
}
