import type { MikroORM } from '@mikro-orm/postgresql';
import { currencyOrDollars } from '../../../domain/marketplace/currency.js';
import { Money } from '../../../domain/marketplace/money.js';
import type { SellerSettings } from '../../../domain/marketplace/seller.js';
import type { SellerRepository } from '../../../domain/marketplace/seller-repository.js';
import { ratesOf, type ShippingRates } from '../../../domain/marketplace/shipping-rates.js';
import { query } from '../mikro-orm-unit-of-work.js';
import { dateOf } from '../sql-values.js';

type Row = Record<string, unknown>;

/** The row's amounts: the shipping rates and minimum order in `amounts_currency` (none without one). */
function amountsOf(row: Row): Pick<SellerSettings, 'shippingRates' | 'minOrderTotal'> {
  if (row.amounts_currency === null || row.amounts_currency === undefined) return { shippingRates: null, minOrderTotal: null };
  const currency = currencyOrDollars(String(row.amounts_currency));
  const stored = (typeof row.shipping_rates === 'string' ? JSON.parse(row.shipping_rates) : row.shipping_rates) as Record<string, string | number> | null;
  const shippingRates: ShippingRates | null = stored
    ? ratesOf(currency, Object.entries(stored).map(([k, v]) => [k, BigInt(v)] as const))
    : null;
  const min = BigInt(String(row.min_order_total_minor ?? 0));
  return { shippingRates, minOrderTotal: min > 0n ? Money.fromMinorUnits(min, currency) : null };
}

/** Sellers' settings in PostgreSQL (and PGlite), through the current unit of work; `put` is one upsert. */
export class SqlSellerRepository implements SellerRepository {
  constructor(private readonly orm: MikroORM) {}

  async settingsOf(userId: number): Promise<SellerSettings | null> {
    const [row] = await query(
      this.orm,
      `select payment_terms, shipping_terms, amounts_currency, shipping_rates, min_order_total_minor, updated_at
         from seller_settings where user_id = ?`,
      [userId],
    );
    return row
      ? { userId, paymentTerms: String(row.payment_terms), shippingTerms: String(row.shipping_terms), ...amountsOf(row), updatedAt: dateOf(row.updated_at) }
      : null;
  }

  async put(s: SellerSettings): Promise<void> {
    const rates = s.shippingRates;
    const currency = rates?.currency ?? s.minOrderTotal?.currency ?? null;
    if (rates && s.minOrderTotal && rates.currency !== s.minOrderTotal.currency) {
      throw new Error('A seller\'s shipping rates and minimum order must be in one currency');
    }
    // jsonb keeps an object's keys in its own order: the domain orders them again when it reads.
    const stored = rates ? JSON.stringify(Object.fromEntries([...rates.amounts].map(([k, v]) => [k, v.toString()]))) : null;
    await query(
      this.orm,
      `insert into seller_settings (user_id, payment_terms, shipping_terms, amounts_currency, shipping_rates, min_order_total_minor, updated_at)
       values (?, ?, ?, ?, ?::jsonb, ?, ?)
       on conflict (user_id) do update set payment_terms = excluded.payment_terms, shipping_terms = excluded.shipping_terms,
         amounts_currency = excluded.amounts_currency, shipping_rates = excluded.shipping_rates,
         min_order_total_minor = excluded.min_order_total_minor, updated_at = excluded.updated_at`,
      [s.userId, s.paymentTerms, s.shippingTerms, currency, stored, (s.minOrderTotal?.minorUnits ?? 0n).toString(), s.updatedAt],
    );
  }
}
