import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { apiAs } from '../support/api-as.js';
import { aCredit, aRelease } from '../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../support/catalogue-seed.js';
import { aUser, anApplication, emptyIdentity, type TestUser } from '../support/identity-fixtures.js';
import { makeSeller } from '../support/listing-fixtures.js';
import { chromiumSite, expectNoSidewaysScroll, needChromium, phoneSignedIn, type ChromiumSite } from '../support/chromium.js';


/**
 * The marketplace by clicking, at a phone's width: a buyer follows a listing to its seller's inventory and back, puts
 * another in the cart, checks out with an address, and writes to the seller on the order's page; the seller sets the
 * shipping there. Every page fits 390 px and loads all it asks for.
 */
describe('Marketplace pages in Chromium at 390 px', function () {
  this.timeout(120_000);
  let site: ChromiumSite;
  let base: string;
  let sam: TestUser;
  let bea: TestUser;
  let listing = 0;

  before(async function () {
    needChromium(this);
    site = await chromiumSite({}, async (db) => {
      await emptyIdentity(db);
      await seedCatalogue(db, { releases: [aRelease(401, { title: 'A Long Title That Should Still Fit On A Phone Screen', artists: [aCredit(1, 'Alpha')] })] });
    });
    base = site.base;
    const { container, app } = site;
    sam = await aUser(container, 'chrome-sam');
    bea = await aUser(container, 'chrome-bea');
    await makeSeller(container, sam.id, 'USD', { payment: 'PayPal', shipping: 'Worldwide' });
    const as = apiAs(app, await anApplication(container, 'chrome-sam'));
    for (const price of [9, 14]) {
      const made = await as(sam).post('/marketplace/listings', { release_id: 401, condition: 'Very Good Plus (VG+)', price, status: 'For Sale' });
      listing = (made.body as { listing_id: number }).listing_id;
    }
  });
  after(() => site?.close());

  const phoneAs = (user: TestUser, problems: string[]): Promise<Page> => phoneSignedIn(site.browser, base, user, problems);

  async function fits(page: Page): Promise<void> {
    await expectNoSidewaysScroll(page, page.url());
  }

  it('a buyer goes from a listing to the inventory, buys it through the cart, writes on the order page; the seller sets the shipping', async () => {
    const problems: string[] = [];
    const buyer = await phoneAs(bea, problems);
    await buyer.goto(`${base}/sell/item/${listing}`);
    await fits(buyer);
    await buyer.click('text=Everything chrome-sam sells');
    expect(buyer.url()).to.equal(`${base}/seller/chrome-sam`);
    await fits(buyer);
    expect(await buyer.locator('main table tbody tr').count()).to.equal(2);
    await buyer.click(`main table a[href$="/sell/item/${listing}"]`);
    await buyer.click('main a:text("Add to cart")');
    await fits(buyer);
    await buyer.click('main button:text("Add to cart")');
    expect(await buyer.textContent('p.notice')).to.equal('The listing is in your cart.');
    await fits(buyer);
    await buyer.fill('textarea[name=shipping_address]', 'Bea\n1 Rue Longue\nParis');
    await buyer.click('text=Order from chrome-sam');
    expect(buyer.url()).to.match(/\/sell\/order\/\d+-\d+$/);
    const orderUri = buyer.url();
    await fits(buyer);
    // The listing bought is no longer for sale; the other is.
    await buyer.goto(`${base}/seller/chrome-sam`);
    expect(await buyer.locator('main table tbody tr').count()).to.equal(1);
    await buyer.goto(orderUri);
    await buyer.fill('textarea[name=message]', 'Could you send it on Monday?');
    await buyer.click('text=Send message');
    expect(await buyer.textContent('p.notice')).to.equal('Your message was added to the order.');
    expect(await buyer.textContent('#messages + ul')).to.include('Could you send it on Monday?');
    await fits(buyer);

    const seller = await phoneAs(sam, problems);
    await seller.goto(orderUri);
    await seller.fill('input[name=shipping]', 'lots');
    await seller.click('text=Change the order >> nth=-1');
    expect(await seller.getAttribute('input[name=shipping]', 'aria-invalid')).to.equal('true');
    expect(await seller.inputValue('input[name=shipping]')).to.equal('lots');
    // The refused form's page is meant (422), which Chromium reports on its console: that one line alone.
    expect(problems).to.deep.equal(['Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)']);
    problems.length = 0;
    await fits(seller);
    await seller.fill('input[name=shipping]', '6.50');
    await seller.click('text=Change the order >> nth=-1');
    expect(await seller.textContent('p.notice')).to.equal('The order was changed.');
    expect(await seller.textContent('dl.facts')).to.include('Invoice Sent');
    expect(problems).to.deep.equal([]);
  });
});
