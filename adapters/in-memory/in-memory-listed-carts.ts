import type { CartContents } from '../../application/ports/cart-contents.js';
import type { CartItem } from '../../domain/orders/cart.js';
import type { CartRepository } from '../../domain/orders/cart-repository.js';
import type { ListingRepository } from '../../domain/marketplace/listing-repository.js';

/**
 * An in-memory store's carts (`InMemoryOrderStore.carts`, which knows no listings) as the SQL table keeps them, whose
 * foreign key takes a removed listing out of every cart: an entry whose listing is gone is neither read, counted nor
 * removable (`remove` answers false, as for a listing never put in), read through the marketplace's listings.
 */
export function inMemoryListedCarts(carts: CartRepository & CartContents, listings: ListingRepository): CartRepository & CartContents {
  const listed = async (items: readonly CartItem[]): Promise<CartItem[]> => {
    const found = await Promise.all(items.map((i) => listings.byId(i.listingId)));
    return items.filter((_, k) => found[k] !== null);
  };
  return {
    items: async (userId) => listed(await carts.items(userId)),
    count: async (userId) => (await listed(await carts.items(userId))).length,
    add: (item) => carts.add(item),
    remove: async (userId, listingId) => (await carts.remove(userId, listingId)) && (await listings.byId(listingId)) !== null,
    removeAll: (userId, listingIds) => carts.removeAll(userId, listingIds),
    inCart: async (userId, listingIds) => {
      const held = await carts.inCart(userId, listingIds);
      const found = await Promise.all([...held].map((id) => listings.byId(id)));
      return new Set(found.flatMap((l) => (l ? [l.id] : [])));
    },
  };
}
