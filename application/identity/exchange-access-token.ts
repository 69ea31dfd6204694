import type { OAuthToken } from '../../domain/identity/accounts.js';
import type { OAuthTokenRepository } from '../../domain/identity/identity-repositories.js';
import { BadRequest, Unauthenticated } from '../errors.js';
import { UNGUARDED, type AccountGuard } from '../ports/account-guard.js';
import type { Clock } from '../ports/clock.js';
import type { SecretGenerator } from '../ports/secrets.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { sameSecret } from '../../domain/identity/same-secret.js';
import type { IssuedToken } from './issued-token.js';
import type { OAuthVerifier, SignedRequest } from './oauth-verifier.js';

/** `/oauth/access_token`: exchanges an authorized request token and its verifier, once, for an access token. */
export class ExchangeAccessToken {
  constructor(
    private readonly verifier: OAuthVerifier,
    private readonly tokens: OAuthTokenRepository,
    private readonly secrets: SecretGenerator,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    /** Holds the account the token is for (ADR 0060): an exchange racing its deletion gives no token after it. */
    private readonly guard: AccountGuard = UNGUARDED,
  ) {}

  async execute(req: SignedRequest): Promise<IssuedToken> {
    const { application, token, oauth } = await this.verifier.verify(req, 'request token');
    const given = oauth.get('oauth_verifier');
    if (!given) throw new BadRequest('Missing oauth_verifier.');
    if (token!.authorizedAt === null || token!.verifier === null || token!.userId === null) {
      throw new BadRequest('The request token has not been authorized by a user.');
    }
    if (!sameSecret(given, token!.verifier)) throw new Unauthenticated('Invalid oauth_verifier.');
    return this.guard.actingFor(token!.userId, () =>
      this.uow.run(async () => {
        if (!(await this.tokens.markUsed(token!.token, this.clock.now()))) {
          throw new BadRequest('The request token was exchanged already.');
        }
        const access: OAuthToken = {
          token: this.secrets.generate(40),
          secret: this.secrets.generate(40),
          kind: 'access',
          applicationId: application.id,
          userId: token!.userId,
          callback: null,
          verifier: null,
          createdAt: this.clock.now(),
          authorizedAt: token!.authorizedAt,
          usedAt: null,
          revokedAt: null,
        };
        await this.tokens.add(access);
        return { token: access.token, secret: access.secret };
      }),
    );
  }
}
