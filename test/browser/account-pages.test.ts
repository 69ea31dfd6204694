import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type Koa from 'koa';
import type { Browser } from 'playwright-core';
import type { Database } from '../../adapters/persistence/database.js';
import { HTTP } from '../../composition/http/http-tokens.js';
import { aUser, emptyIdentity, type TestUser } from '../support/identity-fixtures.js';
import { testContainer } from '../support/test-app.js';
import { openTestDatabase } from '../support/test-database.js';
import { expectNoSidewaysScroll, launchChromium, listeningServer, needChromium } from '../support/chromium.js';


/**
 * The account pages in headless Chromium at 390 px: a forgotten password reset by the mailed link (read from the
 * mail folder), every settings page through the sub-nav without sideways scrolling, a password change with a mistake
 * first (the problem beside its field), then the new password signing in.
 */
describe('Account pages in Chromium at 390 px', function () {
  this.timeout(120_000);
  let db: Database;
  let server: http.Server;
  let base: string;
  let browser: Browser;
  let mailDir: string;
  let ada: TestUser;

  before(async function () {
    needChromium(this);
    db = await openTestDatabase();
    mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-mail-'));
    ({ server: server, base: base } = await listeningServer());
    const container = testContainer(db, { BASE_URL: base, WEB_URL: base, RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000', MAIL_DIR: mailDir });
    server.on('request', (container.get(HTTP.HttpApp) as unknown as Koa).callback());
    await emptyIdentity(db);
    ada = await aUser(container, 'chrome-ada');
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    if (server) await new Promise((resolve) => server.close(resolve));
    await db?.close();
    if (mailDir) fs.rmSync(mailDir, { recursive: true, force: true });
  });

  const fits = expectNoSidewaysScroll;

  it('resets a forgotten password by the mailed link, walks the settings sub-nav, and changes the password', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('response', (r) => r.request().resourceType() !== 'document' && r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));

    await page.goto(`${base}/signin`);
    await page.click('a:has-text("Forgot your password?")');
    await fits(page, '/password-reset');
    await page.getByLabel('Login name or email address').fill(`${ada.name}@example.test`);
    await page.click('button:has-text("Send me a link")');
    expect(await page.textContent('[role=status]')).to.include('a link to choose a new password is on its way');
    const [mail] = fs.readdirSync(mailDir).filter((n) => n.endsWith('.eml'));
    const body = fs.readFileSync(path.join(mailDir, mail!), 'utf8').split('\r\n\r\n')[1]!;
    const link = /http\S+\/password-reset\/confirm\?reset=[A-Za-z0-9]+/.exec(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'))![0];

    await page.goto(link);
    await fits(page, 'the reset page');
    await page.getByLabel('New password (at least 8 characters)').fill('chromium reset password');
    await page.getByLabel('New password again').fill('chromium reset password');
    await page.click('button:has-text("Set the new password")');
    await page.waitForURL(`${base}/settings/password?done=reset`);
    expect(await page.textContent('header')).to.include(`Signed in as ${ada.name}`);

    for (const text of ['Profile', 'Email', 'Developer settings', 'Connected applications', 'Password']) {
      await page.click(`nav[aria-label=Settings] a:has-text("${text}")`);
      expect(await page.getAttribute(`nav[aria-label=Settings] a:has-text("${text}")`, 'aria-current'), text).to.equal('page');
      await fits(page, text);
    }

    expect(errors).to.deep.equal([]);
    await page.getByLabel('Current password').fill('not the password');
    await page.getByLabel('New password (at least 8 characters)').fill('chromium changed password');
    await page.getByLabel('New password again').fill('chromium changed password');
    await page.click('button:has-text("Change password")');
    expect(await page.getAttribute('#current_password', 'aria-invalid')).to.equal('true');
    expect(await page.textContent('#current_password-problem')).to.equal('The current password is not right.');
    await fits(page, 'the refused password form');
    // The refusal is meant: Chromium reports the page's 422, and nothing else.
    expect(errors).to.deep.equal(['Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)']);
    errors.length = 0;
    await page.getByLabel('Current password').fill('chromium reset password');
    await page.getByLabel('New password (at least 8 characters)').fill('chromium changed password');
    await page.getByLabel('New password again').fill('chromium changed password');
    await page.click('button:has-text("Change password")');
    expect(await page.textContent('[role=status]')).to.include('Your password is changed');

    await page.click('button:has-text("Sign out")');
    await page.goto(`${base}/signin`);
    await page.getByLabel('Login name').fill(ada.name);
    await page.getByLabel('Password').fill('chromium changed password');
    await page.click('button[type=submit]:has-text("Sign in")');
    await page.waitForURL(`${base}/settings/developers`);
    expect(errors).to.deep.equal([]);
  });
});
