import { EMAIL_CONFIRMATION_LIFETIME_MS, type User } from '../../domain/identity/accounts.js';
import { RateLimited } from '../errors.js';
import type { Logger } from '../ports/logger.js';
import type { MailTransport } from '../ports/mail-transport.js';
import type { RateLimitStore } from '../ports/rate-limit-store.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { MailedLinks, OneTimeLinks } from './one-time-links.js';

/** Confirmation mails allowed per account in `EMAIL_CONFIRMATION_WINDOW_MS` (email changes and resends together). */
export const EMAIL_CONFIRMATIONS_PER_ACCOUNT = 5;
export const EMAIL_CONFIRMATION_WINDOW_MS = 60 * 60 * 1000;

/** Why a confirmation link goes out: a new account's address, or the new address of an email change. */
export type ConfirmationReason = 'sign up' | 'email change';

/**
 * Mails email confirmation links (ADR 0064): a one-time link (`OneTimeLinks`, purpose `email confirmation`, working
 * `EMAIL_CONFIRMATION_LIFETIME_MS`) for an account and the address it confirms, mailed to that address and written
 * to the server log (as reset links are, for an operator without mail). A failing transport is logged, not told.
 */
export class EmailConfirmations {
  constructor(
    private readonly links: OneTimeLinks,
    private readonly mail: MailTransport,
    private readonly logger: Logger,
    private readonly attempts: RateLimitStore,
    private readonly uow: UnitOfWork,
    /** The page that takes the token. */
    private readonly pages: MailedLinks,
  ) {}

  /**
   * Counts a confirmation mail against the account (`EMAIL_CONFIRMATIONS_PER_ACCOUNT` an hour: nobody signed in can
   * fill someone's mailbox through the email form); `RateLimited` when the account has used them up.
   */
  async count(userId: number): Promise<void> {
    const state = await this.attempts.hit(`email-confirmation:account:${userId}`, EMAIL_CONFIRMATIONS_PER_ACCOUNT, EMAIL_CONFIRMATION_WINDOW_MS);
    if (!state.allowed) throw new RateLimited(state.retryAfterSeconds, 'Too many confirmation mails for this account: wait a while and try again.');
  }

  /**
   * Makes a link confirming `email` for the account and mails it there (after the unit of work that stores it). An
   * email change (`replace`) first cancels the account's other unused confirmation links in the same transaction, so
   * only the newest change can be confirmed; on PostgreSQL that cancelling and a confirmation using one of those links
   * are serialised on the link's row (one of them alone changes it).
   */
  async send(user: Pick<User, 'id' | 'username'>, email: string, reason: ConfirmationReason, replace = false): Promise<void> {
    const { token, expiresAt } = await this.uow.run(async () => {
      if (replace) await this.links.cancelAll(user.id, 'email confirmation');
      return this.links.issue('email confirmation', user.id, email, EMAIL_CONFIRMATION_LIFETIME_MS);
    });
    const link = this.pages.link(token);
    this.logger.info({ event: 'email confirmation link', user: user.username, link, expiresAt: expiresAt.toISOString() }, 'email confirmation link made');
    const site = this.pages.site;
    const why =
      reason === 'sign up'
        ? `Welcome to ${site}. To confirm that this is your address, and to sell, buy and write to traders, open`
        : `Someone (we hope you) asked to make this the email address of the ${site} account ${user.username}. To confirm it, open`;
    const text = [
      `Hello ${user.username},`,
      '',
      why,
      '',
      link,
      '',
      `The link works once, until ${expiresAt.toUTCString()}. If you did not ask, ignore this mail: nothing changes.`,
    ].join('\n');
    try {
      await this.mail.send({ to: email, subject: `Confirm your email address for ${site}`, text });
    } catch (err) {
      this.logger.error({ event: 'email confirmation mail failed', user: user.username, err }, 'the email confirmation mail could not be sent');
    }
  }
}
