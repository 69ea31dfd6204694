import type { ListingRepository } from '../../domain/marketplace/listing-repository.js';
import { Forbidden, NotFound } from '../errors.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { requireUserCaller, type Caller } from '../shared/caller.js';


/**
 * `DELETE /marketplace/listings/{id}`: the seller removes the listing for good, from any status. 401 anonymous, 403
 * an application alone or another user's listing, 404 an unknown id.
 */
export class DeleteListing {
  constructor(
    private readonly listings: ListingRepository,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(input: { readonly id: number; readonly caller: Caller }): Promise<void> {
    const userId = requireUserCaller(input.caller);
    await this.uow.run(async () => {
      const [listing] = await this.listings.lockForUpdate([input.id]);
      if (!listing) throw new NotFound();
      if (listing.sellerId !== userId) throw new Forbidden();
      await this.listings.remove(listing.id);
    });
  }
}
