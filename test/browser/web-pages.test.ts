import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { anApplication, emptyIdentity } from '../support/identity-fixtures.js';
import { OAuthClient } from '../support/oauth-client.js';
import { AGENT } from '../support/test-app.js';
import { chromiumSite, needChromium, signIn, submitSignIn, type ChromiumSite } from '../support/chromium.js';


/**
 * The web pages in a real headless Chromium: sign up, sign in, approve and deny an application on the authorize page
 * (the OAuth dance around it driven by node-oauth), revoke it on the connected-applications page, and a personal
 * token made and revoked on the developer page.
 */
describe('Web pages in Chromium', function () {
  this.timeout(120_000);
  let site: ChromiumSite;
  let base: string;

  before(async function () {
    needChromium(this);
    site = await chromiumSite({ RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000' }, emptyIdentity);
    base = site.base;
  });
  after(() => site?.close());

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
    const page = await site.browser.newPage();
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
    await submitSignIn(page, { name: 'chrome-user', password: 'wrong password' });
    expect(await page.textContent('[role=alert]')).to.include('Wrong login name or password.');
    await signIn(page, { name: 'chrome-user', password: 'browser password' });
    expect(page.url()).to.equal(`${base}/settings/developers`);
    await page.close();
  });

  it('approves and denies an application on the authorize page, and revokes it on the connected page', async () => {
    const page = await site.browser.newPage();
    await signUp(page, 'chrome-owner');
    const app = await anApplication(site.container, 'chrome-owner', 'Chromium Client');
    const client = new OAuthClient(base, app);

    // Approve: the page shows the verifier (oob), which the client exchanges.
    const rt = await client.requestToken();
    await page.goto(`${base}/oauth/authorize?oauth_token=${rt.token}`);
    expect(await page.textContent('main')).to.include('Chromium Client asks to act for your account chrome-owner');
    await page.click('button:has-text("Approve")');
    const verifier = (await page.textContent('#verifier'))!.trim();
    const access = await client.accessToken(rt, verifier);
    expect(await client.getJson(`${base}/oauth/identity`, access)).to.include({ username: 'chrome-owner', consumer_name: 'Chromium Client' });

    // Deny: nothing to exchange.
    const denied = await client.requestToken();
    await page.goto(`${base}/oauth/authorize?oauth_token=${denied.token}`);
    await page.click('button:has-text("Deny")');
    expect(await page.textContent('main')).to.include('You denied Chromium Client access to your account.');

    // Revoke on the connected-applications page: the access token stops working.
    await page.goto(`${base}/settings/connected`);
    expect(await page.textContent('main')).to.include('Chromium Client');
    await page.click('button:has-text("Revoke access")');
    expect(await page.textContent('[role=status]')).to.include('Access revoked.');
    expect(await client.status(`${base}/oauth/identity`, access)).to.equal(401);
    await page.close();
  });

  it('sends someone who is not signed in to sign in first, then back to the authorize page', async () => {
    const setup = await site.browser.newPage();
    await signUp(setup, 'chrome-later');
    await setup.close();
    const app = await anApplication(site.container, 'chrome-later', 'Later Client');
    const rt = (await new OAuthClient(base, app, { method: 'PLAINTEXT' }).requestToken()).token;
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/oauth/authorize?oauth_token=${rt}`);
    await page.waitForURL(/\/signin\?next=/);
    await signIn(page, { name: 'chrome-later', password: 'browser password' });
    expect(page.url()).to.equal(`${base}/oauth/authorize?oauth_token=${rt}`);
    expect(await page.textContent('main')).to.include('Later Client asks to act for your account chrome-later');
    await context.close();
  });
});
