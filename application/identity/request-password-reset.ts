import { PASSWORD_RESET_LIFETIME_MS, type User } from '../../domain/identity/accounts.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { loginKey } from '../../domain/identity/login-name.js';
import { RateLimited } from '../errors.js';
import type { Logger } from '../ports/logger.js';
import type { MailTransport } from '../ports/mail-transport.js';
import type { RateLimitStore } from '../ports/rate-limit-store.js';
import type { SecretDigest } from '../ports/secrets.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { MailedLinks, OneTimeLinks } from './one-time-links.js';
import { addressDigest } from './web-sessions.js';

/** Reset requests allowed per address, and per account asked for, in `PASSWORD_RESET_WINDOW_MS`. */
export const PASSWORD_RESETS_PER_ADDRESS = 10;
export const PASSWORD_RESETS_PER_ACCOUNT = 5;
export const PASSWORD_RESET_WINDOW_MS = 60 * 60 * 1000;


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
    private readonly oneTimeLinks: OneTimeLinks,
    private readonly digest: SecretDigest,
    private readonly mail: MailTransport,
    private readonly logger: Logger,
    private readonly attempts: RateLimitStore,
    private readonly uow: UnitOfWork,
    /** The page that takes the token and a new password. */
    private readonly links: MailedLinks,
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
    await this.mailResetLink(user, {
      subject: `Reset your ${this.links.site} password`,
      reason: `Someone (we hope you) asked to reset the password of your ${this.links.site} account. To choose a new one, open`,
    });
  }

  /**
   * Mails the account a fresh reset link, after `reason`, and logs it (for an operator without mail); a failing
   * transport is logged. Also what a sign-up with the account's address sends its owner (`SignUp`).
   */
  async mailResetLink(user: Pick<User, 'id' | 'username' | 'email'>, mail: { readonly subject: string; readonly reason: string }): Promise<void> {
    const { token, expiresAt } = await this.uow.run(() => this.oneTimeLinks.issue('password reset', user.id, null, PASSWORD_RESET_LIFETIME_MS));
    const link = this.links.link(token);
    this.logger.info({ event: 'password reset link', user: user.username, link, expiresAt: expiresAt.toISOString() }, 'password reset link made');
    const text = [
      `Hello ${user.username},`,
      '',
      mail.reason,
      '',
      link,
      '',
      `The link works once, until ${expiresAt.toUTCString()}. If you did not ask, ignore this mail: your password stays as it is.`,
    ].join('\n');
    try {
      await this.mail.send({ to: user.email, subject: mail.subject, text });
    } catch (err) {
      this.logger.error({ event: 'password reset mail failed', user: user.username, err }, 'the password reset mail could not be sent');
    }
  }
}
