import { PASSWORD_RESET_LIFETIME_MS } from '../../domain/identity/accounts.js';
import type { PasswordResetRepository, UserRepository } from '../../domain/identity/identity-repositories.js';
import { loginKey } from '../../domain/identity/login-name.js';
import { RateLimited } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { Logger } from '../ports/logger.js';
import type { MailTransport } from '../ports/mail-transport.js';
import type { RateLimitStore } from '../ports/rate-limit-store.js';
import type { SecretDigest, SecretGenerator } from '../ports/secrets.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { addressDigest } from './web-sessions.js';

/** Reset requests allowed per address, and per account asked for, in `PASSWORD_RESET_WINDOW_MS`. */
export const PASSWORD_RESETS_PER_ADDRESS = 10;
export const PASSWORD_RESETS_PER_ACCOUNT = 5;
export const PASSWORD_RESET_WINDOW_MS = 60 * 60 * 1000;
/** The length of a reset link's token: 43 of 62 characters, about 256 bits. */
export const PASSWORD_RESET_TOKEN_LENGTH = 43;

/** Where the reset links go and what the mail calls the site. */
export interface PasswordResetLinks {
  /** The page that takes the token and a new password. */
  link(token: string): string;
  readonly site: string;
}

/**
 * "I forgot my password": for a login name or an email address, when an account has it, a one-time link (a fresh
 * token, kept as a digest, working `PASSWORD_RESET_LIFETIME_MS` and once) is mailed to the account's address and
 * written to the server log. The answer is the same whether or not an account exists (ADR 0049's stance on
 * enumeration): nothing is returned, and a failing mail transport is logged, not told. At most
 * `PASSWORD_RESETS_PER_ADDRESS` requests from an address and `PASSWORD_RESETS_PER_ACCOUNT` for a name or address an
 * hour (`RateLimited`), counted the same for accounts that do not exist.
 */
export class RequestPasswordReset {
  constructor(
    private readonly users: UserRepository,
    private readonly resets: PasswordResetRepository,
    private readonly secrets: SecretGenerator,
    private readonly digest: SecretDigest,
    private readonly mail: MailTransport,
    private readonly logger: Logger,
    private readonly attempts: RateLimitStore,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly links: PasswordResetLinks,
  ) {}

  async execute(input: { readonly login: string; readonly address: string }): Promise<void> {
    const login = input.login.trim();
    const asked = login.includes('@') ? `email:${login.toLowerCase()}` : `login:${loginKey(login)}`;
    const states = await Promise.all([
      this.attempts.hit(`password-reset:address:${addressDigest(this.digest, input.address)}`, PASSWORD_RESETS_PER_ADDRESS, PASSWORD_RESET_WINDOW_MS),
      this.attempts.hit(`password-reset:account:${this.digest.digest(asked)}`, PASSWORD_RESETS_PER_ACCOUNT, PASSWORD_RESET_WINDOW_MS),
    ]);
    const refused = states.filter((s) => !s.allowed);
    if (refused.length > 0) {
      throw new RateLimited(Math.max(...refused.map((s) => s.retryAfterSeconds)), 'Too many password reset requests: wait a while and try again.');
    }
    if (login === '' || login.length > 320) return;
    const user = login.includes('@') ? await this.users.byEmail(login) : await this.users.byLoginName(login);
    if (!user) return;
    const token = this.secrets.generate(PASSWORD_RESET_TOKEN_LENGTH);
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + PASSWORD_RESET_LIFETIME_MS);
    await this.uow.run(() => this.resets.add({ digest: this.digest.digest(token), userId: user.id, createdAt: now, expiresAt, usedAt: null }));
    const link = this.links.link(token);
    this.logger.info({ event: 'password reset link', user: user.username, link, expiresAt: expiresAt.toISOString() }, 'password reset link made');
    const text = [
      `Hello ${user.username},`,
      '',
      `Someone (we hope you) asked to reset the password of your ${this.links.site} account. To choose a new one, open`,
      '',
      link,
      '',
      `The link works once, until ${expiresAt.toUTCString()}. If you did not ask, ignore this mail: your password stays as it is.`,
    ].join('\n');
    try {
      await this.mail.send({ to: user.email, subject: `Reset your ${this.links.site} password`, text });
    } catch (err) {
      this.logger.error({ event: 'password reset mail failed', user: user.username, err }, 'the password reset mail could not be sent');
    }
  }
}
