import type { MikroORM } from '@mikro-orm/postgresql';
import type { SellerSettings } from '../../../domain/marketplace/seller.js';
import type { SellerRepository } from '../../../domain/marketplace/seller-repository.js';
import { query } from '../mikro-orm-unit-of-work.js';
import { dateOf } from '../sql-values.js';

/** Sellers' settings in PostgreSQL (and PGlite), through the current unit of work; `put` is one upsert. */
export class SqlSellerRepository implements SellerRepository {
  constructor(private readonly orm: MikroORM) {}

  async settingsOf(userId: number): Promise<SellerSettings | null> {
    const [row] = await query(this.orm, 'select payment_terms, shipping_terms, updated_at from seller_settings where user_id = ?', [userId]);
    return row
      ? { userId, paymentTerms: String(row.payment_terms), shippingTerms: String(row.shipping_terms), updatedAt: dateOf(row.updated_at) }
      : null;
  }

  async put(s: SellerSettings): Promise<void> {
    await query(
      this.orm,
      `insert into seller_settings (user_id, payment_terms, shipping_terms, updated_at) values (?, ?, ?, ?)
       on conflict (user_id) do update set payment_terms = excluded.payment_terms, shipping_terms = excluded.shipping_terms,
         updated_at = excluded.updated_at`,
      [s.userId, s.paymentTerms, s.shippingTerms, s.updatedAt],
    );
  }
}
