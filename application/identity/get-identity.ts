import { DEFAULT_TOKEN_LABEL } from '../../domain/identity/accounts.js';
import type {
  ApplicationRepository,
  PersonalTokenRepository,
  UserRepository,
} from '../../domain/identity/identity-repositories.js';
import { Unauthenticated } from '../errors.js';
import type { Caller } from '../shared/caller.js';

/** Who the credentials of a request belong to, and through what (`consumer_name`). */
export interface Identity {
  readonly id: number;
  readonly username: string;
  /** The application acting for the user, or the personal token's label. */
  readonly consumerName: string;
}

/** `GET /oauth/identity`: needs a user (an application's key and secret alone are not one). */
export class GetIdentity {
  constructor(
    private readonly users: UserRepository,
    private readonly applications: ApplicationRepository,
    private readonly tokens: PersonalTokenRepository,
  ) {}

  async execute(caller: Caller): Promise<Identity> {
    if (caller.kind !== 'user') throw new Unauthenticated();
    const user = await this.users.byId(Number(caller.userId));
    if (!user) throw new Unauthenticated();
    let consumerName = DEFAULT_TOKEN_LABEL;
    if (caller.applicationId !== undefined) {
      consumerName = (await this.applications.byId(caller.applicationId))?.name ?? consumerName;
    } else if (caller.tokenId !== undefined) {
      consumerName = (await this.tokens.byId(caller.tokenId))?.label ?? consumerName;
    }
    return { id: user.id, username: user.username, consumerName };
  }
}
