import type { Money } from './money.js';
import type { ShippingRates } from './shipping-rates.js';
import { isRefusal, Refusal } from '../shared/refusal.js';

/** The longest payment or shipping terms a seller may write. */
export const MAX_TERMS_LENGTH = 5000;

/**
 * A seller's marketplace settings: the terms shown on their listings. A user becomes a seller by setting both (and
 * the currency they sell in, which is their profile's currency); until then they may not list or ask for price
 * suggestions.
 */
export interface SellerSettings {
  readonly userId: number;
  /** How buyers pay, in the markup format. */
  readonly paymentTerms: string;
  /** Where and how the seller ships, and at what cost, in the markup format. */
  readonly shippingTerms: string;
  /**
   * The shipping price per order by destination (see shipping-rates.ts), in the currency the seller sold in when
   * they set it; null when the seller priced no shipping (their listings then show no shipping price).
   */
  readonly shippingRates: ShippingRates | null;
  /** The least an order from this seller must total (items alone), or null for no minimum. */
  readonly minOrderTotal: Money | null;
  readonly updatedAt: Date;
}

/** What a seller prices beside the listings: shipping and the minimum order. */
export type SellerAmounts = Pick<SellerSettings, 'shippingRates' | 'minOrderTotal'>;

/** No shipping price and no minimum order. */
export const NO_SELLER_AMOUNTS: SellerAmounts = Object.freeze({ shippingRates: null, minOrderTotal: null });

/** One refused term: which one (`payment` or `shipping`) and why. */
export interface SellerSettingsProblem {
  readonly field: 'payment' | 'shipping';
  readonly message: string;
}

/** The `code` of a refusal of seller settings: its `problems` each name the field at fault. */
export const SELLER_SETTINGS_REFUSAL = 'seller-settings';

/** The problems of a refusal of seller settings, each naming its field, or null when `err` is not one. */
export function sellerSettingsProblemsOf(err: unknown): readonly SellerSettingsProblem[] | null {
  // Every SELLER_SETTINGS_REFUSAL is made in this file from SellerSettingsProblems.
  return isRefusal(err, 'invalid', SELLER_SETTINGS_REFUSAL) ? (err.problems as readonly SellerSettingsProblem[]) : null;
}

/** Settings with both terms written (not blank): what makes a user a seller. */
export function isCompleteSeller(settings: SellerSettings | null): settings is SellerSettings {
  return settings !== null && settings.paymentTerms.trim() !== '' && settings.shippingTerms.trim() !== '';
}

/**
 * Settings from the terms given, checked: at most MAX_TERMS_LENGTH characters each (blank is allowed: it leaves the
 * user a buyer only), with the seller's amounts (checked where they were read: `shippingRates`). Every bad term is
 * reported at once, in one `invalid` Refusal (code SELLER_SETTINGS_REFUSAL) whose `problems` name each field.
 */
export function sellerSettings(
  userId: number,
  paymentTerms: string,
  shippingTerms: string,
  now: Date,
  amounts: SellerAmounts = NO_SELLER_AMOUNTS,
): SellerSettings {
  const problems: SellerSettingsProblem[] = [];
  const checked = (field: SellerSettingsProblem['field'], name: string, value: string): void => {
    if (value.length > MAX_TERMS_LENGTH) {
      problems.push({ field, message: `${name} may be at most ${MAX_TERMS_LENGTH} characters long, got ${value.length}.` });
    }
  };
  checked('payment', 'Payment terms', paymentTerms);
  checked('shipping', 'Shipping terms', shippingTerms);
  if (problems.length > 0) throw Refusal.ofProblems(problems, SELLER_SETTINGS_REFUSAL);
  return { userId, paymentTerms, shippingTerms, shippingRates: amounts.shippingRates, minOrderTotal: amounts.minOrderTotal, updatedAt: now };
}
