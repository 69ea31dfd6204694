import type { CartItem } from './cart.js';

/**
 * Buyers' carts: which listings each user put in theirs, at most once each. A listing removed for good leaves every
 * cart with it. Writes run inside the caller's `UnitOfWork`.
 */
export interface CartRepository {
  /** The user's cart, oldest first (then by listing id). */
  items(userId: number): Promise<CartItem[]>;
  /** How many listings the user's cart holds. */
  count(userId: number): Promise<number>;
  /** Puts the listing in the cart; false (and nothing changed) when it was there already. */
  add(item: CartItem): Promise<boolean>;
  /** Takes the listing out of the cart; false when it was not in it. */
  remove(userId: number, listingId: number): Promise<boolean>;
  /** Takes these listings out of the user's cart (those not in it are ignored). */
  removeAll(userId: number, listingIds: readonly number[]): Promise<void>;
  /** Of the listings asked, those in the user's cart. */
  inCart(userId: number, listingIds: readonly number[]): Promise<ReadonlySet<number>>;
}
