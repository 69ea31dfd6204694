import type { UserRepository, WebSessionRepository } from '../../domain/identity/identity-repositories.js';
import { passwordProblem } from '../../domain/identity/password.js';
import { Refusal } from '../../domain/shared/refusal.js';
import type { PasswordHasher } from '../ports/password-hasher.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { account, type Account } from './account.js';
import type { OneTimeLinks } from './one-time-links.js';

/** The refusal of a reset link that is unknown, used or expired (one message: which of them is nobody's business). */
export const RESET_LINK_REFUSED = 'This password reset link does not work: it was used already, has expired, or was not copied whole. Ask for a new one.';

/**
 * Sets a new password from a reset link's token: the new password is checked first (`passwordProblem`, field
 * `password`: a typo does not spend the link), then in one transaction the token is used (once: of two uses at once,
 * one alone wins, `OneTimeLinkRepository.use`), the hash replaced, and every session of the user ended. A token
 * that does not work is refused with `RESET_LINK_REFUSED` (`invalid`, code `reset link`). Answers the account.
 */
export class ResetPassword {
  constructor(
    private readonly links: OneTimeLinks,
    private readonly users: UserRepository,
    private readonly sessions: WebSessionRepository,
    private readonly hasher: PasswordHasher,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(input: { readonly token: string; readonly newPassword: string }): Promise<Account> {
    const problem = passwordProblem(input.newPassword);
    if (problem !== null) throw Refusal.ofProblems([{ field: 'password', message: problem }]);
    if (input.token === '' || input.token.length > 200) throw new Refusal('invalid', RESET_LINK_REFUSED, { code: 'reset link' });
    const hash = await this.hasher.hash(input.newPassword);
    return this.uow.run(async () => {
      const link = await this.links.use(input.token, 'password reset');
      const user = link === null ? null : await this.users.byId(link.userId);
      if (!user) throw new Refusal('invalid', RESET_LINK_REFUSED, { code: 'reset link' });
      await this.users.changePassword(user.id, hash);
      await this.sessions.removeAllOf(user.id);
      return account({ ...user, passwordHash: hash });
    });
  }
}
