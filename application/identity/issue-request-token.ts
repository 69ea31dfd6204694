import type { OAuthToken } from '../../domain/identity/accounts.js';
import type { OAuthTokenRepository } from '../../domain/identity/identity-repositories.js';
import { BadRequest } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { SecretGenerator } from '../ports/secrets.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { callbackProblem } from './identity-inputs.js';
import type { IssuedToken } from './issued-token.js';
import type { OAuthVerifier, SignedRequest } from './oauth-verifier.js';

/** `/oauth/request_token`: a request token for a consumer-signed request with a callback (`oob` or a URL). */
export class IssueRequestToken {
  constructor(
    private readonly verifier: OAuthVerifier,
    private readonly tokens: OAuthTokenRepository,
    private readonly secrets: SecretGenerator,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(req: SignedRequest): Promise<IssuedToken> {
    const { application, oauth } = await this.verifier.verify(req, 'no token');
    const callback = oauth.get('oauth_callback');
    if (!callback) throw new BadRequest('Missing oauth_callback (a URL, or oob).');
    const problem = callbackProblem(callback);
    if (problem) throw new BadRequest(`oauth_callback: ${problem}`);
    if (callback !== 'oob' && application.callbackUrl !== null && new URL(callback).origin !== new URL(application.callbackUrl).origin) {
      throw new BadRequest(`oauth_callback must be on ${new URL(application.callbackUrl).origin}, where the application's callback is registered.`);
    }
    const issued: OAuthToken = {
      token: this.secrets.generate(24),
      secret: this.secrets.generate(32),
      kind: 'request',
      applicationId: application.id,
      userId: null,
      callback,
      verifier: null,
      createdAt: this.clock.now(),
      authorizedAt: null,
      usedAt: null,
      revokedAt: null,
    };
    await this.uow.run(() => this.tokens.add(issued));
    return { token: issued.token, secret: issued.secret };
  }
}
