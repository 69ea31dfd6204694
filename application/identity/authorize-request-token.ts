import { REQUEST_TOKEN_LIFETIME_MS, type ClientApplication, type OAuthToken } from '../../domain/identity/accounts.js';
import type { ApplicationRepository, OAuthTokenRepository } from '../../domain/identity/identity-repositories.js';
import { NotFound, Unauthenticated } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { SecretGenerator } from '../ports/secrets.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Caller } from '../shared/caller.js';

/** What the authorize page shows about a request token. */
export interface AuthorizationRequest {
  readonly token: string;
  readonly application: { readonly name: string };
  readonly expiresAt: Date;
}

/** Where the user goes after deciding: back to the application's callback, or shown the verifier (`oob`). */
export type AuthorizationOutcome =
  | { readonly kind: 'redirect'; readonly url: string }
  | { readonly kind: 'show verifier'; readonly verifier: string; readonly application: string }
  | { readonly kind: 'denied'; readonly application: string };

/** The authorize page's use cases: what is asked, and the user's decision. */
export class AuthorizeRequestToken {
  constructor(
    private readonly applications: ApplicationRepository,
    private readonly tokens: OAuthTokenRepository,
    private readonly secrets: SecretGenerator,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  private async pending(tokenValue: string): Promise<{ token: OAuthToken; application: ClientApplication }> {
    const token = await this.tokens.byToken(tokenValue);
    const expired = token && this.clock.now().getTime() - token.createdAt.getTime() > REQUEST_TOKEN_LIFETIME_MS;
    if (!token || token.kind !== 'request' || expired || token.usedAt !== null || token.authorizedAt !== null) {
      throw new NotFound('This authorization request is unknown, expired or answered already: ask the application to start again.');
    }
    const application = await this.applications.byId(token.applicationId);
    if (!application) throw new NotFound('The application of this request no longer exists.');
    return { token, application };
  }

  async describe(tokenValue: string): Promise<AuthorizationRequest> {
    const { token, application } = await this.pending(tokenValue);
    return {
      token: token.token,
      application: { name: application.name },
      expiresAt: new Date(token.createdAt.getTime() + REQUEST_TOKEN_LIFETIME_MS),
    };
  }

  async decide(input: { caller: Caller; token: string; approve: boolean }): Promise<AuthorizationOutcome> {
    if (input.caller.kind !== 'user') throw new Unauthenticated();
    const userId = Number(input.caller.userId);
    return this.uow.run(async () => {
      const { token, application } = await this.pending(input.token);
      const callback = token.callback ?? 'oob';
      if (!input.approve) {
        await this.tokens.remove(token.token);
        if (callback === 'oob') return { kind: 'denied', application: application.name };
        return { kind: 'redirect', url: withQuery(callback, { denied: token.token }) };
      }
      const verifier = this.secrets.generate(20);
      if (!(await this.tokens.authorize(token.token, userId, verifier, this.clock.now()))) {
        throw new NotFound('This authorization request was answered already.');
      }
      if (callback === 'oob') return { kind: 'show verifier', verifier, application: application.name };
      return { kind: 'redirect', url: withQuery(callback, { oauth_token: token.token, oauth_verifier: verifier }) };
    });
  }
}

function withQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [name, value] of Object.entries(params)) u.searchParams.set(name, value);
  return u.toString();
}
