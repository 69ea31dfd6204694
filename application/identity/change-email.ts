import { emailProblem } from '../../domain/identity/email.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { isRefusal, Refusal, type RefusalProblem } from '../../domain/shared/refusal.js';
import type { Logger } from '../ports/logger.js';
import type { MailTransport } from '../ports/mail-transport.js';
import type { PasswordHasher } from '../ports/password-hasher.js';
import type { RateLimitStore } from '../ports/rate-limit-store.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { currentPasswordFailuresKey, currentPasswordRight, PASSWORD_CHANGE_FAILURES, PASSWORD_CHANGE_WINDOW_MS } from './change-password.js';

/** The refusal of an address another account has (the form is behind a password and counted: see `ChangeEmail`). */
export const EMAIL_IN_USE = 'That email address cannot be used: choose another.';

/**
 * A signed-in user's email change: the password must be right and the address acceptable (`emailProblem`); every
 * problem at once by field (`password`, `email`) in one `invalid` Refusal. A wrong password, and an address another
 * account has (`EMAIL_IN_USE`, which says no more than that), count toward `PASSWORD_CHANGE_FAILURES` per account, so
 * the form cannot be used to list which addresses have accounts. The old address is told of the change by mail
 * (a failing transport is logged). Answers the address as stored.
 */
export class ChangeEmail {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly failures: RateLimitStore,
    private readonly mail: MailTransport,
    private readonly logger: Logger,
    private readonly uow: UnitOfWork,
    private readonly site: string,
  ) {}

  /** The user's address now (for the form); `not-found` when there is no such user. */
  async current(userId: number): Promise<string> {
    const user = await this.users.byId(userId);
    if (!user) throw new Refusal('not-found', 'There is no such user.');
    return user.email;
  }

  async execute(input: { readonly userId: number; readonly password: string; readonly email: string }): Promise<string> {
    const key = currentPasswordFailuresKey(input.userId);
    const user = await this.users.byId(input.userId);
    if (!user) throw new Refusal('not-found', 'There is no such user.');
    const email = input.email.trim();
    const problems: RefusalProblem[] = [];
    if (!(await currentPasswordRight(this.failures, this.hasher, user, input.password))) {
      problems.push({ field: 'password', message: 'The password is not right.' });
    }
    const problem = emailProblem(email);
    if (problem !== null) problems.push({ field: 'email', message: problem });
    if (problems.length > 0) throw Refusal.ofProblems(problems);
    try {
      await this.uow.run(() => this.users.changeEmail(user.id, email));
    } catch (err) {
      if (!isRefusal(err, 'conflict')) throw err;
      await this.failures.hit(key, PASSWORD_CHANGE_FAILURES, PASSWORD_CHANGE_WINDOW_MS);
      throw Refusal.ofProblems([{ field: 'email', message: EMAIL_IN_USE }]);
    }
    if (user.email !== email) {
      const text = `Hello ${user.username},\n\nThe email address of your ${this.site} account is now ${email}. If you did not change it, reset your password and change it back.`;
      await this.mail.send({ to: user.email, subject: `Your ${this.site} email address was changed`, text }).catch((err: unknown) => {
        this.logger.error({ event: 'email change mail failed', user: user.username, err }, 'the email change notice could not be sent');
      });
    }
    return email;
  }
}
