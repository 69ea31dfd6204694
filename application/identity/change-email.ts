import { emailConfirmed } from '../../domain/identity/accounts.js';
import { emailKey, emailProblem } from '../../domain/identity/email.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { Refusal, type RefusalProblem } from '../../domain/shared/refusal.js';
import type { PasswordHasher } from '../ports/password-hasher.js';
import type { RateLimitStore } from '../ports/rate-limit-store.js';
import { currentPasswordFailuresKey, currentPasswordRight, PASSWORD_CHANGE_FAILURES, PASSWORD_CHANGE_WINDOW_MS } from './change-password.js';
import type { EmailConfirmations } from './email-confirmations.js';
import type { OneTimeLinks } from './one-time-links.js';

/** The refusal of an address another account has (the form is behind a password and counted: see `ChangeEmail`). */
export const EMAIL_IN_USE = 'That email address cannot be used: choose another.';

/** A user's address as the email settings page shows it. */
export interface EmailState {
  readonly email: string;
  /** Whether `email` is confirmed (ADR 0064). */
  readonly confirmed: boolean;
  /** The new address of a change waiting for its confirmation link to be opened, or null. */
  readonly pending: string | null;
}

/**
 * A signed-in user's email change (ADR 0064): the password must be right and the address acceptable (`emailProblem`);
 * every problem at once by field (`password`, `email`) in one `invalid` Refusal. A wrong password, and an address
 * another account has (`EMAIL_IN_USE`, which says no more than that), count toward `PASSWORD_CHANGE_FAILURES` per
 * account, so the form cannot be used to list which addresses have accounts. The change is not made here: a
 * confirmation link goes to the new address (`EmailConfirmations`, counted per account, replacing any earlier pending
 * change's link), and the old address keeps working until the link is opened (`ConfirmEmail`). Answers the state.
 */
export class ChangeEmail {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly failures: RateLimitStore,
    private readonly confirmations: EmailConfirmations,
    private readonly links: OneTimeLinks,
  ) {}

  /** The user's address, whether it is confirmed, and a pending change; `not-found` when there is no such user. */
  async current(userId: number): Promise<EmailState> {
    const user = await this.users.byId(userId);
    if (!user) throw new Refusal('not-found', 'There is no such user.');
    const newest = await this.links.newest(user.id, 'email confirmation');
    const pending = newest?.email && emailKey(newest.email) !== emailKey(user.email) ? newest.email : null;
    return { email: user.email, confirmed: emailConfirmed(user), pending };
  }

  async execute(input: { readonly userId: number; readonly password: string; readonly email: string }): Promise<EmailState> {
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
    const holder = await this.users.byEmail(email);
    if (holder && holder.id !== user.id) {
      await this.failures.hit(key, PASSWORD_CHANGE_FAILURES, PASSWORD_CHANGE_WINDOW_MS);
      throw Refusal.ofProblems([{ field: 'email', message: EMAIL_IN_USE }]);
    }
    // Back to the confirmed address: nothing to confirm, and a pending change is dropped.
    if (holder && emailConfirmed(user)) {
      await this.links.cancelAll(user.id, 'email confirmation');
      return this.current(user.id);
    }
    await this.confirmations.count(user.id);
    await this.confirmations.send(user, email, holder ? 'sign up' : 'email change', true);
    return this.current(user.id);
  }
}
