import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { aCredit, aRelease } from '../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../support/catalogue-seed.js';
import { aUser, emptyIdentity, type TestUser } from '../support/identity-fixtures.js';
import { makeSeller } from '../support/listing-fixtures.js';
import { chromiumSite, expectNoSidewaysScroll, needChromium, phoneSignedIn, type ChromiumSite } from '../support/chromium.js';

/**
 * The seller's side by clicking, at a phone's width (ADR 0059): the seller lists a release from its page and edits the
 * listing; a buyer buys it; the seller finds the order among their sales, invoices the shipping, marks it paid and
 * shipped, and records a refund; the buyer finds it among their purchases. Every page fits 390 px, loads all it asks
 * for and writes nothing on the console.
 */
describe('Seller pages in Chromium at 390 px', function () {
  this.timeout(120_000);
  let site: ChromiumSite;
  let base: string;
  let sam: TestUser;
  let bea: TestUser;

  before(async function () {
    needChromium(this);
    site = await chromiumSite({}, async (db) => {
      await emptyIdentity(db);
      await seedCatalogue(db, {
        releases: [aRelease(501, { title: 'A Long Title That Should Still Fit On A Phone Screen', artists: [aCredit(1, 'Alpha')], formats: [{ name: 'Vinyl', qty: '1', text: '', descriptions: ['LP'] }] })],
      });
    });
    base = site.base;
    sam = await aUser(site.container, 'chrome-seller');
    bea = await aUser(site.container, 'chrome-buyer');
    await makeSeller(site.container, sam.id, 'USD', { payment: 'PayPal', shipping: 'Worldwide' });
  });
  after(() => site?.close());

  const phoneAs = (user: TestUser, problems: string[]): Promise<Page> => phoneSignedIn(site.browser, base, user, problems);

  const fits = (page: Page) => expectNoSidewaysScroll(page, page.url());

  it('list → edit → the buyer buys → the seller invoices, ships and refunds, each page fitting a phone', async () => {
    const problems: string[] = [];
    const seller = await phoneAs(sam, problems);
    await seller.goto(`${base}/release/501`);
    await seller.click('main a:text("Sell a copy")');
    expect(seller.url()).to.equal(`${base}/sell/post/501`);
    await fits(seller);
    await seller.selectOption('select[name=condition]', 'Near Mint (NM or M-)');
    await seller.fill('input[name=price]', '30');
    await seller.fill('textarea[name=comments]', 'Played twice.');
    await seller.click('main button:text("List it")');
    expect(seller.url()).to.match(/\/sell\/item\/\d+\?done=listed$/);
    expect(await seller.textContent('p.notice')).to.equal('Your listing is saved.');
    const listingUrl = seller.url().replace(/\?.*$/, '');
    await fits(seller);

    await seller.click('main a:text("Edit this listing")');
    await fits(seller);
    expect(await seller.inputValue('input[name=price]')).to.equal('30.00');
    await seller.fill('input[name=price]', '27.50');
    await seller.check('input[name=allow_offers]');
    await seller.click('main button:text("Save the listing")');
    expect(await seller.textContent('p.notice')).to.equal('Your changes to the listing are saved.');
    expect(await seller.textContent('dl.facts')).to.include('$27.50');

    const buyer = await phoneAs(bea, problems);
    await buyer.goto(listingUrl);
    await buyer.click('main a:text("Add to cart")');
    await buyer.click('main button:text("Add to cart")');
    await buyer.fill('textarea[name=shipping_address]', 'Bea\n1 Rue Longue\nParis');
    await buyer.click('text=Order from chrome-seller');
    const orderUri = buyer.url();
    expect(orderUri).to.match(/\/sell\/order\/\d+-\d+$/);

    // From the settings, the seller's sub-nav reaches their sales (the signed-in header links them too).
    await seller.goto(`${base}/settings/seller`);
    await seller.click('nav[aria-label=Marketplace] a:text("Sales")');
    expect(seller.url()).to.equal(`${base}/sell/orders`);
    await fits(seller);
    await seller.click(`main table a[href="${orderUri}"]`);
    await seller.fill('input[name=shipping]', '5');
    await seller.click('text=Change the order >> nth=-1');
    expect(await seller.textContent('dl.facts')).to.include('Invoice Sent');
    await seller.selectOption('#status + form select[name=status]', 'Payment Received');
    await seller.click('text=Change the order >> nth=-1');
    await seller.selectOption('#status + form select[name=status]', 'Shipped');
    await seller.click('text=Change the order >> nth=-1');
    expect(await seller.textContent('dl.facts')).to.include('Shipped');
    await seller.fill('input[name=amount]', '5');
    await seller.click('main button:text("Record the refund")');
    expect(await seller.textContent('p.notice')).to.equal('The refund was recorded.');
    expect(await seller.textContent('dl.facts')).to.include('Refund Sent');
    await fits(seller);

    for (const nav of ['Inventory exports', 'Inventory uploads', 'Purchases', 'Seller settings']) {
      await seller.click(`nav[aria-label=Marketplace] a:text("${nav}")`);
      await fits(seller);
    }
    await buyer.click('header a:text("Purchases")'); // the order page's header, in the signed-in layout
    expect(await buyer.locator(`main table a[href="${orderUri}"]`).count()).to.equal(1);
    await fits(buyer);
    expect(problems).to.deep.equal([]);
  });
});
