import { emailKey } from '../../domain/identity/email.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { isRefusal, Refusal } from '../../domain/shared/refusal.js';
import { RateLimited } from '../errors.js';
import type { RateLimitStore } from '../ports/rate-limit-store.js';
import type { SecretDigest } from '../ports/secrets.js';
import type { CreateUser, CreateUserInput } from './create-user.js';
import type { EmailConfirmations } from './email-confirmations.js';
import type { RequestPasswordReset } from './request-password-reset.js';
import { addressDigest } from './web-sessions.js';

/** Sign-ups allowed per address in `SIGN_UP_WINDOW_MS`, whatever their outcome (each costs a password hash). */
export const SIGN_UPS_PER_ADDRESS = 10;
/** Sign-ups allowed per email address asked for in `SIGN_UP_WINDOW_MS` (each mails that address), taken or not. */
export const SIGN_UPS_PER_EMAIL = 5;
export const SIGN_UP_WINDOW_MS = 60 * 60 * 1000;

/**
 * The refusal of a sign-up whose login name is in use. Names are public (every profile is at `/users/{name}`), so
 * saying so gives nothing away; an email address in use is never refused (see `SignUp`).
 */
export const SIGN_UP_NAME_TAKEN = 'That login name is already in use: choose another, or sign in if the account is yours.';

/**
 * The sign-up form (ADR 0064): a new account whose email address is not confirmed yet (see `CreateUser`), and a
 * confirmation link mailed to the address; no session (the person signs in, or opens the link). When the address
 * belongs to an account already, nothing is made: its owner is mailed that someone tried, with a password reset link,
 * and the answer is the same as for a new account (nothing), so the form does not tell whether an address has an
 * account (ADR 0049). A login name in use is refused (`SIGN_UP_NAME_TAKEN`, 409), after the same password hash. At
 * most `SIGN_UPS_PER_ADDRESS` tries per network address and `SIGN_UPS_PER_EMAIL` per email address asked for, per
 * window (`RateLimited`), both counted before anything is looked up.
 */
export class SignUp {
  constructor(
    private readonly createUser: CreateUser,
    private readonly users: UserRepository,
    private readonly confirmations: EmailConfirmations,
    private readonly resets: RequestPasswordReset,
    private readonly attempts: RateLimitStore,
    private readonly digest: SecretDigest,
    private readonly site: string,
  ) {}

  async execute(input: CreateUserInput & { readonly address: string }): Promise<void> {
    const states = await Promise.all([
      this.attempts.hit(`signup:address:${addressDigest(this.digest, input.address)}`, SIGN_UPS_PER_ADDRESS, SIGN_UP_WINDOW_MS),
      this.attempts.hit(`signup:email:${this.digest.digest(emailKey(input.email.trim()))}`, SIGN_UPS_PER_EMAIL, SIGN_UP_WINDOW_MS),
    ]);
    const refused = states.filter((s) => !s.allowed);
    if (refused.length > 0) throw new RateLimited(Math.max(...refused.map((s) => s.retryAfterSeconds)), 'Too many sign-ups: wait a while and try again.');
    try {
      const created = await this.createUser.execute({ ...input, emailConfirmed: false });
      await this.confirmations.send(created, created.email, 'sign up');
    } catch (err) {
      if (isRefusal(err, 'conflict') && err.code === 'email taken') return this.tellOwner(input.email);
      if (isRefusal(err, 'conflict')) throw new Refusal('conflict', SIGN_UP_NAME_TAKEN);
      throw err;
    }
  }

  /** Mails the owner of a taken address that someone tried to sign up with it, with a password reset link. */
  private async tellOwner(email: string): Promise<void> {
    const owner = await this.users.byEmail(email.trim());
    if (!owner) return;
    await this.resets.mailResetLink(owner, {
      subject: `Someone tried to sign up to ${this.site} with your email address`,
      reason: [
        `Someone (perhaps you) tried to make a new ${this.site} account with this email address, which is already the`,
        `address of your account ${owner.username}, so no account was made. If it was you, sign in as ${owner.username};`,
        'if you have forgotten the password, choose a new one at',
      ].join('\n'),
    });
  }
}
