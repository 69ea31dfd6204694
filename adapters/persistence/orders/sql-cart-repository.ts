import type { MikroORM } from '@mikro-orm/postgresql';
import type { CartContents } from '../../../application/ports/cart-contents.js';
import type { CartItem } from '../../../domain/orders/cart.js';
import type { CartRepository } from '../../../domain/orders/cart-repository.js';
import { query } from '../mikro-orm-unit-of-work.js';
import { dateOf, idArray } from '../sql-values.js';

const isId = (id: number): boolean => Number.isSafeInteger(id) && id >= 1 && id <= 2147483647;

/**
 * Carts in PostgreSQL (and PGlite), through the current unit of work; also the marketplace's `CartContents` (what a
 * listing's `in_cart` reports). The listing's foreign key takes a removed listing out of every cart.
 */
export class SqlCartRepository implements CartRepository, CartContents {
  constructor(private readonly orm: MikroORM) {}

  async items(userId: number): Promise<CartItem[]> {
    const rows = await query(this.orm, 'select listing_id, added_at from cart_item where user_id = ? order by added_at, listing_id', [userId]);
    return rows.map((r) => ({ userId, listingId: Number(r.listing_id), addedAt: dateOf(r.added_at) }));
  }

  async count(userId: number): Promise<number> {
    const [row] = await query(this.orm, 'select count(*)::int as n from cart_item where user_id = ?', [userId]);
    return Number(row!.n);
  }

  async add(item: CartItem): Promise<boolean> {
    const rows = await query(
      this.orm,
      'insert into cart_item (user_id, listing_id, added_at) values (?, ?, ?) on conflict (user_id, listing_id) do nothing returning listing_id',
      [item.userId, item.listingId, item.addedAt],
    );
    return rows.length > 0;
  }

  async remove(userId: number, listingId: number): Promise<boolean> {
    if (!isId(listingId)) return false;
    const rows = await query(this.orm, 'delete from cart_item where user_id = ? and listing_id = ? returning listing_id', [userId, listingId]);
    return rows.length > 0;
  }

  async removeAll(userId: number, listingIds: readonly number[]): Promise<void> {
    const ids = listingIds.filter(isId);
    if (ids.length === 0) return;
    await query(this.orm, 'delete from cart_item where user_id = ? and listing_id = any(?::int[])', [userId, idArray(ids)]);
  }

  async inCart(userId: number, listingIds: readonly number[]): Promise<ReadonlySet<number>> {
    const ids = listingIds.filter(isId);
    if (ids.length === 0) return new Set();
    const rows = await query(this.orm, 'select listing_id from cart_item where user_id = ? and listing_id = any(?::int[])', [userId, idArray(ids)]);
    return new Set(rows.map((r) => Number(r.listing_id)));
  }
}
