import type http from 'node:http';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { RESET_LINK_REFUSED } from '../../application/identity/reset-password.js';
import { aUser, emptyIdentity, type TestUser } from '../support/identity-fixtures.js';
import { MailFolder, resetLinkIn } from '../support/mail-folder.js';
import { OAuthClient } from '../support/oauth-client.js';
import { chromiumSite, expectNoSidewaysScroll, listeningServer, needChromium, phonePage, signIn, submitSignIn, type ChromiumSite } from '../support/chromium.js';

/**
 * Two journeys by clicking, at a phone's width: a forgotten password reset by the mailed link (read from the mail
 * folder the app writes to), after which the new password signs in, the old one does not and the link does not work
 * again; and an application registered on the developer settings page, whose key and secret a client (node-oauth)
 * uses to send the person to the authorize page, and which, approved there, gets its verifier at its callback and an
 * access token that `/oauth/identity` answers for that person.
 */
describe('Journeys in Chromium at 390 px: a password reset, an application registered and authorized', function () {
  this.timeout(120_000);
  let mail: MailFolder;
  let site: ChromiumSite;
  let ada: TestUser;
  let bo: TestUser;

  before(async function () {
    needChromium(this);
    mail = new MailFolder();
    site = await chromiumSite({ RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000', MAIL_DIR: mail.dir }, emptyIdentity);
    ada = await aUser(site.container, 'journey-ada');
    bo = await aUser(site.container, 'journey-bo');
  });
  after(async () => {
    await site?.close();
    mail?.remove();
  });

  const fits = (page: Page) => expectNoSidewaysScroll(page, page.url());

  it('resets a forgotten password by the mailed link: the new password signs in, the old does not, the link works once', async () => {
    const problems: string[] = [];
    const page = await phonePage(site.browser, problems);
    const { base } = site;
    await page.goto(`${base}/signin`);
    await page.click('a:has-text("Forgot your password?")');
    await fits(page);
    await page.getByLabel('Login name or email address').fill(`${ada.name}@example.test`);
    await page.click('button:has-text("Send me a link")');
    expect(await page.textContent('[role=status]')).to.include('a link to choose a new password is on its way');
    const mails = mail.newMails();
    expect(mails.map((m) => [m.to, m.subject])).to.deep.equal([[`${ada.name}@example.test`, 'Reset your Spindle password']]);
    const link = resetLinkIn(mails[0]!.text)!;
    expect(link.origin).to.equal(base);

    await page.goto(link.href);
    await fits(page);
    await page.getByLabel('New password (at least 8 characters)').fill('journey new password');
    await page.getByLabel('New password again').fill('journey new password');
    await page.click('button:has-text("Set the new password")');
    await page.waitForURL(`${base}/settings/password?done=reset`);
    expect(await page.textContent('header')).to.include(`Signed in as ${ada.name}`);

    // The link a second time: the form shows, and sending it is refused.
    await page.goto(link.href);
    await page.getByLabel('New password (at least 8 characters)').fill('journey third password');
    await page.getByLabel('New password again').fill('journey third password');
    await page.click('button:has-text("Set the new password")');
    expect(await page.textContent('#reset-problem')).to.equal(RESET_LINK_REFUSED);
    await fits(page);

    await page.goto(`${base}/settings/password`);
    await page.click('button:has-text("Sign out")');
    await page.goto(`${base}/signin`);
    for (const password of [ada.password, 'journey third password']) {
      await submitSignIn(page, { name: ada.name, password });
      expect(await page.textContent('[role=alert]'), password).to.equal('Wrong login name or password.');
    }
    await signIn(page, { name: ada.name, password: 'journey new password' });
    expect(await page.textContent('header')).to.include(`Signed in as ${ada.name}`);
    // The refusals are meant: the reused link's 422 and the two sign-ins' 401, which Chromium reports; nothing else.
    expect(problems.map((p) => /status of (\d+)/.exec(p)?.[1] ?? p)).to.deep.equal(['422', '401', '401']);
    await page.context().close();
  });

  describe('an application, registered and authorized', () => {
    let client: http.Server;
    let clientBase: string;
    const callbacks: string[] = [];

    before(async () => {
      // The client's own site, where the authorize page sends the person back.
      ({ server: client, base: clientBase } = await listeningServer());
      client.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
        if (req.url?.startsWith('/back')) callbacks.push(req.url);
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end('<!doctype html><title>Journey Client</title><p>Back at the client.</p>');
      });
    });
    after(async () => {
      if (client) await new Promise((resolve) => client.close(resolve));
    });

    it('registers an application on the developer page; its client sends the person to approve it and acts for them', async () => {
      const problems: string[] = [];
      const page = await phonePage(site.browser, problems);
      const { base } = site;
      await page.goto(`${base}/`);
      await page.click('footer a:has-text("Developer settings")');
      await signIn(page, bo);
      expect(page.url()).to.equal(`${base}/settings/developers`);
      await page.getByLabel('Application name').fill('Journey Client');
      await page.getByLabel('Callback URL (optional)').fill(`${clientBase}/back`);
      await page.click('button:has-text("Register an application")');
      expect(await page.textContent('[role=status]')).to.include('Registered Journey Client.');
      await fits(page);
      const key = await page.getByLabel('Consumer key').inputValue();
      const secret = await page.getByLabel('Consumer secret').inputValue();

      const oauth = new OAuthClient(base, { key, secret }, { callback: `${clientBase}/back` });
      const requestToken = await oauth.requestToken();
      expect(requestToken.results).to.deep.include({ oauth_callback_confirmed: 'true' });
      await page.goto(`${base}/oauth/authorize?oauth_token=${requestToken.token}`);
      expect(await page.textContent('main')).to.include(`Journey Client asks to act for your account ${bo.name}`);
      await fits(page);
      await Promise.all([page.waitForURL((u) => u.origin === clientBase && u.pathname === '/back'), page.click('button:has-text("Approve")')]);
      const back = new URL(page.url());
      expect(callbacks).to.deep.equal([`${back.pathname}${back.search}`]);
      expect(back.searchParams.get('oauth_token')).to.equal(requestToken.token);
      const access = await oauth.accessToken(requestToken, back.searchParams.get('oauth_verifier')!);

      expect(await oauth.getJson(`${base}/oauth/identity`, access)).to.deep.equal({
        id: bo.id,
        name: bo.name,
        username: bo.name,
        resource_url: `${base}/s/${bo.name}`,
        consumer_name: 'Journey Client',
      });
      await page.goto(`${base}/settings/connected`);
      expect(await page.textContent('main table')).to.include('Journey Client');
      expect(problems).to.deep.equal([]);
      await page.context().close();
    });
  });
});
