import { emailConfirmed } from '../../domain/identity/accounts.js';
import { emailKey } from '../../domain/identity/email.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { Refusal } from '../../domain/shared/refusal.js';
import { RateLimited } from '../errors.js';
import type { RateLimitStore } from '../ports/rate-limit-store.js';
import type { SecretDigest } from '../ports/secrets.js';
import { EMAIL_CONFIRMATION_WINDOW_MS, type EmailConfirmations } from './email-confirmations.js';
import type { OneTimeLinks } from './one-time-links.js';
import { addressDigest } from './web-sessions.js';

/** Resends allowed per network address in `EMAIL_CONFIRMATION_WINDOW_MS` (as password reset requests). */
export const CONFIRMATION_RESENDS_PER_ADDRESS = 10;

/**
 * "Send the link again" (ADR 0064): a fresh confirmation link for what the signed-in user has to confirm: the new
 * address of a pending change, else their own address while it is unconfirmed. Answers `confirmed` when there is
 * nothing to confirm (nothing is sent), `sent` otherwise. Limited per network address (`CONFIRMATION_RESENDS_PER_ADDRESS`
 * an hour) and per account (`EmailConfirmations.count`, shared with email changes): `RateLimited`.
 */
export class ResendEmailConfirmation {
  constructor(
    private readonly users: UserRepository,
    private readonly links: OneTimeLinks,
    private readonly confirmations: EmailConfirmations,
    private readonly attempts: RateLimitStore,
    private readonly digest: SecretDigest,
  ) {}

  async execute(input: { readonly userId: number; readonly address: string }): Promise<'sent' | 'confirmed'> {
    const state = await this.attempts.hit(`email-confirmation:address:${addressDigest(this.digest, input.address)}`, CONFIRMATION_RESENDS_PER_ADDRESS, EMAIL_CONFIRMATION_WINDOW_MS);
    if (!state.allowed) throw new RateLimited(state.retryAfterSeconds, 'Too many confirmation mails from this address: wait a while and try again.');
    const user = await this.users.byId(input.userId);
    if (!user || user.deletedAt) throw new Refusal('not-found', 'There is no such user.');
    const pending = await this.links.newest(user.id, 'email confirmation');
    const target = pending?.email && emailKey(pending.email) !== emailKey(user.email) ? pending.email : emailConfirmed(user) ? null : user.email;
    if (target === null) return 'confirmed';
    await this.confirmations.count(user.id);
    await this.confirmations.send(user, target, target === user.email ? 'sign up' : 'email change');
    return 'sent';
  }
}
