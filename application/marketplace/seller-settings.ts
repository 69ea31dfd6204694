import type { Currency } from '../../domain/marketplace/currency.js';
import type { User } from '../../domain/identity/accounts.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { Money } from '../../domain/marketplace/money.js';
import { isCompleteSeller, type SellerSettings } from '../../domain/marketplace/seller.js';
import type { ShippingRates } from '../../domain/marketplace/shipping-rates.js';
import { Forbidden, NotFound, Unauthenticated } from '../errors.js';
import type { Caller } from '../shared/caller.js';

/** Who reads or changes a user's seller settings: a caller (only the user themselves may), or the operator (the CLI). */
export type SellerSettingsActor = Caller | 'operator';

/** The seller settings' fields, as the web form and the CLI name them. */
export type SellerSettingsField = 'currency' | 'payment' | 'shipping' | 'shippingPrice' | 'minOrderTotal';

/** Each field as a sentence names it ("Saved your payment terms."). */
export const SELLER_SETTINGS_LABELS: Readonly<Record<SellerSettingsField, string>> = {
  currency: 'currency',
  payment: 'payment terms',
  shipping: 'shipping terms',
  shippingPrice: 'shipping price',
  minOrderTotal: 'minimum order total',
};

/** A user's seller settings as one view: the profile's currency and the terms (blank when never set). */
export interface SellerSettingsView {
  readonly userId: number;
  readonly username: string;
  /** The user's profile currency: what they sell in. */
  readonly currency: Currency;
  readonly paymentTerms: string;
  readonly shippingTerms: string;
  /** The shipping price by destination, or null when the seller priced none. */
  readonly shippingRates: ShippingRates | null;
  /** The least an order must total, or null for no minimum. */
  readonly minOrderTotal: Money | null;
  /** Both terms are written (see `isCompleteSeller`): the user may list items. */
  readonly complete: boolean;
  /** When the terms were last saved, or null when they never were. */
  readonly updatedAt: Date | null;
}

/** The view of a user and their stored settings (null when they never set any). */
export function sellerSettingsView(user: User, settings: SellerSettings | null): SellerSettingsView {
  return {
    userId: user.id,
    username: user.username,
    currency: user.currency,
    paymentTerms: settings?.paymentTerms ?? '',
    shippingTerms: settings?.shippingTerms ?? '',
    shippingRates: settings?.shippingRates ?? null,
    minOrderTotal: settings?.minOrderTotal ?? null,
    complete: isCompleteSeller(settings),
    updatedAt: settings?.updatedAt ?? null,
  };
}

/**
 * The user named, when the actor may see and change their seller settings: the operator always, a caller only as
 * that user (401 anonymous or an application alone, 403 another user). An unknown user is a 404 naming the name.
 */
export async function sellerFor(users: UserRepository, name: string, actor: SellerSettingsActor): Promise<User> {
  if (actor !== 'operator' && actor.kind !== 'user') throw new Unauthenticated();
  const user = await users.byLoginName(name);
  if (!user) throw new NotFound(`There is no user "${name}".`);
  if (actor !== 'operator' && Number(actor.userId) !== user.id) throw new Forbidden();
  return user;
}
