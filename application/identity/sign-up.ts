import { isRefusal, Refusal } from '../../domain/shared/refusal.js';
import { RateLimited } from '../errors.js';
import type { RateLimitStore } from '../ports/rate-limit-store.js';
import type { SecretDigest } from '../ports/secrets.js';
import type { CreateUser, CreateUserInput } from './create-user.js';
import { addressDigest, type StartedSession, type WebSessions } from './web-sessions.js';

/** Sign-ups allowed per address in `SIGN_UP_WINDOW_MS`, whatever their outcome (each costs a password hash). */
export const SIGN_UPS_PER_ADDRESS = 10;
export const SIGN_UP_WINDOW_MS = 60 * 60 * 1000;

/**
 * The one refusal of a sign-up whose login name or email address is in use: it does not say which (ADR 0049), so the
 * form does not confirm that an address has an account alongside a name anyone can see is taken.
 */
export const SIGN_UP_TAKEN_MESSAGE =
  'That login name or email address is already in use: choose another login name, or sign in if the account is yours.';

/**
 * The sign-up form: a new account (see `CreateUser`) and a session for it. At most `SIGN_UPS_PER_ADDRESS` tries per
 * address per window (`RateLimited` after), and a name or email in use is refused with `SIGN_UP_TAKEN_MESSAGE` (409)
 * either way, after the same password hash as a sign-up that succeeds.
 */
export class SignUp {
  constructor(
    private readonly createUser: CreateUser,
    private readonly sessions: WebSessions,
    private readonly attempts: RateLimitStore,
    private readonly digest: SecretDigest,
  ) {}

  async execute(input: CreateUserInput & { readonly address: string }): Promise<StartedSession> {
    const key = `signup:address:${addressDigest(this.digest, input.address)}`;
    const state = await this.attempts.hit(key, SIGN_UPS_PER_ADDRESS, SIGN_UP_WINDOW_MS);
    if (!state.allowed) throw new RateLimited(state.retryAfterSeconds, 'Too many sign-ups from this address: wait a while and try again.');
    try {
      return await this.sessions.start(await this.createUser.execute(input));
    } catch (err) {
      if (isRefusal(err, 'conflict')) throw new Refusal('conflict', SIGN_UP_TAKEN_MESSAGE);
      throw err;
    }
  }
}
