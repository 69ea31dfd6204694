import { Forbidden, Unauthenticated } from '../errors.js';

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

/** The caller without credentials. */
export const ANONYMOUS: Caller = Object.freeze({ kind: 'anonymous' });

/** Whether the caller presented valid credentials of any kind (the rate limit's higher tier). */
export function isAuthenticated(caller: Caller): boolean {
  return caller.kind !== 'anonymous';
}
