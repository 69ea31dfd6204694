import type { EventRecorder } from '../events/event-recorder.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { BlockedReleases } from '../../domain/marketplace/blocked-releases.js';
import { currencyOrDollars, type Currency } from '../../domain/marketplace/currency.js';
import type { ListingRepository } from '../../domain/marketplace/listing-repository.js';
import { Forbidden, NotFound } from '../errors.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { requireUserCaller, type Caller } from '../shared/caller.js';
import type { CheckedInput } from '../shared/checked-input.js';
import { checkedFields, mayView, requireUserRecord } from './listing-access.js';
import type { CheckedListingFields } from './listing-input.js';

/**
 * `POST /marketplace/listings/{id}`: the seller changes the fields sent (the others stay). A price is read in
 * `currency` when given, else in the seller's profile currency, and the listing then keeps that currency; without a
 * price the listing keeps its price and currency. 401 anonymous, 403 an application alone or another user's For Sale
 * listing, 404 an unknown id or another user's listing in any other status (as `GET` answers), 422 for bad fields
 * or an edit the lifecycle refuses (a listing that is not For Sale, Draft or Expired; a status other than For Sale or
 * Draft). The listing is read, checked and written in one unit of work
 * holding its row lock, so concurrent edits apply one after the other and a refused edit changes nothing.
 */
export class EditListing {
  constructor(
    private readonly users: UserRepository,
    private readonly listings: ListingRepository,
    private readonly blocked: BlockedReleases,
    private readonly catalogue: CatalogueReader,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly events: EventRecorder,
  ) {}

  async execute(input: { readonly id: number; readonly caller: Caller; readonly body: CheckedInput<CheckedListingFields>; readonly currency?: Currency }): Promise<void> {
    const userId = requireUserCaller(input.caller);
    await this.uow.run(async () => {
      const [listing] = await this.listings.lockForUpdate([input.id]);
      // A listing the caller may not see (another seller's Draft, Sold, …) is refused as if it did not exist (ADR 0050).
      if (!listing || !mayView(listing, input.caller)) throw new NotFound();
      if (listing.sellerId !== userId) throw new Forbidden();
      const body = input.body();
      const currency = input.currency ?? currencyOrDollars((await requireUserRecord(this.users, userId)).currency);
      const now = this.clock.now();
      await checkedFields(body, currency, this.catalogue, this.blocked, listing.releaseId, (fields) => listing.edit(fields, now));
      await this.listings.save(listing);
      await this.events.listings('listing.changed', [listing], now);
    });
  }
}
