import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import type { Browser } from 'playwright-core';
import type { Database } from '../../adapters/persistence/database.js';
import { HTTP } from '../../composition/http/http-tokens.js';
import { aUser, emptyIdentity, type TestUser } from '../support/identity-fixtures.js';
import { testContainer } from '../support/test-app.js';
import { openTestDatabase } from '../support/test-database.js';
import { launchChromium, needChromium } from '../support/chromium.js';


async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * A page on one origin using the API on another, in a real headless Chromium: the browser's own preflights, its own
 * `User-Agent`, the `Authorization` header and a JSON body, and the rate-limit headers read by the page's script.
 */
describe('The API from a page on another origin, in Chromium', function () {
  this.timeout(120_000);
  let db: Database;
  let container: Container;
  let api: http.Server;
  let site: http.Server;
  let apiBase: string;
  let siteBase: string;
  let browser: Browser;
  let user: TestUser;
  const requests: Array<{ method: string; path: string; agent: string }> = [];

  before(async function () {
    needChromium(this);
    db = await openTestDatabase();
    api = http.createServer();
    apiBase = await listen(api);
    // The page's origin differs from the API's by its port (a different origin to the browser).
    site = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>client</title><p>A client of the API</p>');
    });
    siteBase = await listen(site);
    container = testContainer(db, { BASE_URL: apiBase, WEB_URL: apiBase, RATE_LIMIT_AUTHENTICATED: '50' });
    const listener = (container.get(HTTP.HttpApp) as unknown as Koa).callback();
    api.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      requests.push({ method: req.method ?? '', path: req.url ?? '', agent: req.headers['user-agent'] ?? '' });
      listener(req, res);
    });
    await emptyIdentity(db);
    user = await aUser(container, 'cors-user');
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    for (const server of [api, site]) if (server) await new Promise((resolve) => server.close(resolve));
    await db?.close();
  });

  it('reads an authenticated answer and its rate-limit headers, and edits a profile with a JSON body', async () => {
    const page = await browser.newPage();
    await page.goto(siteBase);
    const seen = await page.evaluate(
      async ({ apiBase, token, name }) => {
        const auth = { Authorization: `Service token=${token}` };
        const identity = await fetch(`${apiBase}/oauth/identity`, { headers: auth });
        const edited = await fetch(`${apiBase}/s/${name}`, {
          method: 'POST',
          headers: { ...auth, 'Content-Type': 'application/json' },
          body: JSON.stringify({ location: 'Across origins' }),
        });
        const refused = await fetch(`${apiBase}/s/${name}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
        return {
          identity: { status: identity.status, body: await identity.json(), limit: identity.headers.get('X-Service-Ratelimit'), used: identity.headers.get('X-Service-Ratelimit-Used'), remaining: identity.headers.get('X-Service-Ratelimit-Remaining') },
          edited: { status: edited.status, location: ((await edited.json()) as { location: string }).location },
          refused: { status: refused.status, message: ((await refused.json()) as { message: string }).message, auth: refused.headers.get('WWW-Authenticate') },
        };
      },
      { apiBase, token: user.token, name: user.name },
    );
    expect(seen.identity.status).to.equal(200);
    expect(seen.identity.body).to.include({ username: 'cors-user' });
    expect(seen.identity.limit).to.equal('50');
    expect(Number(seen.identity.used)).to.be.at.least(1);
    expect(Number(seen.identity.remaining)).to.equal(50 - Number(seen.identity.used));
    expect(seen.edited).to.deep.equal({ status: 200, location: 'Across origins' });
    expect(seen.refused).to.deep.equal({ status: 401, message: 'You must authenticate to access this resource.', auth: `OAuth realm="${apiBase}"` });
    // The browser asked first (its preflights, which carry no Authorization) and then sent its own agent.
    const preflights = requests.filter((r) => r.method === 'OPTIONS');
    expect(preflights.map((r) => r.path)).to.include.members(['/oauth/identity', `/s/${user.name}`]);
    expect(requests.find((r) => r.method === 'GET')!.agent).to.match(/^Mozilla\//);
    await page.close();
  });
});
