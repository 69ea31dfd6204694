import { expect } from 'chai';
import type Koa from 'koa';
import request from 'supertest';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { CATALOGUE_FIXTURES } from '../../support/catalogue-fixtures.js';
import { AGENT, testApp, testContainer } from '../../support/test-app.js';
import { openTestStorage, type TestStorage } from '../../support/test-storage.js';

const EXPOSED = [
  'X-Service-Ratelimit',
  'X-Service-Ratelimit-Used',
  'X-Service-Ratelimit-Remaining',
  'X-Service-Media-Type',
  'Retry-After',
  'Link',
  'Location',
  'WWW-Authenticate',
  'X-Request-Id',
  'Content-Disposition',
].join(',');

describe('CORS (whole application)', () => {
  let db: TestStorage;
  let app: Koa;
  const origin = 'https://client.example';

  before(async () => {
    db = await openTestStorage(CATALOGUE_FIXTURES);
    app = testApp(db, { RATE_LIMIT_ANONYMOUS: '100000' });
  });
  after(() => db.close());

  function expectCors(res: request.Response, what: string): void {
    expect(res.headers['access-control-allow-origin'], what).to.equal('*');
    expect(res.headers['access-control-expose-headers'], what).to.equal(EXPOSED);
    expect(res.headers, what).not.to.have.property('access-control-allow-credentials');
  }

  it('lets any origin read API answers, successes and refusals alike, and exposes the rate-limit headers', async () => {
    const cases: Array<[string, request.Test, number]> = [
      ['a record (the direct lane)', request(app.callback()).get('/releases/1'), 200],
      ['a list (Koa)', request(app.callback()).get('/artists/1/releases'), 200],
      ['a 404', request(app.callback()).get('/releases/999999'), 404],
      ['a 404 of an unknown path', request(app.callback()).get('/nowhere'), 404],
      ['a 401', request(app.callback()).get('/oauth/identity'), 401],
      ['a 422', request(app.callback()).get('/artists/1/releases?page=x'), 422],
      ['a 405', request(app.callback()).put('/releases/1'), 405],
    ];
    for (const [what, req, status] of cases) {
      const res = await req.set('User-Agent', AGENT).set('Origin', origin);
      expect(res.status, what).to.equal(status);
      expectCors(res, what);
    }
    // Without an Origin header too: the headers do not depend on who asks.
    expectCors(await request(app.callback()).get('/releases/1').set('User-Agent', AGENT), 'no Origin (direct lane)');
    expectCors(await request(app.callback()).get('/labels/1/releases').set('User-Agent', AGENT), 'no Origin (Koa)');
  });

  it('answers the User-Agent refusals with the CORS headers, so a page can read the message', async () => {
    const missing = await request(app.callback()).get('/releases/1').unset('User-Agent').set('Origin', origin).expect(403);
    expectCors(missing, 'missing agent');
    const generic = await request(app.callback()).get('/releases/1').set('User-Agent', 'curl/8.1').set('Origin', origin).expect(403);
    expectCors(generic, 'generic agent');
    expect(generic.body.message).to.include('MyApp/1.0');
  });

  it("lets a browser's own agent through on a cross-origin request, not without Origin", async () => {
    const browserAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0 Safari/537.36';
    await request(app.callback()).get('/releases/1').set('User-Agent', browserAgent).set('Origin', origin).expect(200);
    await request(app.callback()).get('/artists/1/releases').set('User-Agent', browserAgent).set('Origin', origin).expect(200);
    await request(app.callback()).get('/releases/1').set('User-Agent', browserAgent).expect(403);
    // Not every generic agent: a library's is still refused when it sends an Origin.
    await request(app.callback()).get('/releases/1').set('User-Agent', 'axios/1.6.0').set('Origin', origin).expect(403);
  });

  it('answers a preflight 204 with the methods, headers and max age, with no agent, uncounted', async () => {
    const tight = testApp(db, { RATE_LIMIT_ANONYMOUS: '1' });
    for (let i = 0; i < 3; i++) {
      const res = await request(tight.callback())
        .options('/oauth/identity')
        .unset('User-Agent')
        .set('Origin', origin)
        .set('Access-Control-Request-Method', 'GET')
        .set('Access-Control-Request-Headers', 'authorization')
        .expect(204);
      expect(res.headers['access-control-allow-origin']).to.equal('*');
      expect(res.headers['access-control-allow-methods']).to.equal('GET,HEAD,POST,PUT,DELETE');
      expect(res.headers['access-control-allow-headers']).to.equal('Authorization,Content-Type,Accept,If-Modified-Since,User-Agent,X-Request-Id');
      expect(res.headers['access-control-max-age']).to.equal('86400');
      expect(res.headers).not.to.have.property('x-service-ratelimit');
      expect(res.text).to.equal('');
    }
    // The one request the window holds is still there. (Paths that read no catalogue row: on a PostgreSQL server, a
    // second container on the same database numbers its prepared statements apart from the first's.)
    const first = await request(tight.callback()).get('/nowhere').set('User-Agent', AGENT).expect(404);
    expect(first.headers['x-service-ratelimit-used']).to.equal('1');
  });

  it('keeps the headers on a 429', async () => {
    const tight = testApp(db, { RATE_LIMIT_ANONYMOUS: '1' });
    await request(tight.callback()).get('/nowhere').set('User-Agent', AGENT).expect(404);
    const refused = await request(tight.callback()).get('/nowhere').set('User-Agent', AGENT).set('Origin', origin).expect(429);
    expectCors(refused, '429');
    expect(refused.headers['retry-after']).to.match(/^\d+$/);
  });

  it('gives web pages no CORS headers and leaves their preflights unanswered', async () => {
    const page = await request(app.callback()).get('/signin').set('Origin', origin).expect(200);
    expect(page.headers).not.to.have.property('access-control-allow-origin');
    expect(page.headers).not.to.have.property('access-control-expose-headers');
    const preflight = await request(app.callback())
      .options('/signin')
      .set('Origin', origin)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type');
    expect(preflight.headers).not.to.have.property('access-control-allow-origin');
    expect(preflight.headers).not.to.have.property('access-control-allow-methods');
  });

  it('names the headers by the brand word in the Discogs dialect', async () => {
    const discogs = testContainer(db, { BRAND: 'Discogs', RATE_LIMIT_ANONYMOUS: '100000' }).get(HTTP.HttpApp) as unknown as Koa;
    for (const [path, status] of [['/nowhere', 404], ['/oauth/identity', 401]] as const) {
      const res = await request(discogs.callback()).get(path).set('User-Agent', AGENT).set('Origin', origin).expect(status);
      expect(res.headers['access-control-expose-headers']).to.equal(EXPOSED.replaceAll('X-Service-', 'X-Discogs-'));
      const exposed = res.headers['access-control-expose-headers'].split(',').map((h: string) => h.toLowerCase());
      for (const name of Object.keys(res.headers).filter((h) => h.startsWith('x-discogs-'))) expect(exposed, name).to.include(name);
    }
  });
});
