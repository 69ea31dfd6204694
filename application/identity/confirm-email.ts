import { emailKey } from '../../domain/identity/email.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { isRefusal, Refusal } from '../../domain/shared/refusal.js';
import type { Clock } from '../ports/clock.js';
import type { Logger } from '../ports/logger.js';
import type { MailTransport } from '../ports/mail-transport.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { OneTimeLinks } from './one-time-links.js';

/** The refusal of a confirmation link that is unknown, used, replaced or expired (one message for all). */
export const CONFIRM_LINK_REFUSED =
  'This confirmation link does not work: it was used already, was replaced by a newer one, has expired, or was not copied whole. If your address is not confirmed yet, have a new link sent from your email settings.';
/** The refusal of a confirmation whose address another account took meanwhile. */
export const CONFIRMED_EMAIL_TAKEN = 'That email address became the address of another account meanwhile: choose another on your email settings.';

/** A confirmed address: whose, which, and whether it replaced another. */
export interface ConfirmedEmail {
  readonly username: string;
  readonly email: string;
  readonly changed: boolean;
}

/**
 * Opens an email confirmation link (ADR 0064). In one transaction: the link is spent (once: of two uses at once one
 * alone wins, `OneTimeLinkRepository.use`; a newer email change cancels it the same way, so a confirmation racing a
 * change either wins, and the change stays pending, or finds its link replaced), the account is locked, and its
 * address becomes the link's, confirmed (`UserRepository.confirmEmail`; the unique index refuses an address another
 * account took meanwhile: `CONFIRMED_EMAIL_TAKEN`, nothing changed). A link that does not work is refused with
 * `CONFIRM_LINK_REFUSED` (`invalid`, code `confirmation link`). When the address changed, the old one is told.
 */
export class ConfirmEmail {
  constructor(
    private readonly links: OneTimeLinks,
    private readonly users: UserRepository,
    private readonly mail: MailTransport,
    private readonly logger: Logger,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly site: string,
  ) {}

  async execute(input: { readonly token: string }): Promise<ConfirmedEmail> {
    const { before, after } = await this.uow.run(async () => {
      const link = await this.links.use(input.token, 'email confirmation');
      const [user] = link?.email ? await this.users.lock([link.userId], 'update') : [];
      if (!link?.email || !user) throw new Refusal('invalid', CONFIRM_LINK_REFUSED, { code: 'confirmation link' });
      try {
        await this.users.confirmEmail(user.id, link.email, this.clock.now());
      } catch (err) {
        if (isRefusal(err, 'conflict')) throw new Refusal('invalid', CONFIRMED_EMAIL_TAKEN, { code: 'confirmation link' });
        throw err;
      }
      return { before: user, after: link.email };
    });
    const changed = emailKey(before.email) !== emailKey(after);
    if (changed) {
      const text = `Hello ${before.username},\n\nThe email address of your ${this.site} account is now ${after}. If you did not change it, reset your password and change it back.`;
      await this.mail.send({ to: before.email, subject: `Your ${this.site} email address was changed`, text }).catch((err: unknown) => {
        this.logger.error({ event: 'email change mail failed', user: before.username, err }, 'the email change notice could not be sent');
      });
    }
    return { username: before.username, email: after, changed };
  }
}
