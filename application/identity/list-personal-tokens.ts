import type { PersonalToken } from '../../domain/identity/accounts.js';
import type { PersonalTokenRepository, UserRepository } from '../../domain/identity/identity-repositories.js';
import { userNamed } from './user-named.js';

/** A user's personal tokens (what is kept of them: never the tokens), newest first. */
export class ListPersonalTokens {
  constructor(
    private readonly users: UserRepository,
    private readonly tokens: PersonalTokenRepository,
  ) {}

  async execute(input: { user: string }): Promise<PersonalToken[]> {
    const user = await userNamed(this.users, input.user);
    return this.tokens.ofUser(user.id);
  }
}
