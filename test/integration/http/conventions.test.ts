import { expect } from 'chai';
import type Koa from 'koa';
import request from 'supertest';
import { MAX_PAGE } from '../../../adapters/http/pagination.js';
import { RedisRateLimitStore } from '../../../adapters/rate-limit/redis-rate-limit-store.js';
import { RedisUnavailable } from '../../../adapters/rate-limit/redis-unavailable.js';
import { CATALOGUE_FIXTURES } from '../../support/catalogue-fixtures.js';
import { AGENT, BASE_URL, testApp } from '../../support/test-app.js';
import { openTestStorage, skipInMemory, sqlOf, type TestStorage } from '../../support/test-storage.js';

describe('HTTP conventions (whole application)', () => {
  let db: TestStorage;
  let app: Koa;
  const get = (path: string) => request(app.callback()).get(path).set('User-Agent', AGENT);

  before(async () => {
    db = await openTestStorage(CATALOGUE_FIXTURES);
    app = testApp(db, { RATE_LIMIT_ANONYMOUS: '100000' });
  });
  after(() => db.close());

  describe('User-Agent rule', () => {
    it('refuses a missing or blank agent with 403 and an empty body', async () => {
      const missing = await request(app.callback()).get('/releases/1').unset('User-Agent').expect(403);
      expect(missing.text).to.equal('');
      const blank = await request(app.callback()).get('/releases/1').set('User-Agent', '  ').expect(403);
      expect(blank.text).to.equal('');
    });

    it('refuses a generic agent with 403 and a message naming it and saying what to send instead', async () => {
      for (const [ua, product] of [
        ['python-requests/2.31.0', 'python-requests'],
        ['axios/1.6.0', 'axios'],
        ['Mozilla/5.0 (X11; Linux x86_64)', 'Mozilla'],
        ['Go-http-client/1.1', 'Go-http-client'],
      ] as const) {
        const res = await request(app.callback()).get('/releases/1').set('User-Agent', ua).expect(403);
        expect(res.type, ua).to.equal('application/json');
        expect(res.body.message, ua).to.include(`The User-Agent "${product}" names a generic HTTP client or browser`);
        expect(res.body.message, ua).to.include('MyApp/1.0 +https://example.com');
      }
    });

    it('lets generic agents through when the operator turns the check off', async () => {
      const open = testApp(db, { BLOCK_GENERIC_USER_AGENTS: 'false' });
      await request(open.callback()).get('/releases/1').set('User-Agent', 'python-requests/2.31.0').expect(200);
      await request(open.callback()).get('/releases/1').unset('User-Agent').expect(403);
    });
  });

  describe('errors', () => {
    it('404s unknown paths with the generic message', async () => {
      for (const path of ['/nope', '/releases', '/releases/1/nope', '/database/nothing']) {
        const res = await get(path).expect(404).expect('Content-Type', /application\/json/);
        expect(res.text, path).to.equal('{"message": "The requested resource was not found."}');
      }
    });

    it('405s a PUT, POST or DELETE on a read-only resource, with an Allow header', async () => {
      for (const method of ['put', 'post', 'delete', 'patch'] as const) {
        const res = await request(app.callback())[method]('/artists/1').set('User-Agent', AGENT).expect(405);
        expect(res.headers.allow).to.match(/GET/);
        expect(res.headers.allow).not.to.match(/PUT/);
        expect(res.body.message).to.be.a('string').and.not.equal('');
      }
    });

    it('405s a body sent to a read-only URL without parsing it', async () => {
      const res = await request(app.callback())
        .post('/releases/1')
        .set('User-Agent', AGENT)
        .set('Content-Type', 'application/json')
        .send('{"broken": ')
        .expect(405);
      expect(res.headers.allow).to.match(/GET/);
    });

    it('answers OPTIONS with 204 and the allowed methods', async () => {
      const res = await request(app.callback()).options('/releases/1').set('User-Agent', AGENT).expect(204);
      expect(res.headers.allow).to.match(/GET/);
    });

    it('writes error bodies exactly as {"message": "..."}', async () => {
      const res = await get('/artists/424242').expect(404);
      expect(res.text).to.equal('{"message": "Artist not found."}');
    });

    it('turns an unexpected failure into 500 with a code and no stack trace', async function () {
      skipInMemory(this); // the failure is a table renamed under the running application
      const conn = sqlOf(db).orm.em.getConnection();
      await conn.execute('alter table release rename to release_hidden');
      try {
        const res = await get('/releases/1').expect(500);
        expect(res.body.message).to.match(/^An internal server error occurred\. \(code: [0-9a-f]{12}\)$/);
        expect(res.text).not.to.match(/relation|release_hidden|at |\.js/);
      } finally {
        await conn.execute('alter table release_hidden rename to release');
      }
    });
  });

  describe('path tolerance', () => {
    it('accepts a trailing slash and an empty query string', async () => {
      expect((await get('/releases/1/').expect(200)).body.id).to.equal(1);
      expect((await get('/releases/1?').expect(200)).body.id).to.equal(1);
      expect((await get('/masters/900001/versions/?').expect(200)).body.versions).to.have.length(3);
    });

    it('maps /users/{name} onto the user path segment', async () => {
      const users = await get('/users/someone/nothing-here').expect(404);
      const s = await get('/s/someone/nothing-here').expect(404);
      expect(users.text).to.equal(s.text);
    });
  });

  describe('query parameters', () => {
    it('reads curr_abbr in any letter case, everywhere it is read', async () => {
      for (const path of ['/releases/1', '/masters/900001']) {
        const upper = await get(`${path}?curr_abbr=EUR`).expect(200);
        for (const c of ['eur', 'Eur', 'eUR']) {
          const res = await get(`${path}?curr_abbr=${c}`).expect(200);
          expect(res.body, `${path} ${c}`).to.deep.equal(upper.body);
        }
      }
      const res = await get('/releases/1?curr_abbr=xxx').expect(422);
      expect(res.text).to.equal(
        '{"message": "Invalid curr_abbr: expected one of USD, GBP, EUR, CAD, AUD, JPY, CHF, MXN, BRL, NZD, SEK, ZAR, got \\"xxx\\"."}',
      );
    });

    it('reads a per_page above the maximum as the maximum, however many digits it has', async () => {
      for (const n of ['101', '99999', '99999999999999999999', '9'.repeat(400)]) {
        const res = await get(`/labels/5/releases?per_page=${n}`).expect(200);
        expect(res.body.pagination.per_page, n).to.equal(100);
        expect(res.body.releases, n).to.have.length(9);
      }
    });

    it('answers a page past the end with an empty page, however many digits it has', async () => {
      for (const n of ['10', '999999999', '99999999999999999999']) {
        const res = await get(`/labels/5/releases?per_page=100&page=${n}`).expect(200);
        expect(res.body.releases, n).to.deep.equal([]);
        expect(res.body.pagination, n).to.include({ page: Math.min(Number(n), MAX_PAGE), pages: 1, items: 9 });
        expect(Object.keys(res.body.pagination.urls), n).to.deep.equal(['first', 'prev']);
      }
      const versions = await get('/masters/900001/versions?page=99999999999999999999&per_page=1').expect(200);
      expect(versions.body.versions).to.deep.equal([]);
      const artist = await get('/artists/60/releases?page=99999999999999999999').expect(200);
      expect(artist.body.releases).to.deep.equal([]);
    });

    it('still refuses 0, negative and non-numeric page and per_page with 422', async () => {
      for (const bad of ['page=0', 'page=-5', 'page=1e3', 'page=99999999999999999999x', 'per_page=0', 'per_page=-1', 'per_page=ten']) {
        const res = await get(`/labels/5/releases?${bad}`).expect(422);
        expect(res.body.message, bad).to.match(/^Invalid (page|per_page): expected a whole number of at least 1/);
      }
    });
  });

  describe('absolute URLs', () => {
    it('builds every URL from the configured base URL, never from the Host header', async () => {
      const res = await request(app.callback())
        .get('/masters/900001/versions?per_page=1')
        .set('User-Agent', AGENT)
        .set('Host', 'evil.example')
        .set('X-Forwarded-Host', 'evil.example')
        .expect(200);
      expect(res.text).not.to.include('evil.example');
      expect(res.body.pagination.urls.next).to.match(new RegExp(`^${BASE_URL}/`));
      expect(res.body.versions[0].resource_url).to.match(new RegExp(`^${BASE_URL}/`));
    });
  });

  describe('JSONP', () => {
    it('wraps data and status in a callback as text/javascript', async () => {
      const res = await get('/artists/900100?callback=handle').expect(200).expect('Content-Type', /text\/javascript/);
      const m = /^\/\*\*\/ handle\(([\s\S]*)\)$/.exec(res.text);
      expect(m, res.text.slice(0, 80)).to.not.equal(null);
      const payload = JSON.parse(m![1]!);
      expect(payload.meta.status).to.equal(200);
      expect(payload.data.id).to.equal(900100);
    });

    it('wraps errors too, with the original status in meta and 200 on the wire', async () => {
      const res = await get('/artists/424242?callback=cb').expect(200);
      const payload = JSON.parse(/^\/\*\*\/ cb\(([\s\S]*)\)$/.exec(res.text)![1]!);
      expect(payload).to.deep.include({ data: { message: 'Artist not found.' } });
      expect(payload.meta.status).to.equal(404);
    });

    it('refuses a callback name that could inject script', async () => {
      for (const cb of ['alert(1);x', '<script>', 'a b', 'x"y']) {
        const res = await get(`/releases/1?callback=${encodeURIComponent(cb)}`).expect(422);
        expect(res.headers['content-type']).to.match(/application\/json/);
        expect(res.text).not.to.include(cb);
      }
    });
  });

  describe('media types', () => {
    it('defaults to the markup format and names the chosen one', async () => {
      const res = await get('/labels/900200').expect(200);
      expect(res.headers['x-service-media-type']).to.equal('service.v2; format=service');
      expect(res.body.profile).to.equal('Sister label of [l900201].');
    });

    it('answers each media type with the brand word, falling back to markup for anything else', async () => {
      const cases: Array<[string, string]> = [
        ['application/vnd.service.v2.html+json', 'Sister label of <a href="https://www.spindle.test/label/900201">Beta Music</a>.'],
        ['application/vnd.service.v2.plaintext+json', 'Sister label of Beta Music.'],
        ['application/vnd.service.v2.service+json', 'Sister label of [l900201].'],
        ['application/json', 'Sister label of [l900201].'],
        ['*/*', 'Sister label of [l900201].'],
        ['application/vnd.other.v2.html+json', 'Sister label of [l900201].'],
      ];
      for (const [accept, profile] of cases) {
        const res = await request(app.callback()).get('/labels/900200').set('User-Agent', AGENT).set('Accept', accept).expect(200);
        expect(res.body.profile, accept).to.equal(profile);
      }
    });

    it('uses the configured brand in media types and headers', async () => {
      const discogs = testApp(db, { BRAND: 'Discogs' });
      const res = await request(discogs.callback())
        .get('/labels/900200')
        .set('User-Agent', AGENT)
        .set('Accept', 'application/vnd.discogs.v2.plaintext+json')
        .expect(200);
      expect(res.body.profile).to.equal('Sister label of Beta Music.');
      expect(res.body.contact_info).to.equal('1 Alpha Street\r\nBerlin');
      expect(res.body).not.to.have.property('_info');
      expect(res.headers['x-discogs-ratelimit']).to.equal('25');
      expect(res.headers['x-discogs-media-type']).to.equal('discogs.v2; format=plaintext');
    });
  });

  describe('rate limiting', () => {
    it('sends the three headers on every response and 429 with Retry-After past the limit', async () => {
      const limited = testApp(db, { RATE_LIMIT_ANONYMOUS: '3' });
      const call = (path: string) => request(limited.callback()).get(path).set('User-Agent', AGENT);
      const first = await call('/releases/1').expect(200);
      expect(first.headers).to.include({ 'x-service-ratelimit': '3', 'x-service-ratelimit-used': '1', 'x-service-ratelimit-remaining': '2' });
      const missing = await call('/releases/424242').expect(404);
      expect(missing.headers).to.include({ 'x-service-ratelimit-used': '2', 'x-service-ratelimit-remaining': '1' });
      await call('/nope').expect(404);
      const refused = await call('/releases/1').expect(429);
      expect(refused.text).to.equal('{"message": "You are making requests too quickly."}');
      expect(Number(refused.headers['retry-after'])).to.be.within(1, 60);
      expect(refused.headers).to.include({ 'x-service-ratelimit': '3', 'x-service-ratelimit-remaining': '0' });
    });

    it('counts each source address separately when told to trust the proxy', async () => {
      const limited = testApp(db, { RATE_LIMIT_ANONYMOUS: '1', TRUST_PROXY: 'true' });
      const from = (ip: string) => request(limited.callback()).get('/releases/1').set('User-Agent', AGENT).set('X-Forwarded-For', ip);
      await from('203.0.113.1').expect(200);
      await from('203.0.113.1').expect(429);
      await from('203.0.113.2').expect(200);
    });

    it('shares one window between two instances through Redis', async function () {
      const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
      const prefix = `spindle:test:${process.pid}:${Date.now()}:`;
      let a: RedisRateLimitStore;
      let b: RedisRateLimitStore;
      try {
        a = await RedisRateLimitStore.open(url, { prefix });
        b = await RedisRateLimitStore.open(url, { prefix });
      } catch (error) {
        if (!(error instanceof RedisUnavailable)) throw error;
        console.warn(`      Skipping: ${error.message}`);
        this.skip();
      }
      try {
        const one = testApp(db, { RATE_LIMIT_ANONYMOUS: '3' }, a);
        const two = testApp(db, { RATE_LIMIT_ANONYMOUS: '3' }, b);
        const call = (inst: Koa) => request(inst.callback()).get('/releases/1').set('User-Agent', AGENT);
        await call(one).expect(200);
        const second = await call(two).expect(200);
        expect(second.headers['x-service-ratelimit-used']).to.equal('2');
        await call(one).expect(200);
        await call(two).expect(429);
        await call(one).expect(429);
      } finally {
        await a.close();
        await b.close();
      }
    });
  });
});
