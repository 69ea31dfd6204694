import type { Clock } from '../ports/clock.js';
import type { EventRecorder } from '../events/event-recorder.js';
import type { ListingRepository } from '../../domain/marketplace/listing-repository.js';
import { Forbidden, NotFound } from '../errors.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { requireUserCaller, type Caller } from '../shared/caller.js';
import { mayView } from './listing-access.js';


/**
 * `DELETE /marketplace/listings/{id}`: the seller removes the listing for good, from any status. 401 anonymous, 403
 * an application alone or another user's For Sale listing, 404 an unknown id or another user's listing in any other
 * status (as `GET` answers: ADR 0050). Records `listing.deleted` for the seller, with the listing as it was.
 */
export class DeleteListing {
  constructor(
    private readonly listings: ListingRepository,
    private readonly uow: UnitOfWork,
    private readonly events: EventRecorder,
    private readonly clock: Clock,
  ) {}

  async execute(input: { readonly id: number; readonly caller: Caller }): Promise<void> {
    const userId = requireUserCaller(input.caller);
    await this.uow.run(async () => {
      const [listing] = await this.listings.lockForUpdate([input.id]);
      // A listing the caller may not see (another seller's Draft, Sold, …) is refused as if it did not exist (ADR 0050).
      if (!listing || !mayView(listing, input.caller)) throw new NotFound();
      if (listing.sellerId !== userId) throw new Forbidden();
      // The event carries the listing as its seller last saw it: once removed there is nothing left to show.
      const events = await this.events.listingEvents('listing.deleted', [listing], this.clock.now());
      await this.listings.remove(listing.id);
      await this.events.append(events);
    });
  }
}
