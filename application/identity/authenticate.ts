import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { PasswordHasher } from '../ports/password-hasher.js';
import { type Account, account } from './account.js';

/** Checks a login name and password; the account, or null (no difference told between an unknown name and a bad password). */
export class Authenticate {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute(input: { username: string; password: string }): Promise<Account | null> {
    const user = await this.users.byLoginName(input.username);
    if (!user) {
      // As long as a real check, so that the time taken does not tell which names exist.
      await this.hasher.verify(input.password, DUMMY_HASH);
      return null;
    }
    return (await this.hasher.verify(input.password, user.passwordHash)) ? account(user) : null;
  }
}

/** An encoded hash of nothing anyone types, checked against when the name is unknown. */
export const DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
