import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import request from 'supertest';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { IDENTITY } from '../../../composition/identity/identity-tokens.js';
import { aUser, anApplication, emptyIdentity, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { AGENT, BASE_URL, testContainer } from '../../support/test-app.js';
import { openTestStorage, type TestStorage } from '../../support/test-storage.js';

describe('Identity over HTTP: credentials, tiers and /oauth/identity', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let container: Container;
  let app: Koa;
  let alice: TestUser;
  let bob: TestUser;
  let client: TestApplication;

  before(async () => {
    db = await openTestStorage();
    container = testContainer(db);
    app = container.get(HTTP.HttpApp) as unknown as Koa;
    await emptyIdentity(db);
    alice = await aUser(container, 'Alice', 'CLI script');
    bob = await aUser(container, 'bob');
    client = await anApplication(container, 'Alice', 'Record Shelf');
  });
  after(() => db.close());

  const get = (path: string) => request(app.callback()).get(path).set('User-Agent', AGENT);

  function expect401(res: request.Response, message: string, tier = '25'): void {
    expect(res.status, res.text).to.equal(401);
    expect(res.headers['www-authenticate']).to.equal(`OAuth realm="${BASE_URL}"`);
    expect(res.body).to.deep.equal({ message });
    // Refused credentials count like any anonymous request.
    expect(res.headers['x-service-ratelimit']).to.equal(tier);
  }

  it('answers /oauth/identity for a personal token in the header or the query, in the spec dialect', async () => {
    for (const res of [
      await get('/oauth/identity').set('Authorization', `Service token=${alice.token}`),
      await get(`/oauth/identity?token=${alice.token}`),
      await get('/oauth/identity').set('authorization', `service token="${alice.token}"`),
    ]) {
      expect(res.status, res.text).to.equal(200);
      expect(res.text).to.equal(
        JSON.stringify({
          id: alice.id,
          name: 'Alice',
          username: 'Alice',
          resource_url: `${BASE_URL}/s/Alice`,
          consumer_name: 'CLI script',
        }),
      );
      expect(res.headers['x-service-ratelimit']).to.equal('60');
    }
    const unlabelled = await get('/oauth/identity').set('Authorization', `Service token=${bob.token}`);
    expect(unlabelled.body.consumer_name).to.equal('Personal access token');
  });

  it('answers in the Discogs dialect with the Discogs brand', async () => {
    const discogs = testContainer(db, { BRAND: 'Discogs' }).get(HTTP.HttpApp) as unknown as Koa;
    const res = await request(discogs.callback())
      .get('/oauth/identity')
      .set('User-Agent', AGENT)
      .set('Authorization', `Discogs token=${bob.token}`);
    expect(res.status, res.text).to.equal(200);
    expect(res.text).to.equal(
      JSON.stringify({ id: bob.id, username: 'bob', resource_url: `${BASE_URL}/users/bob`, consumer_name: 'Personal access token' }),
    );
    expect(res.headers['x-discogs-ratelimit']).to.equal('60');
  });

  it('takes an application key and secret as the higher tier, but not as a user', async () => {
    for (const res of [
      await get(`/releases/1?key=${client.key}&secret=${client.secret}`),
      await get('/releases/1').set('Authorization', `Service key=${client.key}, secret=${client.secret}`),
    ]) {
      expect(res.headers['x-service-ratelimit']).to.equal('60');
      expect(res.status).to.be.oneOf([200, 404]);
    }
    const identity = await get('/oauth/identity').set('Authorization', `Service key=${client.key}, secret=${client.secret}`);
    expect401(identity, 'You must authenticate to access this resource.', '60');
  });

  it('refuses anonymous callers of /oauth/identity with 401 and the realm', async () => {
    expect401(await get('/oauth/identity'), 'You must authenticate to access this resource.');
  });

  it('refuses credentials that are wrong, revoked or malformed with 401, never as anonymous', async () => {
    expect401(await get('/releases/1?token=nope'), 'Invalid or revoked personal access token.');
    expect401(await get('/releases/1').set('Authorization', 'Service token=nope'), 'Invalid or revoked personal access token.');
    expect401(await get(`/releases/1?key=${client.key}&secret=wrong`), 'Invalid consumer key or secret.');
    expect401(await get(`/releases/1?key=unknown&secret=${client.secret}`), 'Invalid consumer key or secret.');
    expect401(await get(`/releases/1?key=${client.key}`), 'A consumer key needs its secret in the query, and a secret its key.');
    expect401(await get('/releases/1?token='), 'The token in the query is empty.');
    expect401(await get(`/releases/1?token=${alice.token}&token=${alice.token}`), 'Each of key, secret and token may be given once.');
    expect401(await get('/releases/1').set('Authorization', 'Bearer abc'), 'The Authorization header\'s scheme must be Service or OAuth.');
    expect401(await get('/releases/1').set('Authorization', 'OAuth oauth_consumer_key=k'), 'The OAuth Authorization header cannot be read: name="value" pairs, comma-separated.');
    // An OAuth request missing a parameter is malformed (400, RFC 5849 §3.2), counted by the rate limit all the same.
    const incomplete = await get('/releases/1').set('Authorization', 'OAuth oauth_consumer_key="k", oauth_signature="s%26"');
    expect([incomplete.status, incomplete.body]).to.deep.equal([400, { message: 'Missing oauth_signature_method.' }]);
    expect(incomplete.headers['x-service-ratelimit']).to.equal('25');
    expect401(await get('/releases/1').set('Authorization', 'Service'), 'The Authorization header must read "Service token=…" or "Service key=…, secret=…".');
    expect401(await get('/releases/1').set('Authorization', 'Service user=x'), 'Unknown field user in the Authorization header.');
    expect401(
      await get(`/releases/1?token=${bob.token}`).set('Authorization', `Service token=${alice.token}`),
      'Send one credential: the query and the Authorization header name different ones.',
    );
    const revoked = await aUser(container, 'carol');
    expect((await get(`/oauth/identity?token=${revoked.token}`)).status).to.equal(200);
    await container.get(IDENTITY.RevokePersonalToken).execute({ user: 'carol', tokenId: revoked.tokenId });
    expect401(await get(`/oauth/identity?token=${revoked.token}`), 'Invalid or revoked personal access token.');
  });

  it('keeps the same token and key in the query and the header as one credential', async () => {
    const res = await get(`/oauth/identity?token=${alice.token}`).set('Authorization', `Service token=${alice.token}`);
    expect(res.status).to.equal(200);
  });

  it('rate limits refused credentials in the anonymous tier, so tokens cannot be guessed faster than anything else', async () => {
    const limited = testContainer(db, { RATE_LIMIT_ANONYMOUS: '3' }).get(HTTP.HttpApp) as unknown as Koa;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await request(limited.callback()).get(`/releases/1?token=guess${i}`).set('User-Agent', AGENT);
      statuses.push(res.status);
    }
    expect(statuses).to.deep.equal([401, 401, 401, 429, 429]);
  });
});
