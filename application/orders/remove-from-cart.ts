import type { CartRepository } from '../../domain/orders/cart-repository.js';
import { NotFound } from '../errors.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { requireUserCaller, type Caller } from '../shared/caller.js';

/** The message of a 404 for a listing that is not in the caller's cart. */
export const NOT_IN_CART_MESSAGE = 'The listing is not in your cart.';

/** `DELETE /marketplace/cart/{listing_id}`: the user takes a listing out of their cart; 404 when it is not in it. */
export class RemoveFromCart {
  constructor(
    private readonly carts: CartRepository,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(input: { readonly caller: Caller; readonly listingId: number }): Promise<void> {
    const buyerId = requireUserCaller(input.caller);
    const removed = await this.uow.run(() => this.carts.remove(buyerId, input.listingId));
    if (!removed) throw new NotFound(NOT_IN_CART_MESSAGE);
  }
}
