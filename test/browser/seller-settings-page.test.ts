import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { MARKETPLACE } from '../../composition/marketplace/marketplace-tokens.js';
import { CURRENCIES } from '../../domain/marketplace/currency.js';
import { MAX_TERMS_LENGTH } from '../../domain/marketplace/seller.js';
import { aUser, emptyIdentity, type TestUser } from '../support/identity-fixtures.js';
import { AGENT } from '../support/test-app.js';
import { chromiumSite, needChromium, signIn, type ChromiumSite } from '../support/chromium.js';


/** The seller settings page in a real headless Chromium: sign in on the way, become a seller, see a refusal. */
describe('Seller settings page in Chromium', function () {
  this.timeout(120_000);
  let site: ChromiumSite;
  let base: string;
  let user: TestUser;

  before(async function () {
    needChromium(this);
    site = await chromiumSite({ RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000' }, emptyIdentity);
    base = site.base;
    user = await aUser(site.container, 'chrome-seller');
  });
  after(() => site?.close());

  const currencyOf = async () =>
    ((await (await fetch(`${base}/s/${user.name}`, { headers: { 'User-Agent': AGENT, Authorization: `Service token=${user.token}` } })).json()) as { curr_abbr: string }).curr_abbr;

  async function signedInOnThePage(page: Page): Promise<void> {
    await page.goto(`${base}/settings/seller`);
    await page.waitForURL(/\/signin\?next=/);
    await signIn(page, user);
    expect(page.url()).to.equal(`${base}/settings/seller`);
  }

  it('signs in on the way, chooses a currency and writes both terms: a seller, as the profile and the store say', async () => {
    const page = await site.browser.newPage();
    await signedInOnThePage(page);
    expect(await page.textContent('main')).to.include('You are not a seller yet.');
    expect(await page.$$eval('select[name=currency] option', (options) => options.map((o) => o.getAttribute('value')))).to.deep.equal([...CURRENCIES]);
    expect(await page.inputValue('select[name=currency]')).to.equal('USD');

    await page.selectOption('select[name=currency]', 'EUR');
    await page.fill('textarea[name=payment]', '[b]PayPal[/b]\nor bank transfer');
    await page.fill('textarea[name=shipping]', 'From Lyon, tracked.');
    await page.click('button:has-text("Save seller settings")');
    expect(await page.textContent('[role=status]')).to.equal('Saved your currency, payment terms, shipping terms.');
    expect(await page.textContent('main')).to.include('You are a seller');

    await page.reload();
    expect(await page.inputValue('select[name=currency]')).to.equal('EUR');
    expect(await page.inputValue('textarea[name=payment]')).to.equal('[b]PayPal[/b]\nor bank transfer');
    expect(await currencyOf()).to.equal('EUR');
    expect(await site.container.get(MARKETPLACE.SellerRepository).settingsOf(user.id)).to.include({
      paymentTerms: '[b]PayPal[/b]\nor bank transfer',
      shippingTerms: 'From Lyon, tracked.',
    });
    await page.close();
  });

  it('shows the reason beside a refused field, keeps what was typed, and saves nothing', async () => {
    const page = await site.browser.newPage();
    await signedInOnThePage(page);
    // The text box stops typing at the limit; a form sent around it (here: without the attribute) is refused.
    await page.$eval('textarea[name=shipping]', (t) => t.removeAttribute('maxlength'));
    const long = 'y'.repeat(MAX_TERMS_LENGTH + 1);
    await page.fill('textarea[name=shipping]', long);
    await page.selectOption('select[name=currency]', 'JPY');
    const [response] = await Promise.all([page.waitForResponse(`${base}/settings/seller`), page.click('button:has-text("Save seller settings")')]);
    expect(response.status()).to.equal(422);
    expect(await page.textContent('.error[role=alert]')).to.equal('Nothing was saved: correct the fields marked below.');
    expect(await page.textContent('#shipping-error')).to.equal(`Shipping terms may be at most ${MAX_TERMS_LENGTH} characters long, got ${MAX_TERMS_LENGTH + 1}.`);
    expect(await page.$('#payment-error')).to.equal(null);
    expect((await page.inputValue('textarea[name=shipping]')).length).to.equal(MAX_TERMS_LENGTH + 1);
    expect(await page.inputValue('select[name=currency]')).to.equal('JPY');
    expect(await currencyOf()).to.equal('EUR');
    expect((await site.container.get(MARKETPLACE.SellerRepository).settingsOf(user.id))!.shippingTerms).to.equal('From Lyon, tracked.');
    await page.close();
  });
});
