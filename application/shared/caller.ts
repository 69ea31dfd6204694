import { emailConfirmed, type User } from '../../domain/identity/accounts.js';
import { currencyOrDollars, type Currency } from '../../domain/marketplace/currency.js';
import { EmailUnconfirmed, Forbidden, Unauthenticated } from '../errors.js';

/**
 * Who is making a request, as the credentials established it: nobody, an application by its consumer key and
 * secret, or a user acting through an application (OAuth), a personal access token or a web session. Use cases that
 * need an identity take the caller in their input and decide from it; they never read credentials themselves.
 */
export type Caller =
  | { readonly kind: 'anonymous' }
  | { readonly kind: 'application'; readonly applicationId: string }
  | {
      readonly kind: 'user';
      readonly userId: string;
      readonly username: string;
      /**
       * How the user authenticated: through an application's OAuth token, a personal access token, or a signed-in
       * session of the web pages.
       */
      readonly via: 'oauth' | 'token' | 'session';
      /** The application acting for the user (OAuth), or undefined for a personal token. */
      readonly applicationId?: string;
      /** The personal token used, or undefined for OAuth. */
      readonly tokenId?: string;
      /**
       * The user's profile currency (`curr_abbr`) as the credentials were resolved, so that every price of the
       * request is in it without reading the user again (see `callerCurrency`). Set by every resolver of the
       * identity module; a caller built by hand without it sees US dollars.
       */
      readonly currency?: Currency;
      /**
       * The user's profile location (free text: "London, UK"), from which a listing's shipping destination is told
       * (see `destinationCountry`); absent or blank when unknown.
       */
      readonly location?: string;
      /**
       * Whether the user's email address is confirmed (ADR 0064), as the credentials were resolved; absent (a caller
       * built by hand) counts as confirmed. See `requireConfirmedEmail`.
       */
      readonly emailConfirmed?: boolean;
    };

/**
 * The id of the calling user: anonymous callers are asked to authenticate (401), an application acting for nobody is
 * refused (403, with `refusal` when given, else the generic message).
 */
export function requireUserCaller(caller: Caller, refusal?: string): number {
  if (caller.kind === 'user') return Number(caller.userId);
  if (caller.kind === 'anonymous') throw new Unauthenticated();
  throw new Forbidden(refusal);
}

/**
 * The id of a calling user whose email address is confirmed, for what only such accounts may do (ADR 0064: create
 * listings, check out, write order messages): as `requireUserCaller`, and `EmailUnconfirmed` (403) for a user who has
 * not confirmed theirs.
 */
export function requireConfirmedEmail(caller: Caller, refusal?: string): number {
  const userId = requireUserCaller(caller, refusal);
  if (caller.kind === 'user' && caller.emailConfirmed === false) throw new EmailUnconfirmed();
  return userId;
}

/** The caller without credentials. */
export const ANONYMOUS: Caller = Object.freeze({ kind: 'anonymous' });

/** Whether the caller presented valid credentials of any kind (the rate limit's higher tier). */
export function isAuthenticated(caller: Caller): boolean {
  return caller.kind !== 'anonymous';
}

/**
 * The currency a caller sees prices in: the currency asked for (`curr_abbr`) when given, else the calling user's
 * profile currency, else (anonymous callers, applications alone) US dollars. The one rule for every price the API
 * shows: a release's and a master's `lowest_price`, listings and inventories, marketplace stats.
 */
export function callerCurrency(caller: Caller | undefined, asked?: Currency): Currency {
  if (asked !== undefined) return asked;
  return caller?.kind === 'user' && caller.currency !== undefined ? caller.currency : 'USD';
}

/** The caller a resolved user is: their id and login, how they came, and the profile preferences prices depend on. */
export function userCaller(
  user: User,
  via: 'oauth' | 'token' | 'session',
  by: { readonly applicationId?: string; readonly tokenId?: string } = {},
): Caller {
  return {
    kind: 'user',
    userId: String(user.id),
    username: user.username,
    via,
    ...by,
    currency: currencyOrDollars(user.currency),
    location: user.location,
    emailConfirmed: emailConfirmed(user),
  };
}
