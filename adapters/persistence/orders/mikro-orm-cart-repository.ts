import type { MikroORM } from '@mikro-orm/postgresql';
import type { CartContents } from '../../../application/ports/cart-contents.js';
import type { CartItem } from '../../../domain/orders/cart.js';
import type { CartRepository } from '../../../domain/orders/cart-repository.js';
import { currentEntityManager } from '../mikro-orm-unit-of-work.js';
import { CartItemRow } from './order-rows.js';

const isId = (id: number): boolean => Number.isSafeInteger(id) && id >= 1 && id <= 2147483647;

/** The one mapping from a cart's row: the listing's id and when it was put in. */
function itemOf(row: CartItemRow, userId: number): CartItem {
  return { userId, listingId: row.listing.id, addedAt: new Date(row.addedAt) };
}

/**
 * Carts through the ORM on their entity schema (`cart_item`), in the current unit of work; also the marketplace's
 * `CartContents` (what a listing's `in_cart` reports: one query per page of listings). The listing's foreign key takes
 * a removed listing out of every cart. Adding is an insert that does nothing when the listing is in the cart already
 * and says whether it added a row, so two adds at once add one.
 */
export class MikroOrmCartRepository implements CartRepository, CartContents {
  constructor(private readonly orm: MikroORM) {}

  async items(userId: number): Promise<CartItem[]> {
    const rows = await currentEntityManager(this.orm).find(
      CartItemRow,
      { user: userId },
      { orderBy: [{ addedAt: 'asc' }, { listing: 'asc' }], disableIdentityMap: true },
    );
    return rows.map((r) => itemOf(r, userId));
  }

  async count(userId: number): Promise<number> {
    return currentEntityManager(this.orm).count(CartItemRow, { user: userId });
  }

  async add(item: CartItem): Promise<boolean> {
    const inserted = await currentEntityManager(this.orm)
      .createQueryBuilder(CartItemRow)
      .insert({ user: item.userId, listing: item.listingId, addedAt: item.addedAt })
      .onConflict(['user', 'listing'])
      .ignore()
      .execute('run');
    return inserted.affectedRows > 0;
  }

  async remove(userId: number, listingId: number): Promise<boolean> {
    if (!isId(listingId)) return false;
    return (await currentEntityManager(this.orm).nativeDelete(CartItemRow, { user: userId, listing: listingId })) > 0;
  }

  async removeAll(userId: number, listingIds: readonly number[]): Promise<void> {
    const ids = listingIds.filter(isId);
    if (ids.length === 0) return;
    await currentEntityManager(this.orm).nativeDelete(CartItemRow, { user: userId, listing: { $in: ids } });
  }

  async inCart(userId: number, listingIds: readonly number[]): Promise<ReadonlySet<number>> {
    const ids = listingIds.filter(isId);
    if (ids.length === 0) return new Set();
    const rows = await currentEntityManager(this.orm).find(
      CartItemRow,
      { user: userId, listing: { $in: ids } },
      { fields: ['listing'], disableIdentityMap: true },
    );
    return new Set(rows.map((r) => r.listing.id));
  }
}
