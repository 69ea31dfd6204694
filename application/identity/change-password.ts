import type { User } from '../../domain/identity/accounts.js';
import type { UserRepository, WebSessionRepository } from '../../domain/identity/identity-repositories.js';
import { passwordProblem } from '../../domain/identity/password.js';
import { Refusal, type RefusalProblem } from '../../domain/shared/refusal.js';
import { RateLimited } from '../errors.js';
import type { PasswordHasher } from '../ports/password-hasher.js';
import type { RateLimitStore } from '../ports/rate-limit-store.js';
import type { SecretDigest } from '../ports/secrets.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';

/** Wrong current passwords allowed per account in `PASSWORD_CHANGE_WINDOW_MS` before the form refuses (429). */
export const PASSWORD_CHANGE_FAILURES = 10;
export const PASSWORD_CHANGE_WINDOW_MS = 15 * 60 * 1000;

/** The key under which a user's wrong current passwords (password and email changes alike) are counted. */
export const currentPasswordFailuresKey = (userId: number): string => `password-change:user:${userId}`;

/**
 * Whether the password re-entered on a settings form (password, email, deletion) is the user's: `RateLimited` (with
 * `tooMany`) once `PASSWORD_CHANGE_FAILURES` wrong ones were counted in the window; a wrong one is counted. The one
 * check each of those forms makes.
 */
export async function currentPasswordRight(
  failures: RateLimitStore,
  hasher: PasswordHasher,
  user: Pick<User, 'id' | 'passwordHash'>,
  password: string,
  tooMany = 'Too many wrong passwords: wait a few minutes and try again.',
): Promise<boolean> {
  const key = currentPasswordFailuresKey(user.id);
  const state = await failures.peek(key, PASSWORD_CHANGE_FAILURES, PASSWORD_CHANGE_WINDOW_MS);
  if (!state.allowed) throw new RateLimited(state.retryAfterSeconds, tooMany);
  if (await hasher.verify(password, user.passwordHash)) return true;
  await failures.hit(key, PASSWORD_CHANGE_FAILURES, PASSWORD_CHANGE_WINDOW_MS);
  return false;
}

export interface ChangePasswordInput {
  readonly userId: number;
  readonly currentPassword: string;
  readonly newPassword: string;
  /** The session cookie of the browser making the change: the one session kept; every other one of the user ends. */
  readonly keepSession?: string;
}

/**
 * A signed-in user's password change: the current password must be right (a wrong one counts toward
 * `PASSWORD_CHANGE_FAILURES` per account, so a borrowed session cannot guess it) and the new one acceptable
 * (`passwordProblem`); every problem is named at once, by field (`current_password`, `password`), in one `invalid`
 * Refusal. On success the new hash is stored and every other session of the user ends, in one transaction; the
 * number of sessions ended is answered.
 */
export class ChangePassword {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: WebSessionRepository,
    private readonly hasher: PasswordHasher,
    private readonly digest: SecretDigest,
    private readonly failures: RateLimitStore,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(input: ChangePasswordInput): Promise<{ readonly sessionsEnded: number }> {
    const key = currentPasswordFailuresKey(input.userId);
    const user = await this.users.byId(input.userId);
    if (!user) throw new Refusal('not-found', 'There is no such user.');
    const problems: RefusalProblem[] = [];
    if (!(await currentPasswordRight(this.failures, this.hasher, user, input.currentPassword, 'Too many wrong current passwords: wait a few minutes and try again.'))) {
      problems.push({ field: 'current_password', message: 'The current password is not right.' });
    }
    const problem = passwordProblem(input.newPassword);
    if (problem !== null) problems.push({ field: 'password', message: problem });
    if (problems.length > 0) throw Refusal.ofProblems(problems);
    const hash = await this.hasher.hash(input.newPassword);
    const keep = input.keepSession ? this.digest.digest(input.keepSession) : undefined;
    const sessionsEnded = await this.uow.run(async () => {
      if (!(await this.users.changePassword(user.id, hash))) throw new Refusal('not-found', 'There is no such user.');
      return this.sessions.removeAllOf(user.id, keep);
    });
    await this.failures.reset(key);
    return { sessionsEnded };
  }
}
