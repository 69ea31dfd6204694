import type {
  ApplicationRepository,
  PersonalTokenRepository,
  UserRepository,
} from '../../domain/identity/identity-repositories.js';
import { sameSecret } from '../../domain/identity/same-secret.js';
import { Unauthenticated } from '../errors.js';
import type { SecretDigest } from '../ports/secrets.js';
import type { OAuthVerifier, SignedRequest } from './oauth-verifier.js';
import { ANONYMOUS, userCaller, type Caller } from '../shared/caller.js';

/**
 * What a request presented to say who it is, as the HTTP adapter read it from the query or the `Authorization`
 * header: nothing, an application's consumer key and secret, a personal token, or something unreadable (why).
 */
export type PresentedCredential =
  | { readonly kind: 'none' }
  | { readonly kind: 'key'; readonly key: string; readonly secret: string }
  | { readonly kind: 'token'; readonly token: string }
  | { readonly kind: 'oauth'; readonly request: SignedRequest }
  | { readonly kind: 'malformed'; readonly reason: string };

export const INVALID_KEY = 'Invalid consumer key or secret.';
export const INVALID_TOKEN = 'Invalid or revoked personal access token.';

/**
 * Turns presented credentials into the caller: anonymous without any; an application for a valid key and secret; the
 * token's user for a valid personal token; the access token's user, through its application, for a valid OAuth 1.0a
 * request. Anything presented that is not valid (unknown, wrong, revoked, malformed, a deleted account's: ADR 0060)
 * is refused with 401, never taken as anonymous.
 */
export class ResolveCredentials {
  constructor(
    private readonly users: UserRepository,
    private readonly applications: ApplicationRepository,
    private readonly tokens: PersonalTokenRepository,
    private readonly digest: SecretDigest,
    private readonly oauth: OAuthVerifier,
  ) {}

  async execute(credential: PresentedCredential): Promise<Caller> {
    switch (credential.kind) {
      case 'none':
        return ANONYMOUS;
      case 'malformed':
        throw new Unauthenticated(credential.reason);
      case 'key': {
        const application = await this.applications.byConsumerKey(credential.key);
        if (!application || !sameSecret(application.consumerSecret, credential.secret)) {
          throw new Unauthenticated(INVALID_KEY);
        }
        return { kind: 'application', applicationId: application.id };
      }
      case 'oauth': {
        const { application, token } = await this.oauth.verify(credential.request, 'access token');
        const user = token?.userId != null ? await this.users.byId(token.userId) : null;
        if (!user || user.deletedAt) throw new Unauthenticated('Invalid oauth_token.');
        return userCaller(user, 'oauth', { applicationId: application.id });
      }
      case 'token': {
        const token = await this.tokens.byDigest(this.digest.digest(credential.token));
        if (!token || token.revokedAt !== null) throw new Unauthenticated(INVALID_TOKEN);
        const user = await this.users.byId(token.userId);
        if (!user || user.deletedAt) throw new Unauthenticated(INVALID_TOKEN);
        return userCaller(user, 'token', { tokenId: token.id });
      }
    }
  }
}
