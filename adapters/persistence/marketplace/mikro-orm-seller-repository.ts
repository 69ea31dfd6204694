import type { MikroORM } from '@mikro-orm/postgresql';
import { currencyOrDollars } from '../../../domain/marketplace/currency.js';
import { Money } from '../../../domain/marketplace/money.js';
import type { SellerSettings } from '../../../domain/marketplace/seller.js';
import type { SellerRepository } from '../../../domain/marketplace/seller-repository.js';
import { ratesOf } from '../../../domain/marketplace/shipping-rates.js';
import { currentEntityManager } from '../mikro-orm-unit-of-work.js';
import { SellerSettingsRow } from './marketplace-rows.js';

/** The row's amounts: the shipping rates and minimum order in `amounts_currency` (none without one). */
function amountsOf(row: SellerSettingsRow): Pick<SellerSettings, 'shippingRates' | 'minOrderTotal'> {
  if (row.amountsCurrency === null) return { shippingRates: null, minOrderTotal: null };
  const currency = currencyOrDollars(row.amountsCurrency.trim());
  const shippingRates = row.shippingRates ? ratesOf(currency, Object.entries(row.shippingRates).map(([k, v]) => [k, BigInt(v)] as const)) : null;
  const min = BigInt(row.minOrderTotalMinor);
  return { shippingRates, minOrderTotal: min > 0n ? Money.fromMinorUnits(min, currency) : null };
}

/** The one mapping between a seller's settings and their row: the row's columns as the domain's values. */
function settingsOf(row: SellerSettingsRow, userId: number): SellerSettings {
  return { userId, paymentTerms: row.paymentTerms, shippingTerms: row.shippingTerms, ...amountsOf(row), updatedAt: new Date(row.updatedAt) };
}

/** The row of a seller's settings: the amounts in the one currency they share (none without amounts). */
function rowOf(s: SellerSettings) {
  const rates = s.shippingRates;
  if (rates && s.minOrderTotal && rates.currency !== s.minOrderTotal.currency) {
    throw new Error("A seller's shipping rates and minimum order must be in one currency");
  }
  return {
    user: s.userId,
    paymentTerms: s.paymentTerms,
    shippingTerms: s.shippingTerms,
    amountsCurrency: rates?.currency ?? s.minOrderTotal?.currency ?? null,
    // jsonb keeps an object's keys in its own order: the domain orders them again when it reads.
    shippingRates: rates ? Object.fromEntries([...rates.amounts].map(([k, v]) => [k, v.toString()])) : null,
    minOrderTotalMinor: (s.minOrderTotal?.minorUnits ?? 0n).toString(),
    updatedAt: s.updatedAt,
  };
}

/**
 * Sellers' settings through the ORM on their entity schema (`seller_settings`, a row per user), in the current unit of
 * work: `settingsOf` finds the row, `put` is one upsert (insert, or replace whole on the user's key).
 */
export class MikroOrmSellerRepository implements SellerRepository {
  constructor(private readonly orm: MikroORM) {}

  async settingsOf(userId: number): Promise<SellerSettings | null> {
    const em = currentEntityManager(this.orm);
    const row = await em.findOne(SellerSettingsRow, { user: userId }, { disableIdentityMap: true });
    return row ? settingsOf(row, userId) : null;
  }

  async put(s: SellerSettings): Promise<void> {
    const em = currentEntityManager(this.orm);
    await em.upsert(SellerSettingsRow, rowOf(s), { disableIdentityMap: true });
  }
}
