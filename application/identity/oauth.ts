import {
  OAUTH_TIMESTAMP_WINDOW_SECONDS,
  REQUEST_TOKEN_LIFETIME_MS,
  type ClientApplication,
  type OAuthToken,
} from '../../domain/identity/accounts.js';
import type { ApplicationRepository, OAuthTokenRepository } from '../../domain/identity/identity-repositories.js';
import { signatureBaseString, signingKey } from '../../domain/identity/oauth-signature.js';
import { sameSecret } from '../../domain/identity/same-secret.js';
import { BadRequest, NotFound, Unauthenticated } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { HmacSha1 } from '../ports/hmac.js';
import type { NonceStore } from '../ports/nonce-store.js';
import type { SecretGenerator } from '../ports/secrets.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Caller } from '../shared/caller.js';
import { callbackProblem } from './identity-inputs.js';

/**
 * A request as OAuth 1.0a signs it: the method, the URL as the client saw it (built from `BASE_URL`, with the query),
 * the `oauth_*` parameters of the `Authorization` header, and the other parameters (query, form body).
 */
export interface SignedRequest {
  readonly method: string;
  readonly url: string;
  /** The header's parameters (percent-decoded), `realm` left out. */
  readonly oauth: ReadonlyMap<string, string>;
  /** Query and form-body parameters, in order (duplicates kept). */
  readonly parameters: ReadonlyArray<readonly [string, string]>;
}

/** What signed it: the application, and the token when one was required. */
export interface Verified {
  readonly application: ClientApplication;
  readonly token: OAuthToken | null;
  /** The request's OAuth parameters (header and query), as checked. */
  readonly oauth: ReadonlyMap<string, string>;
}

const REQUIRED = ['oauth_consumer_key', 'oauth_signature_method', 'oauth_signature', 'oauth_timestamp', 'oauth_nonce'] as const;

/** The OAuth parameters of a request, from the header or (per RFC 5849 §3.5.3) the query, never both. */
function oauthParameters(req: SignedRequest): Map<string, string> {
  const found = new Map(req.oauth);
  for (const [name, value] of req.parameters) {
    if (!name.startsWith('oauth_')) continue;
    if (found.has(name)) throw new BadRequest(`${name} is given twice.`);
    found.set(name, value);
  }
  return found;
}

/**
 * Checks an OAuth 1.0a request (RFC 5849): parameters present and well-formed, PLAINTEXT or HMAC-SHA1, a timestamp in
 * seconds within 5 minutes of the server's clock, a known consumer, the kind of token the endpoint needs, the
 * signature, and a nonce never seen in the window. Malformed or expired: 400; unknown consumer or token, bad
 * signature, replayed nonce: 401.
 */
export class OAuthVerifier {
  constructor(
    private readonly applications: ApplicationRepository,
    private readonly tokens: OAuthTokenRepository,
    private readonly nonces: NonceStore,
    private readonly hmac: HmacSha1,
    private readonly clock: Clock,
  ) {}

