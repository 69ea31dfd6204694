import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import request from 'supertest';
import { handleClientError } from '../../../adapters/http/client-errors.js';
import type { Database } from '../../../adapters/persistence/database.js';
import { CATALOGUE_FIXTURES } from '../../support/catalogue-fixtures.js';
import { AGENT, testApp } from '../../support/test-app.js';
import { openTestDatabase } from '../../support/test-database.js';

const HSTS = 'max-age=31536000';
// (Images also from the API's origin, BASE_URL's: their signed URLs point there.)
const PAGE_POLICY = "default-src 'self'; img-src 'self' https://api.spindle.test; style-src 'self'; form-action 'self' https: http:; frame-ancestors 'none'";

/** Every kind of answer: both lanes, refusals before and after routing, a preflight, JSONP, the probes. */
function answers(app: Koa): Array<[string, () => request.Test]> {
  const r = () => request(app.callback());
  return [
    ['a record (the direct lane)', () => r().get('/releases/1').set('User-Agent', AGENT)],
    ['a list (Koa)', () => r().get('/artists/1/releases').set('User-Agent', AGENT)],
    ['a 404 of the direct lane', () => r().get('/releases/999999').set('User-Agent', AGENT)],
    ['a 404 of an unknown path', () => r().get('/nowhere').set('User-Agent', AGENT)],
    ['a 401', () => r().get('/oauth/identity').set('User-Agent', AGENT)],
    ['a 403 of a missing User-Agent (empty body)', () => r().get('/releases/1').unset('User-Agent')],
    ['a 422', () => r().get('/artists/1/releases?page=x').set('User-Agent', AGENT)],
    ['a 405', () => r().put('/releases/1').set('User-Agent', AGENT)],
    ['a preflight', () => r().options('/releases/1').set('Origin', 'https://a.example').set('Access-Control-Request-Method', 'GET')],
    ['JSONP', () => r().get('/releases/1?callback=cb').set('User-Agent', AGENT)],
    ['a web page', () => r().get('/signin')],
    ['/healthz', () => r().get('/healthz')],
    ['/readyz', () => r().get('/readyz')],
  ];
}

describe('Security headers on every response', () => {
  let db: Database;

  before(async () => {
    db = await openTestDatabase(CATALOGUE_FIXTURES);
  });
  after(() => db.close());

  it('sends X-Content-Type-Options: nosniff and, with an https BASE_URL, HSTS on every kind of answer', async () => {
    const app = testApp(db, { RATE_LIMIT_ANONYMOUS: '100000' });
    for (const [what, send] of answers(app)) {
      const res = await send();
      expect(res.headers['x-content-type-options'], what).to.equal('nosniff');
      expect(res.headers['strict-transport-security'], what).to.equal(HSTS);
    }
  });

  it('sends HSTS on an http BASE_URL only for requests that came over TLS to a trusted proxy (X-Forwarded-Proto)', async () => {
    const plain = testApp(db, { BASE_URL: 'http://api.spindle.test', RATE_LIMIT_ANONYMOUS: '100000' });
    const proxied = testApp(db, { BASE_URL: 'http://api.spindle.test', TRUST_PROXY: 'true', RATE_LIMIT_ANONYMOUS: '100000' });
    for (const path of ['/releases/1', '/artists/1/releases', '/healthz']) {
      const over = (app: Koa, proto?: string) => {
        const req = request(app.callback()).get(path).set('User-Agent', AGENT);
        return proto === undefined ? req : req.set('X-Forwarded-Proto', proto);
      };
      expect((await over(plain)).headers, `${path} plain`).not.to.have.property('strict-transport-security');
      expect((await over(plain, 'https')).headers, `${path}: X-Forwarded-Proto without TRUST_PROXY`).not.to.have.property('strict-transport-security');
      expect((await over(proxied, 'http')).headers, `${path}: proxied over http`).not.to.have.property('strict-transport-security');
      expect((await over(proxied, 'https')).headers['strict-transport-security'], `${path}: proxied over https`).to.equal(HSTS);
      expect((await over(proxied, 'https, http')).headers['strict-transport-security'], `${path}: the first proxy's word`).to.equal(HSTS);
    }
  });

  it('denies framing of web pages, keeping their own policy, and of their redirects and refusals', async () => {
    const app = testApp(db);
    const page = await request(app.callback()).get('/signin');
    expect(page.status).to.equal(200);
    expect(page.headers['x-frame-options']).to.equal('DENY');
    expect(page.headers['content-security-policy']).to.equal(PAGE_POLICY);
    const redirect = await request(app.callback()).get('/settings/developers');
    expect(redirect.status).to.be.oneOf([302, 303]);
    expect(redirect.headers['x-frame-options']).to.equal('DENY');
    expect(redirect.headers['content-security-policy']).to.match(/frame-ancestors 'none'/);
    const refused = await request(app.callback()).get('/oauth/authorize');
    expect(refused.headers['x-frame-options']).to.equal('DENY');
    expect(refused.headers['content-security-policy']).to.match(/frame-ancestors 'none'/);
  });

  it('leaves the API JSON without a page policy (nothing renders it), with nosniff', async () => {
    const res = await request(testApp(db).callback()).get('/artists/1/releases').set('User-Agent', AGENT);
    expect(res.headers).not.to.have.property('x-frame-options');
    expect(res.headers).not.to.have.property('content-security-policy');
  });

  it('sends nosniff on the answers Node’s parser refuses (431 for headers over 16 KiB)', async () => {
    const server = http.createServer(testApp(db).callback());
    server.on('clientError', handleClientError);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/releases/1', headers: { 'User-Agent': AGENT, 'X-Big': 'x'.repeat(17 * 1024) } }, resolve);
        req.on('error', reject);
      });
      res.resume();
      expect(res.statusCode).to.equal(431);
      expect(res.headers['x-content-type-options']).to.equal('nosniff');
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
