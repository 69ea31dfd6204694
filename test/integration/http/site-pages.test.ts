import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import request from 'supertest';
import { createHttpApp } from '../../../adapters/http/app.js';
import type { RouteModule } from '../../../adapters/http/route-module.js';
import type { Logger } from '../../../application/ports/logger.js';
import type { Config } from '../../../composition/config.js';
import { CORE } from '../../../composition/core/core-tokens.js';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { RATE_LIMIT } from '../../../composition/rate-limit/rate-limit-tokens.js';
import { signedIn } from '../../support/browser.js';
import { aUser, emptyIdentity, type TestUser } from '../../support/identity-fixtures.js';
import { AGENT, testContainer } from '../../support/test-app.js';
import { openTestStorage, type TestStorage } from '../../support/test-storage.js';

const CHROMIUM = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const NAVIGATE = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('Web site: pages are pages (HTML for every status, no User-Agent rule, their own rate limit)', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let alice: TestUser;

  before(async () => {
    db = await openTestStorage();
    await emptyIdentity(db);
    alice = await aUser(testContainer(db), 'site-alice');
  });
  after(() => db.close());

  const appOf = (env: Record<string, string> = {}): Koa => testContainer(db, env).get(HTTP.HttpApp) as unknown as Koa;
  const browse = (app: Koa, path: string) => request(app.callback()).get(path).set('User-Agent', CHROMIUM).set('Accept', NAVIGATE);

  it('answers a browser on a path outside the API with the designed 404 page, an API client with the JSON 404', async () => {
    const app = appOf({ SITE_NAME: 'Groove Shelf' });
    for (const path of ['/nope', '/sell/item/1', '/user/site-alice/nope']) {
      const res = await browse(app, path).expect(404).expect('Content-Type', 'text/html; charset=utf-8');
      expect(res.text, path).to.include('<title>Page not found · Groove Shelf</title>');
      expect(res.text, path).to.include('The requested resource was not found.');
      expect(res.text, path).to.match(/<a href="https:\/\/www\.spindle\.test\/"[^>]*>/);
      expect(res.headers['content-security-policy'], path).to.include("default-src 'self'");
    }
    const api = await request(app.callback()).get('/nope').set('User-Agent', AGENT).expect(404).expect('Content-Type', /application\/json/);
    expect(api.text).to.equal('{"message": "The requested resource was not found."}');
  });

  it('does not hold a browser to the User-Agent rule on an API path: a resource_url opened in a tab is its JSON', async () => {
    const app = appOf();
    const res = await browse(app, '/releases/1');
    expect(res.status).to.be.oneOf([200, 404]);
    expect(res.headers['content-type']).to.match(/^application\/json/);
    // Without a browser's Accept the rule stands.
    expect((await request(app.callback()).get('/releases/1').set('User-Agent', CHROMIUM)).status).to.equal(403);
  });

  it('answers 405 and 413 on a page path with the page, and keeps Allow', async () => {
    const app = appOf();
    const wrong = await request(app.callback()).delete('/signin').set('User-Agent', CHROMIUM).expect(405).expect('Content-Type', 'text/html; charset=utf-8');
    expect(wrong.headers.allow).to.match(/GET/);
    expect(wrong.text).to.include('The method is not allowed for the requested URL.');
    const big = await request(app.callback())
      .post('/signin')
      .set('User-Agent', CHROMIUM)
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send(`username=${'x'.repeat(40_000)}`);
    expect(big.status).to.equal(413);
    expect(big.headers['content-type']).to.equal('text/html; charset=utf-8');
    expect(big.text).to.include('<h1>');
  });

  it('answers a failure no one expected (a 500) on a page path with the page and the logged code', async () => {
    const container: Container = testContainer(db);
    const broken: RouteModule = {
      isWebPage: (path) => path === '/broken',
      register: (router) => router.get('/broken', () => Promise.reject(new Error('the template blew up'))),
    };
    const app = createHttpApp({
      settings: container.get(CORE.Config) as Config,
      logger: container.get(CORE.Logger) as Logger,
      rateLimitStore: container.get(RATE_LIMIT.Store),
      routes: [broken],
    }).koa as unknown as Koa;
    const res = await request(app.callback()).get('/broken').expect(500).expect('Content-Type', 'text/html; charset=utf-8');
    expect(res.text).to.match(/An internal server error occurred\. \(code: [0-9a-f]{12}\)/);
    expect(res.text).not.to.include('blew up');
  });

  it('counts pages in a bucket of their own, per address or per signed-in person, and never counts the stylesheet', async () => {
    const app = appOf({ RATE_LIMIT_PAGES: '3', RATE_LIMIT_ANONYMOUS: '2' });
    for (let i = 0; i < 5; i++) await request(app.callback()).get('/web.css').expect(200);
    for (let i = 0; i < 3; i++) await browse(app, '/signin').expect(200);
    const refused = await browse(app, '/signin').expect(429).expect('Content-Type', 'text/html; charset=utf-8');
    expect(Number(refused.headers['retry-after'])).to.be.within(1, 60);
    expect(refused.text).to.include('You are making requests too quickly.');
    // The API's bucket is untouched by the pages.
    const api = await request(app.callback()).get('/releases/1').set('User-Agent', AGENT);
    expect(api.headers['x-service-ratelimit-used']).to.equal('1');
    // A signed-in person has a bucket of their own, not the address's.
    const roomy = appOf({ RATE_LIMIT_PAGES: '3' });
    const browser = await signedIn(roomy, alice.name, alice.password); // two pages from the address: the form and its post
    await browse(roomy, '/signin').expect(200);
    await browse(roomy, '/signin').expect(429);
    // Its first page was the one the sign-in sent it to (the browser follows the 303 as a browser does).
    for (let i = 0; i < 2; i++) expect((await browser.get('/settings/developers')).status).to.equal(200);
    expect((await browser.get('/settings/developers')).status).to.equal(429);
  });

  it('never refuses a person opening 60 pages a minute with the default limit, signed in or not, and refuses a scraper past it', async () => {
    const app = appOf({ TRUST_PROXY: 'true' });
    const limit = testContainer(db).get<Config>(CORE.Config).rateLimit.pagesPerWindow;
    const from = (address: string, path: string) => browse(app, path).set('X-Forwarded-For', address);
    // A scraper on one address, at the default limit: refused once past it.
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) statuses.push((await from('203.0.113.9', i % 2 === 0 ? '/signin' : '/nope')).status);
    expect(statuses.slice(0, limit).every((s) => s === 200 || s === 404), 'the scraper’s pages up to the limit').to.equal(true);
    expect(statuses[limit], 'the scraper’s page past the limit').to.equal(429);
    // Meanwhile a person on another address, and a signed-in person, each open 60 pages: none refused.
    const person = await signedIn(app, alice.name, alice.password);
    for (let i = 0; i < 60; i++) {
      expect((await from('198.51.100.7', i % 2 === 0 ? '/signin' : '/nope')).status, `the anonymous person's page ${i + 1}`).to.be.oneOf([200, 404]);
      expect((await person.get(i % 2 === 0 ? '/settings/developers' : '/signin')).status, `the signed-in person's page ${i + 1}`).to.equal(200);
    }
  });
});
