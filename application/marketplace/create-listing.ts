import type { EventRecorder } from '../events/event-recorder.js';
import { currencyOrDollars } from '../../domain/marketplace/currency.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { BlockedReleases } from '../../domain/marketplace/blocked-releases.js';
import { newListing } from '../../domain/marketplace/listing.js';
import type { ListingRepository } from '../../domain/marketplace/listing-repository.js';
import type { SellerRepository } from '../../domain/marketplace/seller-repository.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { requireConfirmedEmail, type Caller } from '../shared/caller.js';
import type { CheckedInput } from '../shared/checked-input.js';
import { checkedFields, requireSeller, requireUserRecord } from './listing-access.js';
import type { CheckedListingFields } from './listing-input.js';

/**
 * `POST /marketplace/listings`: a seller lists a copy of a release. Checked in order: the caller (401 anonymous, 403
 * an application alone, 403 a user who is not a seller: seller settings with both terms written), then the body
 * (checked at the edge when read: 422 for one that is not an object), then every field at once (422 naming each bad
 * one: the field rules, an unknown or blocked release, a missing release, condition or price). The price is in the
 * seller's profile currency. Returns the new listing's id; `listing.created` is recorded for the seller with it.
 */
export class CreateListing {
  constructor(
    private readonly users: UserRepository,
    private readonly sellers: SellerRepository,
    private readonly listings: ListingRepository,
    private readonly blocked: BlockedReleases,
    private readonly catalogue: CatalogueReader,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly events: EventRecorder,
  ) {}

  async execute(input: { readonly caller: Caller; readonly body: CheckedInput<CheckedListingFields> }): Promise<{ readonly listingId: number }> {
    const userId = requireConfirmedEmail(input.caller);
    await requireSeller(this.sellers, userId);
    const user = await requireUserRecord(this.users, userId);
    const body = input.body();
    const now = this.clock.now();
    const listing = await checkedFields(body, currencyOrDollars(user.currency), this.catalogue, this.blocked, null, (fields) => newListing(userId, fields, now));
    const added = await this.uow.run(async () => {
      const stored = await this.listings.add(listing);
      await this.events.listings('listing.created', [stored], now);
      return stored;
    });
    return { listingId: added.id };
  }
}
