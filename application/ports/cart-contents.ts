/**
 * Which listings are in a buyer's cart (what a listing's `in_cart` reports to an authorized user). The orders module
 * keeps carts and binds this; without it, nothing is in any cart.
 */
export interface CartContents {
  /** Of the listings asked, those in the user's cart. */
  inCart(userId: number, listingIds: readonly number[]): Promise<ReadonlySet<number>>;
}

export const EMPTY_CARTS: CartContents = {
  async inCart() {
    return new Set();
  },
};
