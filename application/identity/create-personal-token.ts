import type { PersonalToken } from '../../domain/identity/accounts.js';
import { DEFAULT_TOKEN_LABEL, TOKEN_LABEL_MAX_LENGTH } from '../../domain/identity/accounts.js';
import type { PersonalTokenRepository, UserRepository } from '../../domain/identity/identity-repositories.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { SecretDigest, SecretGenerator } from '../ports/secrets.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { optionalText } from './identity-inputs.js';
import { userNamed } from './user-named.js';

/** A personal token as created: the token itself exists only here, once. */
export interface CreatedToken {
  readonly token: string;
  readonly record: PersonalToken;
}

/** Generates a personal access token for a user; only its digest is stored. */
export class CreatePersonalToken {
  constructor(
    private readonly users: UserRepository,
    private readonly tokens: PersonalTokenRepository,
    private readonly secrets: SecretGenerator,
    private readonly digest: SecretDigest,
    private readonly ids: IdGenerator,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { user: string; label?: string }): Promise<CreatedToken> {
    const label = optionalText(input.label, 'label', TOKEN_LABEL_MAX_LENGTH) || DEFAULT_TOKEN_LABEL;
    return this.uow.run(async () => {
      const user = await userNamed(this.users, input.user);
      const token = this.secrets.generate(40);
      const record: PersonalToken = {
        id: this.ids.next(),
        userId: user.id,
        label,
        digest: this.digest.digest(token),
        lastCharacters: token.slice(-4),
        createdAt: this.clock.now(),
        revokedAt: null,
      };
      await this.tokens.add(record);
      return { token, record };
    });
  }
}
