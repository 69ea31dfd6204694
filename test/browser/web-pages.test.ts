import http from 'node:http';
import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import { OAuth } from 'oauth';
import type { Browser, Page } from 'playwright-core';
import type { Database } from '../../adapters/persistence/database.js';
import { HTTP } from '../../composition/http/http-tokens.js';
import { anApplication, emptyIdentity } from '../support/identity-fixtures.js';
import { AGENT, testContainer } from '../support/test-app.js';
import { openTestDatabase } from '../support/test-database.js';
import { launchChromium, listeningServer, needChromium } from '../support/chromium.js';


/**
 * The web pages in a real headless Chromium: sign up, sign in, approve and deny an application on the authorize page
 * (the OAuth dance around it driven by node-oauth), revoke it on the connected-applications page, and a personal
 * token made and revoked on the developer page.
 */
describe('Web pages in Chromium', function () {
  this.timeout(120_000);
  let db: Database;
  let container: Container;
  let server: http.Server;
  let base: string;
  let browser: Browser;

  before(async function () {
    needChromium(this);
    db = await openTestDatabase();
    ({ server: server, base: base } = await listeningServer());
    container = testContainer(db, {
      BASE_URL: base,
      WEB_URL: base,
      RATE_LIMIT_ANONYMOUS: '100000',
      RATE_LIMIT_AUTHENTICATED: '100000',
    });
    server.on('request', (container.get(HTTP.HttpApp) as unknown as Koa).callback());
    await emptyIdentity(db);
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    if (server) await new Promise((resolve) => server.close(resolve));
    await db?.close();
  });

  async function signUp(page: Page, name: string): Promise<void> {
    await page.goto(`${base}/signup`);
    await page.fill('input[name=username]', name);
    await page.fill('input[name=email]', `${name}@example.test`);
    await page.fill('input[name=password]', 'browser password');
    await page.click('button[type=submit]:has-text("Sign up")');
    // Sign-up answers "check your email" (ADR 0064); an unconfirmed account may sign in.
    await page.waitForURL(`${base}/signup/sent?next=%2Fsettings%2Fdevelopers`);
    await page.click('main a:has-text("sign in")');
    await page.fill('input[name=username]', name);
    await page.fill('input[name=password]', 'browser password');
    await page.click('button[type=submit]:has-text("Sign in")');
    await page.waitForURL(`${base}/settings/developers`);
    expect(await page.textContent('header')).to.include(`Signed in as ${name}`);
  }

  it('signs up, generates and revokes a personal token, signs out and in again', async () => {
    const page = await browser.newPage();
    await signUp(page, 'chrome-user');
    await page.fill('input[name=label]', 'made in Chromium');
    await page.click('button:has-text("Generate token")');
    const token = (await page.inputValue('.created .secret')).trim();
    expect(token).to.match(/^[A-Za-z0-9]{40}$/);
    const identity = await fetch(`${base}/oauth/identity`, { headers: { 'User-Agent': AGENT, Authorization: `Service token=${token}` } });
    expect(((await identity.json()) as { consumer_name: string }).consumer_name).to.equal('made in Chromium');
    await page.click('button:has-text("Revoke")');
    expect(await page.textContent('[role=status]')).to.include('Revoked "made in Chromium"');
    const after = await fetch(`${base}/oauth/identity`, { headers: { 'User-Agent': AGENT, Authorization: `Service token=${token}` } });
    expect(after.status).to.equal(401);

    await page.click('button:has-text("Sign out")');
    await page.waitForURL(`${base}/signin`);
    await page.fill('input[name=username]', 'chrome-user');
    await page.fill('input[name=password]', 'wrong password');
    await page.click('button[type=submit]:has-text("Sign in")');
    expect(await page.textContent('[role=alert]')).to.include('Wrong login name or password.');
    await page.fill('input[name=password]', 'browser password');
    await page.click('button[type=submit]:has-text("Sign in")');
    await page.waitForURL(`${base}/settings/developers`);
    await page.close();
  });

  it('approves and denies an application on the authorize page, and revokes it on the connected page', async () => {
    const page = await browser.newPage();
    await signUp(page, 'chrome-owner');
    const app = await anApplication(container, 'chrome-owner', 'Chromium Client');
    const client = new OAuth(`${base}/oauth/request_token`, `${base}/oauth/access_token`, app.key, app.secret, '1.0A', 'oob', 'HMAC-SHA1', 32, { 'User-Agent': AGENT });
    const requestToken = () =>
      new Promise<{ token: string; secret: string }>((resolve, reject) =>
        client.getOAuthRequestToken((err, token, secret) => (err ? reject(err) : resolve({ token, secret }))),
      );

    // Approve: the page shows the verifier (oob), which the client exchanges.
    const rt = await requestToken();
    await page.goto(`${base}/oauth/authorize?oauth_token=${rt.token}`);
    expect(await page.textContent('main')).to.include('Chromium Client asks to act for your account chrome-owner');
    await page.click('button:has-text("Approve")');
    const verifier = (await page.textContent('#verifier'))!.trim();
    const access = await new Promise<{ token: string; secret: string }>((resolve, reject) =>
      client.getOAuthAccessToken(rt.token, rt.secret, verifier, (err, token, secret) => (err ? reject(err) : resolve({ token, secret }))),
    );
    const identity = await new Promise<string>((resolve, reject) =>
      client.get(`${base}/oauth/identity`, access.token, access.secret, (err, data) => (err ? reject(err) : resolve(String(data)))),
    );
    expect(JSON.parse(identity)).to.include({ username: 'chrome-owner', consumer_name: 'Chromium Client' });

    // Deny: nothing to exchange.
    const denied = await requestToken();
    await page.goto(`${base}/oauth/authorize?oauth_token=${denied.token}`);
    await page.click('button:has-text("Deny")');
    expect(await page.textContent('main')).to.include('You denied Chromium Client access to your account.');

    // Revoke on the connected-applications page: the access token stops working.
    await page.goto(`${base}/settings/connected`);
    expect(await page.textContent('main')).to.include('Chromium Client');
    await page.click('button:has-text("Revoke access")');
    expect(await page.textContent('[role=status]')).to.include('Access revoked.');
    const refused = await new Promise<number>((resolve) =>
      client.get(`${base}/oauth/identity`, access.token, access.secret, (err) => resolve((err as { statusCode?: number } | null)?.statusCode ?? 200)),
    );
    expect(refused).to.equal(401);
    await page.close();
  });

  it('sends someone who is not signed in to sign in first, then back to the authorize page', async () => {
    const setup = await browser.newPage();
    await signUp(setup, 'chrome-later');
    await setup.close();
    const app = await anApplication(container, 'chrome-later', 'Later Client');
    const client = new OAuth(`${base}/oauth/request_token`, `${base}/oauth/access_token`, app.key, app.secret, '1.0A', 'oob', 'PLAINTEXT', 32, { 'User-Agent': AGENT });
    const rt = await new Promise<string>((resolve, reject) => client.getOAuthRequestToken((err, token) => (err ? reject(err) : resolve(token))));
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/oauth/authorize?oauth_token=${rt}`);
    await page.waitForURL(/\/signin\?next=/);
    await page.fill('input[name=username]', 'chrome-later');
    await page.fill('input[name=password]', 'browser password');
    await page.click('button[type=submit]:has-text("Sign in")');
    await page.waitForURL(`${base}/oauth/authorize?oauth_token=${rt}`);
    expect(await page.textContent('main')).to.include('Later Client asks to act for your account chrome-later');
    await context.close();
  });
});
