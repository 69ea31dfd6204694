import { expect } from 'chai';
import { aUser, emptyIdentity, type TestUser } from '../support/identity-fixtures.js';
import { chromiumSite, expectNoSidewaysScroll, needChromium, phoneSignedIn, signIn, type ChromiumSite } from '../support/chromium.js';


/**
 * The account pages in headless Chromium at 390 px: every settings page through the sub-nav without sideways
 * scrolling, a password change with a mistake first (the problem beside its field), then the new password signing in.
 * (The forgotten password's reset by the mailed link is a journey of its own: journeys.test.ts.)
 */
describe('Account pages in Chromium at 390 px', function () {
  this.timeout(120_000);
  let site: ChromiumSite;
  let ada: TestUser;

  before(async function () {
    needChromium(this);
    site = await chromiumSite({ RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000' }, emptyIdentity);
    ada = await aUser(site.container, 'chrome-ada');
  });
  after(() => site?.close());

  const fits = expectNoSidewaysScroll;

  it('walks the settings sub-nav and changes the password', async () => {
    const errors: string[] = [];
    const page = await phoneSignedIn(site.browser, site.base, ada, errors);
    await page.goto(`${site.base}/settings/password`);
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
    await page.getByLabel('Current password').fill(ada.password);
    await page.getByLabel('New password (at least 8 characters)').fill('chromium changed password');
    await page.getByLabel('New password again').fill('chromium changed password');
    await page.click('button:has-text("Change password")');
    expect(await page.textContent('[role=status]')).to.include('Your password is changed');

    await page.click('button:has-text("Sign out")');
    await signIn(page, { name: ada.name, password: 'chromium changed password' }, site.base);
    expect(page.url()).to.equal(`${site.base}/settings/developers`);
    expect(errors).to.deep.equal([]);
  });
});
