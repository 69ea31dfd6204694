import type { Listing } from '../marketplace/listing.js';
import { LISTING_LIFECYCLE } from '../marketplace/listing-status.js';

/** The most listings a buyer's cart may hold. */
export const MAX_CART_ITEMS = 100;

/** One listing in a buyer's cart, and when it was put there. */
export interface CartItem {
  readonly userId: number;
  readonly listingId: number;
  readonly addedAt: Date;
}

/** The refusal of a listing to a buyer: their own listing. */
export const OWN_LISTING_MESSAGE = 'You cannot buy your own listing.';

/** The refusal of a cart that is full. */
export const CART_FULL_MESSAGE = `Your cart is full: it holds at most ${MAX_CART_ITEMS} listings.`;

/** The refusal of a listing that cannot be bought (any status but For Sale). */
export function notForSaleMessage(listingId: number): string {
  return `Listing ${listingId} is not for sale.`;
}

/** Whether a listing can be seen by a user: a public one (For Sale) by anyone, any other by its seller only. */
export function isVisibleTo(listing: Listing, userId: number): boolean {
  return LISTING_LIFECYCLE[listing.status].public || listing.sellerId === userId;
}

/**
 * Why the user cannot buy the listing, or null when they can: it is their own (`own`), or it is not For Sale
 * (`not for sale`). Their own listing is named first, whatever its status.
 */
export function purchaseProblem(listing: Listing, buyerId: number): 'own' | 'not for sale' | null {
  if (listing.sellerId === buyerId) return 'own';
  if (!LISTING_LIFECYCLE[listing.status].buyable) return 'not for sale';
  return null;
}
