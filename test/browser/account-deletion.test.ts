import { expect } from 'chai';
import { aUser, anApplication, emptyIdentity } from '../support/identity-fixtures.js';
import { chromiumSite, expectNoSidewaysScroll, needChromium, phonePage, submitSignIn, type ChromiumSite } from '../support/chromium.js';

/**
 * A new person's whole stay, in headless Chromium at 390 px: sign up, register an application and edit it on its page
 * (a refused save first), then delete the account from the settings sub-nav (a refused attempt first: wrong password,
 * box unticked, both shown at once), after which the name no longer signs in and the profile is gone.
 */
describe('Sign up, the application page and account deletion in Chromium at 390 px', function () {
  this.timeout(120_000);
  let site: ChromiumSite;

  before(async function () {
    needChromium(this);
    site = await chromiumSite({ RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000' }, emptyIdentity);
    await aUser(site.container, 'chrome-host');
    await anApplication(site.container, 'chrome-host');
  });
  after(() => site?.close());

  const fits = expectNoSidewaysScroll;

  it('signs up, edits an application on its page, and deletes the account', async () => {
    const errors: string[] = [];
    const page = await phonePage(site.browser, errors);
    const { base } = site;

    await page.goto(`${base}/signup`);
    await page.getByLabel('Login name').fill('chrome-leaver');
    await page.getByLabel('Email').fill('leaver@example.test');
    await page.getByLabel('Password (at least 8 characters)').fill('leaving password');
    await page.click('button:has-text("Sign up")');
    // Sign-up answers "check your email" (ADR 0064); an unconfirmed account may sign in.
    await page.click('main a:has-text("sign in")');
    await page.getByLabel('Login name').fill('chrome-leaver');
    await page.getByLabel('Password').fill('leaving password');
    await page.click('button:has-text("Sign in")');
    await page.waitForURL(`${base}/settings/developers`);

    await page.getByLabel('Application name').fill('Leaving Tool');
    await page.click('button:has-text("Register an application")');
    await page.click('a:has-text("Leaving Tool")');
    await fits(page, 'the application page');
    const key = await page.inputValue('#consumer-key');
    expect(key).to.match(/^[A-Za-z0-9]{20}$/);
    expect(await page.inputValue('#consumer-secret')).to.match(/^[A-Za-z0-9]{32}$/);
    await page.getByLabel('Website (optional)').fill('https://leaving.example/');
    await page.getByLabel('OAuth callback URL (optional; oob for none)').fill('ftp://leaving.example/');
    await page.click('button:has-text("Save")');
    expect(await page.getAttribute('#callback_url', 'aria-invalid')).to.equal('true');
    expect(await page.inputValue('#website_url')).to.equal('https://leaving.example/');
    await fits(page, 'the refused application form');
    await page.getByLabel('OAuth callback URL (optional; oob for none)').fill('https://leaving.example/back');
    await page.click('button:has-text("Save")');
    expect(await page.textContent('[role=status]')).to.include('Saved.');

    await page.click('nav[aria-label=Settings] a:has-text("Delete account")');
    await fits(page, 'the deletion page');
    await page.getByLabel('Your password').fill('not my password');
    // The box is required in the browser; without that check the server still refuses the unticked form.
    await page.locator('#confirm').evaluate((box) => box.removeAttribute('required'));
    await page.click('button:has-text("Delete my account")');
    expect(await page.textContent('#password-problem')).to.equal('The password is not right.');
    expect(await page.getAttribute('#confirm', 'aria-invalid')).to.equal('true');
    await fits(page, 'the refused deletion');
    await page.getByLabel('Your password').fill('leaving password');
    await page.check('#confirm');
    await page.click('button:has-text("Delete my account")');
    await page.waitForURL(`${base}/settings/delete?done=deleted`);
    expect(await page.textContent('main')).to.include('Your account is deleted');
    await fits(page, 'the deleted page');

    const profile = await page.goto(`${base}/user/chrome-leaver`);
    expect(profile!.status()).to.equal(404);
    await page.goto(`${base}/signin`);
    await submitSignIn(page, { name: 'chrome-leaver', password: 'leaving password' });
    expect(await page.textContent('[role=alert]')).to.equal('Wrong login name or password.');
    // The page's own refusals (422 twice, the profile's 404, the sign-in's 401) are meant; nothing else.
    expect(errors.filter((e) => !/status of (422|404|401)/.test(e))).to.deep.equal([]);
  });
});