  async verify(req: SignedRequest, needs: 'no token' | 'request token' | 'access token'): Promise<Verified> {
    const p = oauthParameters(req);
    for (const name of REQUIRED) if (!p.get(name)) throw new BadRequest(`Missing ${name}.`);
    const version = p.get('oauth_version');
    // RFC 5849 says 1.0; many clients (node-oauth among them) send 1.0A for the same protocol.
    if (version !== undefined && !/^1\.0a?$/i.test(version)) throw new BadRequest('oauth_version must be 1.0.');
    const method = p.get('oauth_signature_method')!;
    if (method !== 'PLAINTEXT' && method !== 'HMAC-SHA1') {
      throw new BadRequest(`Unsupported oauth_signature_method ${JSON.stringify(method)}: use PLAINTEXT or HMAC-SHA1.`);
    }
    const timestamp = p.get('oauth_timestamp')!;
    if (!/^\d{1,15}$/.test(timestamp)) throw new BadRequest('oauth_timestamp must be a whole number of seconds since 1970.');
    const seconds = Number(timestamp);
    if (seconds > 1e11) throw new BadRequest('oauth_timestamp is in milliseconds: send seconds since 1970.');
    const now = Math.floor(this.clock.now().getTime() / 1000);
    if (Math.abs(now - seconds) > OAUTH_TIMESTAMP_WINDOW_SECONDS) {
      throw new BadRequest(`oauth_timestamp ${seconds} is more than 5 minutes from the server's time (${now}).`);
    }

    const application = await this.applications.byConsumerKey(p.get('oauth_consumer_key')!);
    if (!application) throw new Unauthenticated('Unknown consumer key.');
    const tokenValue = p.get('oauth_token') ?? '';
    let token: OAuthToken | null = null;
    if (needs === 'no token') {
      if (tokenValue !== '') throw new BadRequest('This request takes no oauth_token.');
    } else {
      if (tokenValue === '') throw new BadRequest('Missing oauth_token.');
      token = await this.tokens.byToken(tokenValue);
      const kind = needs === 'request token' ? 'request' : 'access';
      if (!token || token.kind !== kind || token.applicationId !== application.id) throw new Unauthenticated('Invalid oauth_token.');
      if (kind === 'access' && token.revokedAt !== null) throw new Unauthenticated('The access token was revoked.');
      if (kind === 'request') {
        if (this.clock.now().getTime() - token.createdAt.getTime() > REQUEST_TOKEN_LIFETIME_MS) {
          throw new BadRequest('The request token has expired (15 minutes after it was issued).');
        }
        if (token.usedAt !== null) throw new BadRequest('The request token was exchanged already.');
      }
    }

    const key = signingKey(application.consumerSecret, token?.secret ?? '');
    const signature = p.get('oauth_signature')!;
    const valid =
      method === 'PLAINTEXT'
        ? sameSecret(signature, key) || sameSecret(safeDecode(signature), key)
        : sameSecret(
            signature,
            this.hmac.sign(key, signatureBaseString(req.method, req.url, [...req.oauth, ...req.parameters])),
          );
    if (!valid) throw new Unauthenticated('Invalid signature.');

    const nonceKey = `${application.consumerKey}\n${tokenValue}\n${p.get('oauth_nonce')!}`;
    if (!(await this.nonces.claim(nonceKey, 2 * OAUTH_TIMESTAMP_WINDOW_SECONDS))) {
      throw new Unauthenticated('oauth_nonce was used already.');
    }
    return { application, token, oauth: p };
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A request token as issued: what the token endpoint answers. */
export interface IssuedToken {
  readonly token: string;
  readonly secret: string;
}

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

/** `/oauth/access_token`: exchanges an authorized request token and its verifier, once, for an access token. */
export class ExchangeAccessToken {
  constructor(
    private readonly verifier: OAuthVerifier,
    private readonly tokens: OAuthTokenRepository,
    private readonly secrets: SecretGenerator,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(req: SignedRequest): Promise<IssuedToken> {
    const { application, token, oauth } = await this.verifier.verify(req, 'request token');
    const given = oauth.get('oauth_verifier');
    if (!given) throw new BadRequest('Missing oauth_verifier.');
    if (token!.authorizedAt === null || token!.verifier === null || token!.userId === null) {
      throw new BadRequest('The request token has not been authorized by a user.');
    }
    if (!sameSecret(given, token!.verifier)) throw new Unauthenticated('Invalid oauth_verifier.');
    return this.uow.run(async () => {
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
    });
  }
}

/** The applications a user has let act for them, and taking that back. */
export class ConnectedApplications {
  constructor(
    private readonly applications: ApplicationRepository,
    private readonly tokens: OAuthTokenRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async list(caller: Caller): Promise<Array<{ id: string; name: string; since: Date }>> {
    if (caller.kind !== 'user') throw new Unauthenticated();
    const connected = await this.tokens.connectedApplications(Number(caller.userId));
    const out: Array<{ id: string; name: string; since: Date }> = [];
    for (const c of connected) {
      const application = await this.applications.byId(c.applicationId);
      if (application) out.push({ id: application.id, name: application.name, since: c.since });
    }
    return out;
  }

  async revoke(caller: Caller, applicationId: string): Promise<void> {
    if (caller.kind !== 'user') throw new Unauthenticated();
    const revoked = await this.uow.run(() => this.tokens.revokeAccess(Number(caller.userId), applicationId, this.clock.now()));
    if (revoked === 0) throw new NotFound('That application has no access to your account.');
  }
}
