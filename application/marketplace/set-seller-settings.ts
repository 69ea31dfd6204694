import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { CURRENCIES, isCurrency } from '../../domain/marketplace/currency.js';
import { InvalidSellerSettings, sellerSettings, type SellerSettings } from '../../domain/marketplace/seller.js';
import type { SellerRepository } from '../../domain/marketplace/seller-repository.js';
import { NotFound } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import {
  InvalidSellerSettingsChange,
  sellerFor,
  sellerSettingsView,
  type SellerSettingsActor,
  type SellerSettingsField,
  type SellerSettingsProblem,
  type SellerSettingsView,
} from './get-seller-settings.js';

/** A change of seller settings: only the fields given (not undefined) change. Values as a form or a command gave them. */
export interface SellerSettingsChangeInput {
  readonly name: string;
  readonly actor: SellerSettingsActor;
  /** A currency code, in any letter case. */
  readonly currency?: unknown;
  readonly paymentTerms?: unknown;
  readonly shippingTerms?: unknown;
}

/** What a change did: the settings before and after, and the fields whose value changed (in form order). */
export interface SellerSettingsChange {
  readonly before: SellerSettingsView;
  readonly after: SellerSettingsView;
  readonly changed: readonly SellerSettingsField[];
}

/** "Currency must be one of USD, GBP, …, got "xyz"." unless the value is a currency code (any case); the code. */
function currencyOf(value: unknown, problems: SellerSettingsProblem[]): string | undefined {
  const code = typeof value === 'string' ? value.trim().toUpperCase() : undefined;
  if (code !== undefined && isCurrency(code)) return code;
  problems.push({ field: 'currency', message: `Currency must be one of ${CURRENCIES.join(', ')}, got ${JSON.stringify(value)}.` });
  return undefined;
}

/**
 * Changes a user's seller settings: the profile currency (through the identity module's users, as a profile edit
 * does) and the payment and shipping terms (trimmed; checked by `sellerSettings`), together in one unit of work.
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
      let terms: SellerSettings | undefined;
      try {
        terms = sellerSettings(user.id, trimmed(input.paymentTerms, before.paymentTerms), trimmed(input.shippingTerms, before.shippingTerms), this.clock.now());
      } catch (err) {
        if (!(err instanceof InvalidSellerSettings)) throw err;
        problems.push(...err.problems);
      }
      if (problems.length > 0 || currency === undefined || terms === undefined) throw new InvalidSellerSettingsChange(problems);

      const changed: SellerSettingsField[] = [];
      if (currency !== before.currency) changed.push('currency');
      if (terms.paymentTerms !== before.paymentTerms) changed.push('payment');
      if (terms.shippingTerms !== before.shippingTerms) changed.push('shipping');

      let updatedUser = user;
      if (changed.includes('currency')) {
        const updated = await this.users.updateProfile(user.id, { currency });
        if (!updated) throw new NotFound(`There is no user "${input.name}".`);
        updatedUser = updated;
      }
      const termsChanged = changed.includes('payment') || changed.includes('shipping');
      if (termsChanged) await this.sellers.put(terms);
      return { before, after: sellerSettingsView(updatedUser, termsChanged ? terms : stored), changed };
    });
  }
}
