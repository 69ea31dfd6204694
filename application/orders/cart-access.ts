import type { User } from '../../domain/identity/accounts.js';
import { isCurrency, type Currency } from '../../domain/marketplace/currency.js';
import { Forbidden, Unauthenticated } from '../errors.js';
import type { Caller } from '../shared/caller.js';

/** The id of the user a cart and a checkout belong to: anonymous callers are asked to authenticate, applications refused. */
export function requireBuyer(caller: Caller): number {
  if (caller.kind === 'user') return Number(caller.userId);
  if (caller.kind === 'anonymous') throw new Unauthenticated();
  throw new Forbidden();
}

/** The currency a user sees prices in and sells in (their profile's; US dollars should it not be one accepted). */
export function currencyOf(user: User): Currency {
  return isCurrency(user.currency) ? user.currency : 'USD';
}
