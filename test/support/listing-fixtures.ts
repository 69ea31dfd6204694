import { withState } from './listing-state.js';
import type { Container } from 'inversify';
import { IDENTITY } from '../../composition/identity/identity-tokens.js';
import { MARKETPLACE } from '../../composition/marketplace/marketplace-tokens.js';
import { PERSISTENCE } from '../../composition/persistence/persistence-tokens.js';
import type { Currency } from '../../domain/marketplace/currency.js';
import type { Listing } from '../../domain/marketplace/listing.js';
import type { ListingStatus } from '../../domain/marketplace/listing-status.js';
import { sellerSettings } from '../../domain/marketplace/seller.js';

/**
 * Makes a user a seller: both terms written, through the seller repository in a unit of work (the seller settings
 * page is another part's), and the profile currency they sell in.
 */
export async function makeSeller(container: Container, userId: number, currency: Currency = 'USD', terms = { payment: 'PayPal', shipping: 'Worldwide' }): Promise<void> {
  await container.get(PERSISTENCE.UnitOfWork).run(async () => {
    await container.get(MARKETPLACE.SellerRepository).put(sellerSettings(userId, terms.payment, terms.shipping, new Date('2026-11-01T00:00:00Z')));
    await container.get(IDENTITY.UserRepository).updateProfile(userId, { currency });
  });
}

/** Sets a stored listing's status directly (what no endpoint may do: Sold, Expired, Suspended…), returning it as it was. */
export async function setListingStatus(container: Container, id: number, status: ListingStatus): Promise<Listing> {
  return container.get(PERSISTENCE.UnitOfWork).run(async () => {
    const repo = container.get(MARKETPLACE.ListingRepository);
    const [listing] = await repo.lockForUpdate([id]);
    if (!listing) throw new Error(`no listing ${id}`);
    await repo.save(withState(listing, { status }));
    return listing;
  });
}

/** The rate table of the tests: 1 USD = 0.5 GBP = 0.8 EUR = 150 JPY. */
export async function loadTestRates(container: Container): Promise<void> {
  await container.get(MARKETPLACE.SetCurrencyRates).execute({
    entries: [
      { currency: 'USD', rate: '1' },
      { currency: 'GBP', rate: '0.5' },
      { currency: 'EUR', rate: '0.8' },
      { currency: 'JPY', rate: '150' },
    ],
    source: 'test-rates.csv',
  });
}
