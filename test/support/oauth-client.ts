import { OAuth } from 'oauth';
import { AGENT } from './test-app.js';

/** A token of the OAuth dance (a request token or an access token) with its secret. */
export interface TokenPair {
  readonly token: string;
  readonly secret: string;
}

/**
 * An OAuth 1.0a client of the API at `base`, as real clients are written: node-oauth (which makes the requests and
 * signs them itself), its callbacks turned into promises. `callback` is the `oauth_callback` it sends for request
 * tokens (`oob` unless given).
 */
export class OAuthClient {
  readonly oauth: OAuth;

  constructor(base: string, consumer: { readonly key: string; readonly secret: string }, options: { method?: 'HMAC-SHA1' | 'PLAINTEXT'; callback?: string } = {}) {
    this.oauth = new OAuth(`${base}/oauth/request_token`, `${base}/oauth/access_token`, consumer.key, consumer.secret, '1.0A', options.callback ?? 'oob', options.method ?? 'HMAC-SHA1', 32, {
      'User-Agent': AGENT,
      Accept: '*/*',
    });
  }

  /** A request token, with every parameter the answer held (`results`). */
  requestToken(params: Record<string, string> = {}): Promise<TokenPair & { results: Record<string, unknown> }> {
    return new Promise((resolve, reject) =>
      this.oauth.getOAuthRequestToken(params, (err, token, secret, results) => (err ? reject(err) : resolve({ token, secret, results }))),
    );
  }

  /** The access token the authorized `request` token and its `verifier` are exchanged for. */
  accessToken(request: TokenPair, verifier: string): Promise<TokenPair> {
    return new Promise((resolve, reject) =>
      this.oauth.getOAuthAccessToken(request.token, request.secret, verifier, (err, token, secret) => (err ? reject(err) : resolve({ token, secret }))),
    );
  }

  /** `GET url` signed with `access`: its JSON body; a refusal rejects with node-oauth's error (its `statusCode`). */
  getJson(url: string, access: TokenPair): Promise<unknown> {
    return new Promise((resolve, reject) =>
      this.oauth.get(url, access.token, access.secret, (err, data) => (err ? reject(err) : resolve(JSON.parse(String(data))))),
    );
  }

  /** The status `GET url` signed with `access` is answered with. */
  status(url: string, access: TokenPair): Promise<number> {
    return this.getJson(url, access).then(
      () => 200,
      (err: { statusCode?: number }) => err.statusCode ?? 0,
    );
  }
}
