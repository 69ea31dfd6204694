import { CART_FULL_MESSAGE, isVisibleTo, MAX_CART_ITEMS, notForSaleMessage, OWN_LISTING_MESSAGE, purchaseProblem } from '../../domain/orders/cart.js';
import type { CartRepository } from '../../domain/orders/cart-repository.js';
import type { ListingRepository } from '../../domain/marketplace/listing-repository.js';
import { Invalid, NotFound } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { requireUserCaller, type Caller } from '../shared/caller.js';

/**
 * `POST /marketplace/cart/{listing_id}`: the user puts a listing in their cart. 401/403 for anyone but a user; 404
 * for a listing that does not exist or that the user cannot see; 422 for their own listing, for a listing not For
 * Sale, and for a full cart (MAX_CART_ITEMS). Putting a listing in twice keeps it once: `added` tells which.
 */
export class AddToCart {
  constructor(
    private readonly listings: ListingRepository,
    private readonly carts: CartRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { readonly caller: Caller; readonly listingId: number }): Promise<{ readonly listingId: number; readonly added: boolean }> {
    const buyerId = requireUserCaller(input.caller);
    const listing = await this.listings.byId(input.listingId);
    if (!listing || !isVisibleTo(listing, buyerId)) throw new NotFound();
    const problem = purchaseProblem(listing, buyerId);
    if (problem === 'own') throw new Invalid(OWN_LISTING_MESSAGE);
    if (problem === 'not for sale') throw new Invalid(notForSaleMessage(listing.id));
    const added = await this.uow.run(async () => {
      if ((await this.carts.inCart(buyerId, [listing.id])).has(listing.id)) return false;
      if ((await this.carts.count(buyerId)) >= MAX_CART_ITEMS) throw new Invalid(CART_FULL_MESSAGE);
      return this.carts.add({ userId: buyerId, listingId: listing.id, addedAt: this.clock.now() });
    });
    return { listingId: listing.id, added };
  }
}
