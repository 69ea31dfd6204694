import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { CURRENCIES, isCurrency, type Currency } from '../../domain/marketplace/currency.js';
import type { Money } from '../../domain/marketplace/money.js';
import { isMoneyRefusal } from '../../domain/marketplace/money-refusal.js';
import { isRefusal } from '../../domain/shared/refusal.js';
import { sellerSettings, sellerSettingsProblemsOf, type SellerSettings } from '../../domain/marketplace/seller.js';
import { SHIPPING_RATES_REFUSAL, shippingAmount, shippingRates, shippingRatesText, type ShippingRates } from '../../domain/marketplace/shipping-rates.js';
import type { SellerRepository } from '../../domain/marketplace/seller-repository.js';
import { NotFound } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { InvalidSellerSettingsChange, type SellerSettingsProblem } from './invalid-seller-settings-change.js';
import {
  sellerFor,
  type SellerSettingsActor,
  type SellerSettingsField,
  sellerSettingsView,
  type SellerSettingsView,
} from './seller-settings.js';

/** A change of seller settings: only the fields given (not undefined) change. Values as a form or a command gave them. */
export interface SellerSettingsChangeInput {
  readonly name: string;
  readonly actor: SellerSettingsActor;
  /** A currency code, in any letter case. */
  readonly currency?: unknown;
  readonly paymentTerms?: unknown;
  readonly shippingTerms?: unknown;
  /**
   * The shipping price by destination, as `shippingRates` reads it (an amount, `destination=amount` pairs, or an
   * object of them), in the seller's currency (after this change); null or blank removes it.
   */
  readonly shippingPrice?: unknown;
  /** The minimum order, an amount in the seller's currency; null, blank or 0 removes it. */
  readonly minOrderTotal?: unknown;
}

/** What a change did: the settings before and after, and the fields whose value changed (in form order). */
export interface SellerSettingsChange {
  readonly before: SellerSettingsView;
  readonly after: SellerSettingsView;
  readonly changed: readonly SellerSettingsField[];
}

/** "Currency must be one of USD, GBP, …, got "xyz"." unless the value is a currency code (any case); the code. */
function currencyOf(value: unknown, problems: SellerSettingsProblem[]): Currency | undefined {
  const code = typeof value === 'string' ? value.trim().toUpperCase() : undefined;
  if (code !== undefined && isCurrency(code)) return code;
  problems.push({ field: 'currency', message: `Currency must be one of ${CURRENCIES.join(', ')}, got ${JSON.stringify(value)}.` });
  return undefined;
}

/** The shipping rates given, checked in the seller's currency; undefined (a problem noted) when refused. */
function ratesOf(value: unknown, currency: Currency, problems: SellerSettingsProblem[]): ShippingRates | null | undefined {
  try {
    return shippingRates(value, currency);
  } catch (err) {
    if (!isRefusal(err, 'invalid', SHIPPING_RATES_REFUSAL)) throw err;
    problems.push({ field: 'shippingPrice', message: err.message });
    return undefined;
  }
}

/** The minimum order given, in the seller's currency (null for none); undefined (a problem noted) when refused. */
function minimumOf(value: unknown, currency: Currency, problems: SellerSettingsProblem[]): Money | null | undefined {
  if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
  try {
    const amount = shippingAmount(value, currency, 'Minimum order total');
    return amount.isZero() ? null : amount;
  } catch (err) {
    if (!(isMoneyRefusal(err))) throw err;
    problems.push({ field: 'minOrderTotal', message: err.message });
    return undefined;
  }
}

const sameMoney = (a: Money | null, b: Money | null): boolean => (a === null ? b === null : b !== null && a.equals(b));

/**
 * Changes a user's seller settings: the profile currency (through the identity module's users, as a profile edit
 * does), the payment and shipping terms (trimmed; checked by `sellerSettings`), the shipping price by destination and
 * the minimum order (in the seller's currency after the change; amounts rounded to it half up), together in one unit
 * of work.
 * Every bad field is refused at once (InvalidSellerSettingsChange, a 422) and then nothing changes. Fields left out
 * keep their value; terms never set before start blank. Nothing is written when nothing differs.
 */
export class SetSellerSettings {
  constructor(
    private readonly users: UserRepository,
    private readonly sellers: SellerRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: SellerSettingsChangeInput): Promise<SellerSettingsChange> {
    return this.uow.run(async () => {
      const user = await sellerFor(this.users, input.name, input.actor);
      const stored = await this.sellers.settingsOf(user.id);
      const before = sellerSettingsView(user, stored);

      const problems: SellerSettingsProblem[] = [];
      const currency = input.currency === undefined ? before.currency : currencyOf(input.currency, problems);
      const trimmed = (value: unknown, kept: string): unknown => (value === undefined ? kept : typeof value === 'string' ? value.trim() : value);
      const amountsIn = currency ?? 'USD';
      const rates = input.shippingPrice === undefined ? before.shippingRates : ratesOf(input.shippingPrice, amountsIn, problems);
      const minimum = input.minOrderTotal === undefined ? before.minOrderTotal : minimumOf(input.minOrderTotal, amountsIn, problems);
      let terms: SellerSettings | undefined;
      try {
        terms = sellerSettings(user.id, trimmed(input.paymentTerms, before.paymentTerms), trimmed(input.shippingTerms, before.shippingTerms), this.clock.now(), {
          shippingRates: rates ?? null,
          minOrderTotal: minimum ?? null,
        });
      } catch (err) {
        const refused = sellerSettingsProblemsOf(err);
        if (!refused) throw err;
        problems.push(...refused);
      }
      if (problems.length > 0 || currency === undefined || terms === undefined) throw new InvalidSellerSettingsChange(problems);
      // Amounts kept from before stay in the currency they were set in; one change stores them in one currency.
      if (terms.shippingRates && terms.minOrderTotal && terms.shippingRates.currency !== terms.minOrderTotal.currency) {
        throw new InvalidSellerSettingsChange([
          { field: 'minOrderTotal', message: `Give the shipping price and the minimum order total again in ${currency}: they are in different currencies.` },
        ]);
      }

      const changed: SellerSettingsField[] = [];
      if (currency !== before.currency) changed.push('currency');
      if (terms.paymentTerms !== before.paymentTerms) changed.push('payment');
      if (terms.shippingTerms !== before.shippingTerms) changed.push('shipping');
      if (
        shippingRatesText(terms.shippingRates) !== shippingRatesText(before.shippingRates) ||
        terms.shippingRates?.currency !== before.shippingRates?.currency
      ) {
        changed.push('shippingPrice');
      }
      if (!sameMoney(terms.minOrderTotal, before.minOrderTotal)) changed.push('minOrderTotal');

      let updatedUser = user;
      if (changed.includes('currency')) {
        const updated = await this.users.updateProfile(user.id, { currency });
        if (!updated) throw new NotFound(`There is no user "${input.name}".`);
        updatedUser = updated;
      }
      const termsChanged = changed.some((field) => field !== 'currency');
      if (termsChanged) await this.sellers.put(terms);
      return { before, after: sellerSettingsView(updatedUser, termsChanged ? terms : stored), changed };
    });
  }
}
