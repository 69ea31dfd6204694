import type { PersonalToken } from '../../domain/identity/accounts.js';
import type { PersonalTokenRepository, UserRepository } from '../../domain/identity/identity-repositories.js';
import { NotFound } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { requiredText } from './identity-inputs.js';
import { userNamed } from './user-named.js';

/** Revokes one of a user's personal tokens; from then on it authenticates nobody. */
export class RevokePersonalToken {
  constructor(
    private readonly users: UserRepository,
    private readonly tokens: PersonalTokenRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { user: string; tokenId: string }): Promise<PersonalToken> {
    const tokenId = requiredText(input.tokenId, 'token id');
    return this.uow.run(async () => {
      const user = await userNamed(this.users, input.user);
      const token = await this.tokens.byId(tokenId);
      // Another user's token is as unknown as one that does not exist.
      if (!token || token.userId !== user.id) throw new NotFound(`${user.username} has no token ${JSON.stringify(tokenId)}.`);
      await this.tokens.revoke(token.id, this.clock.now());
      return (await this.tokens.byId(token.id))!;
    });
  }
}
