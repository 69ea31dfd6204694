import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { Currency } from '../../domain/marketplace/currency.js';
import type { Money } from '../../domain/marketplace/money.js';
import { isMoneyRefusal } from '../../domain/marketplace/money-refusal.js';
import { isRefusal } from '../../domain/shared/refusal.js';
import { sellerSettings, sellerSettingsProblemsOf, type SellerSettings } from '../../domain/marketplace/seller.js';
import {
  SHIPPING_RATES_REFUSAL,
  shippingAmount,
  shippingRates,
  shippingRatesText,
  type AmountWritten,
  type ShippingRates,
  type ShippingRatesWritten,
} from '../../domain/marketplace/shipping-rates.js';
import type { SellerRepository } from '../../domain/marketplace/seller-repository.js';
import { NotFound } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { CheckedInput } from '../shared/checked-input.js';
import { InvalidSellerSettingsChange, type SellerSettingsProblem } from './invalid-seller-settings-change.js';
import {
  sellerFor,
  type SellerSettingsActor,
  type SellerSettingsField,
  sellerSettingsView,
  type SellerSettingsView,
} from './seller-settings.js';

/** The fields of a seller settings change, checked for their types: only those given (not undefined) change. */
export interface SellerSettingsFields {
  readonly currency?: Currency;
  /** Trimmed here; blank clears them. */
  readonly paymentTerms?: string;
  readonly shippingTerms?: string;
  /** The shipping price by destination, in the seller's currency (after this change); null or blank removes it. */
  readonly shippingPrice?: ShippingRatesWritten | null;
  /** The minimum order, an amount in the seller's currency; null, blank or 0 removes it. */
  readonly minOrderTotal?: AmountWritten | null;
}

/**
 * A seller settings change as an edge (the API, the page, the command) checked it: the fields it accepts, and the
 * problem of each field it refused (left out of `fields`). The use case adds the problems only it can see (the
 * amounts, read in the currency after the change; the terms' lengths) and refuses them all at once.
 */
export interface SellerSettingsChangeInput {
  readonly fields: SellerSettingsFields;
  readonly problems?: readonly SellerSettingsProblem[];
}

/** What a change did: the settings before and after, and the fields whose value changed (in form order). */
export interface SellerSettingsChange {
  readonly before: SellerSettingsView;
  readonly after: SellerSettingsView;
  readonly changed: readonly SellerSettingsField[];
}

/** The order in which a refusal names its fields: the currency, the amounts read in it, then the terms. */
const CHECK_ORDER: readonly SellerSettingsField[] = ['currency', 'shippingPrice', 'minOrderTotal', 'payment', 'shipping'];

const inCheckOrder = (problems: readonly SellerSettingsProblem[]): SellerSettingsProblem[] =>
  [...problems].sort((a, b) => CHECK_ORDER.indexOf(a.field) - CHECK_ORDER.indexOf(b.field));

/** The shipping rates given, checked in the seller's currency; undefined (a problem noted) when refused. */
function ratesOf(value: ShippingRatesWritten | null, currency: Currency, problems: SellerSettingsProblem[]): ShippingRates | null | undefined {
  try {
    return shippingRates(value, currency);
  } catch (err) {
    if (!isRefusal(err, 'invalid', SHIPPING_RATES_REFUSAL)) throw err;
    problems.push({ field: 'shippingPrice', message: err.message });
    return undefined;
  }
}

/** The minimum order given, in the seller's currency (null for none); undefined (a problem noted) when refused. */
function minimumOf(value: AmountWritten | null, currency: Currency, problems: SellerSettingsProblem[]): Money | null | undefined {
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
 * The change is read (`input.change()`) once the user and the actor are answered. Every bad field, the edge's and
 * this use case's, is refused at once (InvalidSellerSettingsChange, a 422, in the order currency, shipping price,
 * minimum order, payment, shipping) and then nothing changes. Fields left out
 * keep their value; terms never set before start blank. Nothing is written when nothing differs.
 */
export class SetSellerSettings {
  constructor(
    private readonly users: UserRepository,
    private readonly sellers: SellerRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { name: string; actor: SellerSettingsActor; change: CheckedInput<SellerSettingsChangeInput> }): Promise<SellerSettingsChange> {
    return this.uow.run(async () => {
      const user = await sellerFor(this.users, input.name, input.actor);
      const stored = await this.sellers.settingsOf(user.id);
      const before = sellerSettingsView(user, stored);

      const { fields, problems: refused = [] } = input.change();
      const problems: SellerSettingsProblem[] = [...refused];
      // A refused currency reads the amounts in dollars, so that their own problems are still told.
      const currency = refused.some((p) => p.field === 'currency') ? undefined : (fields.currency ?? before.currency);
      const amountsIn = currency ?? 'USD';
      const rates = fields.shippingPrice === undefined ? before.shippingRates : ratesOf(fields.shippingPrice, amountsIn, problems);
      const minimum = fields.minOrderTotal === undefined ? before.minOrderTotal : minimumOf(fields.minOrderTotal, amountsIn, problems);
      let terms: SellerSettings | undefined;
      try {
        terms = sellerSettings(user.id, fields.paymentTerms?.trim() ?? before.paymentTerms, fields.shippingTerms?.trim() ?? before.shippingTerms, this.clock.now(), {
          shippingRates: rates ?? null,
          minOrderTotal: minimum ?? null,
        });
      } catch (err) {
        const domainProblems = sellerSettingsProblemsOf(err);
        if (!domainProblems) throw err;
        problems.push(...domainProblems);
      }
      if (problems.length > 0 || currency === undefined || terms === undefined) throw new InvalidSellerSettingsChange(inCheckOrder(problems));
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
