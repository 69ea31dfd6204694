import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import OAuth1 from 'oauth-1.0a';
import { createHmac } from 'node:crypto';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { IDENTITY } from '../../../composition/identity/identity-tokens.js';
import { aUser, anApplication, emptyIdentity, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { OAuthClient } from '../../support/oauth-client.js';
import { AGENT, testContainer } from '../../support/test-app.js';
import { openTestStorage, type TestStorage } from '../../support/test-storage.js';

interface Answer {
  readonly status: number;
  readonly type: string;
  readonly text: string;
  readonly headers: Headers;
}

/**
 * The OAuth 1.0a dance, driven by standard client libraries: `oauth` (node-oauth, which makes the requests itself)
 * for the whole flow, `oauth-1.0a` to sign single requests whose nonce and timestamp the test chooses. The user's
 * approval is given through the authorize use case (what the authorize page calls).
 */
describe('OAuth 1.0a over HTTP', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let container: Container;
  let server: http.Server;
  let base: string;
  let owner: TestUser;
  let app: TestApplication;
  let withCallback: TestApplication;

  before(async () => {
    db = await openTestStorage();
    server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    container = testContainer(db, { BASE_URL: base, RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000' });
    const koa = container.get(HTTP.HttpApp) as unknown as Koa;
    server.on('request', koa.callback());
    await emptyIdentity(db);
    owner = await aUser(container, 'oauth-user');
    app = await anApplication(container, 'oauth-user', 'Crate Digger');
    withCallback = await anApplication(container, 'oauth-user', 'Registered Callback', 'https://client.example/done');
  });
  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    await db.close();
  });

  const approve = async (token: string): Promise<string> => {
    const outcome = await container
      .get(IDENTITY.AuthorizeRequestToken)
      .decide({ caller: { kind: 'user', userId: String(owner.id), username: owner.name, via: 'token' }, token, approve: true });
    if (outcome.kind === 'redirect') return new URL(outcome.url).searchParams.get('oauth_verifier')!;
    if (outcome.kind === 'show verifier') return outcome.verifier;
    throw new Error('denied');
  };

  const client = (method: 'HMAC-SHA1' | 'PLAINTEXT', consumer = app) => new OAuthClient(base, consumer, { method });

  for (const method of ['HMAC-SHA1', 'PLAINTEXT'] as const) {
    it(`completes the dance with ${method}, and the access token signs API requests as the user`, async () => {
      const c = client(method);
      const rt = await c.requestToken();
      expect(rt.results).to.deep.include({ oauth_callback_confirmed: 'true' });
      const verifier = await approve(rt.token);
      const at = await c.accessToken(rt, verifier);
      expect(at.token).to.match(/^[A-Za-z0-9]{40}$/);
      const identity = await c.getJson(`${base}/oauth/identity`, at);
      expect(identity).to.deep.equal({
        id: owner.id,
        name: owner.name,
        username: owner.name,
        resource_url: `${base}/s/${owner.name}`,
        consumer_name: 'Crate Digger',
      });
      // A query string is part of what is signed.
      const release = await c.status(`${base}/releases/424242?curr_abbr=EUR`, at);
      expect(release).to.equal(404);
    });
  }

  /** One request signed by `oauth-1.0a`, with the nonce, timestamp and secrets the test wants. */
  async function signed(
    method: 'GET' | 'POST',
    path: string,
    options: {
      consumer?: { key: string; secret: string };
      token?: { key: string; secret: string };
      nonce?: string;
      timestamp?: number;
      extra?: Record<string, string>;
      signatureMethod?: 'HMAC-SHA1' | 'PLAINTEXT';
    } = {},
  ): Promise<Answer> {
    const signer = new OAuth1({
      consumer: options.consumer ?? { key: app.key, secret: app.secret },
      signature_method: options.signatureMethod ?? 'HMAC-SHA1',
      hash_function: (text, key) => createHmac('sha1', key).update(text).digest('base64'),
    });
    if (options.nonce) signer.getNonce = () => options.nonce!;
    if (options.timestamp !== undefined) signer.getTimeStamp = () => options.timestamp!;
    const url = `${base}${path}`;
    const data = signer.authorize({ url, method, data: options.extra ?? {} }, options.token);
    const res = await fetch(url, { method, headers: { ...signer.toHeader(data), 'User-Agent': AGENT } });
    return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text(), headers: res.headers };
  }

  async function authorizedRequestToken(consumer = app): Promise<{ key: string; secret: string; verifier: string }> {
    const rt = await client('HMAC-SHA1', consumer).requestToken();
    return { key: rt.token, secret: rt.secret, verifier: await approve(rt.token) };
  }

  it('refuses a replayed nonce (401), a stale timestamp and one in milliseconds (400)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const first = await signed('GET', '/oauth/request_token', { nonce: 'same-nonce-1', timestamp: now, extra: { oauth_callback: 'oob' } });
    expect(first.status, first.text).to.equal(200);
    expect(first.type).to.match(/^application\/x-www-form-urlencoded/);
    const replay = await signed('GET', '/oauth/request_token', { nonce: 'same-nonce-1', timestamp: now, extra: { oauth_callback: 'oob' } });
    expect([replay.status, replay.type, replay.text]).to.deep.equal([401, 'text/plain; charset=utf-8', 'oauth_nonce was used already.']);
    expect(replay.headers.get('www-authenticate')).to.equal(`OAuth realm="${base}"`);
    const stale = await signed('GET', '/oauth/request_token', { timestamp: now - 600, extra: { oauth_callback: 'oob' } });
    expect(stale.status).to.equal(400);
    expect(stale.text).to.match(/more than 5 minutes from the server's time/);
    const millis = await signed('GET', '/oauth/request_token', { timestamp: Date.now(), extra: { oauth_callback: 'oob' } });
    expect([millis.status, millis.text]).to.deep.equal([400, 'oauth_timestamp is in milliseconds: send seconds since 1970.']);
  });

  it('refuses a wrong consumer secret, an unknown consumer and a wrong token secret (401)', async () => {
    const wrongSecret = await signed('POST', '/oauth/request_token', { consumer: { key: app.key, secret: 'wrong' }, extra: { oauth_callback: 'oob' } });
    expect([wrongSecret.status, wrongSecret.text]).to.deep.equal([401, 'Invalid signature.']);
    const plaintext = await signed('POST', '/oauth/request_token', { consumer: { key: app.key, secret: 'wrong' }, signatureMethod: 'PLAINTEXT', extra: { oauth_callback: 'oob' } });
    expect([plaintext.status, plaintext.text]).to.deep.equal([401, 'Invalid signature.']);
    const unknown = await signed('POST', '/oauth/request_token', { consumer: { key: 'nobody', secret: 'x' }, extra: { oauth_callback: 'oob' } });
    expect([unknown.status, unknown.text]).to.deep.equal([401, 'Unknown consumer key.']);
    const rt = await authorizedRequestToken();
    const wrongToken = await signed('POST', '/oauth/access_token', { token: { key: rt.key, secret: 'wrong' }, extra: { oauth_verifier: rt.verifier } });
    expect([wrongToken.status, wrongToken.text]).to.deep.equal([401, 'Invalid signature.']);
  });

  it('exchanges a verifier once: a reused verifier gets 400, a wrong one 401, a missing one 400', async () => {
    const rt = await authorizedRequestToken();
    const wrong = await signed('POST', '/oauth/access_token', { token: { key: rt.key, secret: rt.secret }, extra: { oauth_verifier: 'nope' } });
    expect([wrong.status, wrong.text]).to.deep.equal([401, 'Invalid oauth_verifier.']);
    const missing = await signed('POST', '/oauth/access_token', { token: { key: rt.key, secret: rt.secret } });
    expect([missing.status, missing.text]).to.deep.equal([400, 'Missing oauth_verifier.']);
    const ok = await signed('POST', '/oauth/access_token', { token: { key: rt.key, secret: rt.secret }, extra: { oauth_verifier: rt.verifier } });
    expect(ok.status, ok.text).to.equal(200);
    expect(ok.text).to.match(/^oauth_token=[A-Za-z0-9]{40}&oauth_token_secret=[A-Za-z0-9]{40}$/);
    const again = await signed('POST', '/oauth/access_token', { token: { key: rt.key, secret: rt.secret }, extra: { oauth_verifier: rt.verifier } });
    expect([again.status, again.text]).to.deep.equal([400, 'The request token was exchanged already.']);
  });

  it('lets exactly one of simultaneous exchanges of one verifier through', async () => {
    const rt = await authorizedRequestToken();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        signed('POST', '/oauth/access_token', { token: { key: rt.key, secret: rt.secret }, extra: { oauth_verifier: rt.verifier } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).to.deep.equal([200, 400, 400, 400, 400, 400]);
  });

  it('lets a user revoke an application: its access tokens then get 401', async () => {
    const c = client('HMAC-SHA1');
    const rt = await c.requestToken();
    const at = await c.accessToken(rt, await approve(rt.token));
    expect(await c.getJson(`${base}/oauth/identity`, at)).to.have.property('consumer_name', 'Crate Digger');
    const caller = { kind: 'user', userId: String(owner.id), username: owner.name, via: 'token' } as const;
    const connected = container.get(IDENTITY.ConnectedApplications);
    expect((await connected.list(caller)).map((a) => a.name)).to.include('Crate Digger');
    await connected.revoke(caller, app.id);
    expect((await connected.list(caller)).map((a) => a.name)).to.not.include('Crate Digger');
    const refused = await signed('GET', '/oauth/identity', { token: { key: at.token, secret: at.secret } });
    expect(refused.status).to.equal(401);
    expect(JSON.parse(refused.text)).to.deep.equal({ message: 'The access token was revoked.' });
  });

  it("refuses a callback off the registered callback's origin (no open redirect), and takes one on it", async () => {
    const elsewhere = await signed('POST', '/oauth/request_token', {
      consumer: { key: withCallback.key, secret: withCallback.secret },
      extra: { oauth_callback: 'https://evil.example/steal' },
    });
    expect([elsewhere.status, elsewhere.text]).to.deep.equal([
      400,
      "oauth_callback must be on https://client.example, where the application's callback is registered.",
    ]);
    const same = await signed('POST', '/oauth/request_token', {
      consumer: { key: withCallback.key, secret: withCallback.secret },
      extra: { oauth_callback: 'https://client.example/other?x=1' },
    });
    expect(same.status, same.text).to.equal(200);
    const token = new URLSearchParams(same.text).get('oauth_token')!;
    const outcome = await container
      .get(IDENTITY.AuthorizeRequestToken)
      .decide({ caller: { kind: 'user', userId: String(owner.id), username: owner.name, via: 'token' }, token, approve: true });
    expect(outcome.kind).to.equal('redirect');
    const url = new URL((outcome as { url: string }).url);
    expect(`${url.origin}${url.pathname}`).to.equal('https://client.example/other');
    expect(url.searchParams.get('x')).to.equal('1');
    expect(url.searchParams.get('oauth_token')).to.equal(token);
    const bad = await signed('POST', '/oauth/request_token', { extra: { oauth_callback: 'javascript:alert(1)' } });
    expect(bad.status).to.equal(400);
  });

  it('refuses a request token used as an access token, and an access token where a request token belongs', async () => {
    const rt = await authorizedRequestToken();
    const asAccess = await signed('GET', '/oauth/identity', { token: { key: rt.key, secret: rt.secret } });
    expect(asAccess.status).to.equal(401);
  });
});
