import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import request from 'supertest';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { IDENTITY } from '../../../composition/identity/identity-tokens.js';
import { apiAs } from '../../support/api-as.js';
import { signedIn, type Browser } from '../../support/browser.js';
import { aCredit, aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, anApplication, emptyIdentity, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { marketFixtures } from '../../support/market-fixtures.js';
import { testContainer, WEB_URL } from '../../support/test-app.js';
import { openTestStorage, type TestStorage } from '../../support/test-storage.js';

const CHROMIUM = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** The page's `<header>`. */
const headerOf = (html: string): string => /<header>[\s\S]*?<\/header>/.exec(html)?.[0] ?? '';
/** The links of some markup, `&amp;` read back. */
const hrefs = (html: string): string[] => [...html.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
/** A section of the home page: from its heading to the next one. */
const section = (html: string, heading: string): string => new RegExp(`<h2>${heading}</h2>[\\s\\S]*?(?=<h2>|</main>)`).exec(html)?.[0] ?? '';

describe('Web site: the header of who is signed in, the owner’s navigation, deleted parties, the home page’s listings', function () {
  this.timeout(120_000);
  let db: TestStorage;
  let container: Container;
  let app: Koa;
  let ann: TestUser;
  let sam: TestUser;
  let bea: TestUser;
  let client: TestApplication;
  /** How many times the browser sessions were read (`WebSessions.caller`), counted on the container's own instance. */
  let sessionReads = 0;

  before(async () => {
    db = await openTestStorage();
    container = testContainer(db, { RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000', RATE_LIMIT_PAGES: '100000' });
    const sessions = container.get(IDENTITY.WebSessions);
    const read = sessions.caller.bind(sessions);
    sessions.caller = (cookie) => {
      sessionReads++;
      return read(cookie);
    };
    app = container.get(HTTP.HttpApp) as unknown as Koa;
    await emptyIdentity(db);
    ann = await aUser(container, 'hd-ann');
    sam = await aUser(container, 'hd-sam');
    bea = await aUser(container, 'hd-bea');
    client = await anApplication(container, 'hd-sam', 'Header App');
    await seedCatalogue(db, {
      releases: [
        aRelease(701, { title: 'First Light', artists: [aCredit(71, 'Dawn Chorus')] }),
        aRelease(702, { title: 'Second Wind', artists: [aCredit(72, 'Gale')] }),
        aRelease(703, { title: 'Third Rail', artists: [aCredit(73, 'Metro')] }),
      ],
    });
  });
  after(() => db.close());

  const browse = (path: string) => request(app.callback()).get(path).set('User-Agent', CHROMIUM).set('Accept', 'text/html');

  describe('the header', () => {
    let asAnn: Browser;
    before(async () => {
      asAnn = await signedIn(app, ann.name, ann.password);
    });

    it('shows the anonymous the ways to sign in and none of anyone’s links, on the site’s pages and the form pages alike', async () => {
      for (const path of ['/', '/user/hd-ann', '/signin', '/password-reset', '/nope']) {
        const res = await browse(path);
        const header = headerOf(res.text);
        expect(header, path).to.include(`href="${WEB_URL}/signin"`).and.include(`href="${WEB_URL}/signup"`);
        expect(header, path).not.to.include('Signed in as');
        expect(header, path).not.to.include('/signout');
        expect(header, path).not.to.include('/collection');
        expect(res.headers['cache-control'], path).to.equal('private, no-store');
        expect(res.headers.vary, path).to.match(/\bCookie\b/);
      }
    });

    it('shows a signed-in person who they are and their links on every page (the site’s, the form pages, the message pages), from one read of the session', async () => {
      const you = `${WEB_URL}/user/hd-ann`;
      const mine = [you, `${you}/collection`, `${you}/wants`, `${WEB_URL}/cart`, `${WEB_URL}/sell/orders`, `${WEB_URL}/sell/purchases`, `${WEB_URL}/settings/profile`];
      // The home and a profile (site pages), a collection and someone else's (people pages), the settings and the sales
      // (form pages), an unknown user (the message page), a release.
      for (const path of ['/', '/user/hd-sam', '/user/hd-ann/collection', '/user/hd-sam/wants', '/settings/profile', '/sell/orders', '/user/hd-nobody', '/release/701']) {
        const before = sessionReads;
        const res = await asAnn.get(path);
        expect(sessionReads - before, `session reads of ${path}`).to.equal(1);
        expect(res.status, path).to.be.oneOf([200, 403, 404]);
        const header = headerOf(res.text);
        expect(header, path).to.include('Signed in as <strong>hd-ann</strong>');
        expect(hrefs(header), path).to.include.members(mine);
        expect(header, path).not.to.include(`href="${WEB_URL}/signin"`);
        // The sign-out form carries this session's form token.
        expect(header, path).to.match(new RegExp(`action="${WEB_URL}/signout"[\\s\\S]*name="csrf" value="${asAnn.csrf}"`));
        expect(res.headers['cache-control'], path).to.equal('private, no-store');
        expect(res.headers.vary, path).to.match(/\bCookie\b/);
      }
    });

    it('signs out from the header of any page, after which the header is the anonymous one', async () => {
      const browser = await signedIn(app, bea.name, bea.password);
      const page = await browser.get('/release/702');
      const token = /action="[^"]*\/signout"[\s\S]*?name="csrf" value="([A-Za-z0-9]+)"/.exec(headerOf(page.text))![1]!;
      const out = await browser.post('/signout', {}, { csrf: token });
      expect(out.status).to.equal(303);
      const after = await browser.get('/release/702');
      expect(headerOf(after.text)).not.to.include('Signed in as');
      expect(headerOf(after.text)).to.include(`href="${WEB_URL}/signin"`);
    });
  });

  describe('the owner’s navigation', () => {
    it('collection settings show the settings sub-nav and the records’ sub-nav, each marking the page; seller settings the settings sub-nav', async () => {
      const asAnn = await signedIn(app, ann.name, ann.password);
      const settings = (await asAnn.get('/settings/collection')).text;
      const settingsNav = /<nav aria-label="Settings"[\s\S]*?<\/nav>/.exec(settings)?.[0] ?? '';
      expect(settingsNav).to.include(`<a href="${WEB_URL}/settings/collection" aria-current="page">Collection settings</a>`);
      expect(settingsNav).to.include(`href="${WEB_URL}/settings/profile"`);
      const records = /<nav aria-label="Your records"[\s\S]*?<\/nav>/.exec(settings)?.[0] ?? '';
      expect(hrefs(records)).to.deep.equal([
        `${WEB_URL}/user/hd-ann/collection`,
        `${WEB_URL}/user/hd-ann/wants`,
        `${WEB_URL}/settings/lists`,
        `${WEB_URL}/settings/collection`,
      ]);
      const seller = (await asAnn.get('/settings/seller')).text;
      expect(seller).to.include(`<a href="${WEB_URL}/settings/seller" aria-current="page">Seller settings</a>`);
      expect(/<nav aria-label="Settings"[\s\S]*?<\/nav>/.exec(seller)?.[0]).to.include(`href="${WEB_URL}/settings/delete"`);
    });

    it('shows the records’ sub-nav on the owner’s collection and wantlist, to the owner alone', async () => {
      const asAnn = await signedIn(app, ann.name, ann.password);
      const collection = (await asAnn.get('/user/hd-ann/collection')).text;
      expect(collection).to.include(`<a href="${WEB_URL}/user/hd-ann/collection" aria-current="page">Your collection</a>`);
      expect(collection).to.include(`href="${WEB_URL}/settings/collection"`);
      const wants = (await asAnn.get('/user/hd-ann/wants')).text;
      expect(wants).to.include(`<a href="${WEB_URL}/user/hd-ann/wants" aria-current="page">Your wantlist</a>`);
      // Someone else's collection, and the anonymous: no sub-nav of anyone's records.
      expect((await asAnn.get('/user/hd-sam/collection')).text).not.to.include('aria-label="Your records"');
      expect((await browse('/user/hd-ann/collection')).text).not.to.include('aria-label="Your records"');
    });
  });

  describe('a deleted party on the order pages', () => {
    it('names the deleted buyer “(account deleted)” on the seller’s order page, its log and the sales list; a deleted seller links nowhere', async () => {
      const market = marketFixtures(container);
      await market.seller(sam.id);
      const buyer = await aUser(container, 'hd-gone');
      const listing = await market.list(sam.id, 701, '9.00', 'USD', 'Very Good (VG)');
      const as = apiAs(app, client);
      expect((await as(buyer).post(`/marketplace/cart/${listing.id}`)).status).to.equal(201);
      const ordered = await as(buyer).post('/marketplace/checkout', { shipping_address: 'Gone\n1 Lane', seller: 'hd-sam' });
      expect(ordered.status, ordered.text).to.equal(201);
      const id = (ordered.body as { orders: Array<{ id: string }> }).orders[0]!.id;
      expect((await as(buyer).post(`/marketplace/orders/${id}/messages`, { message: 'Thanks!' })).status).to.equal(201);

      const asSam = await signedIn(app, sam.name, sam.password);
      expect((await asSam.get(`/sell/order/${id}`)).text).not.to.include('account deleted');
      await container.get(IDENTITY.UserRepository).markDeleted(buyer.id, new Date());

      const order = (await asSam.get(`/sell/order/${id}`)).text;
      expect(order).to.include('<dt>Buyer</dt><dd>hd-gone (account deleted)</dd>');
      expect(order).to.match(/hd-gone \(account deleted\)<\/span><br><span class="notes text">Thanks!/);
      expect(hrefs(order)).not.to.include(`${WEB_URL}/user/hd-gone`);
      expect((await asSam.get('/sell/orders')).text).to.include('<td>hd-gone (account deleted)</td>');

      // The other way round: a buyer's order from a seller whose account is gone.
      const seller = await aUser(container, 'hd-closed');
      await market.seller(seller.id);
      const theirs = await market.list(seller.id, 702, '4.00', 'USD');
      expect((await as(bea).post(`/marketplace/cart/${theirs.id}`)).status).to.equal(201);
      const bought = await as(bea).post('/marketplace/checkout', { shipping_address: 'Bea\n2 Road', seller: 'hd-closed' });
      expect(bought.status, bought.text).to.equal(201);
      const boughtId = (bought.body as { orders: Array<{ id: string }> }).orders[0]!.id;
      const asBea = await signedIn(app, bea.name, bea.password);
      expect(hrefs((await asBea.get(`/sell/order/${boughtId}`)).text)).to.include(`${WEB_URL}/seller/hd-closed`);
      await container.get(IDENTITY.UserRepository).markDeleted(seller.id, new Date());
      const page = (await asBea.get(`/sell/order/${boughtId}`)).text;
      expect(page).to.include('<dt>Seller</dt><dd>hd-closed (account deleted)</dd>');
      expect(hrefs(page).filter((h) => h.includes('hd-closed'))).to.deep.equal([]);
      expect((await asBea.get('/sell/purchases')).text).to.include('<td>hd-closed (account deleted)</td>');
    });
  });

  describe('the home page’s listings for sale', () => {
    it('shows the newest listings for sale of every seller, newest first, at most eight, each linking its listing and seller', async () => {
      const market = marketFixtures(container);
      await market.seller(ann.id);
      await market.seller(sam.id);
      const day = (n: number) => new Date(Date.UTC(2026, 11, n));
      // The other tests' listings were all bought: what is for sale is this test's alone.
      const anns = await market.list(ann.id, 701, '12.50', 'USD', 'Near Mint (NM or M-)', 'For Sale', day(5));
      const sams = await market.list(sam.id, 702, '30.00', 'EUR', 'Mint (M)', 'For Sale', day(6));
      await market.list(sam.id, 703, '99.00', 'USD', 'Mint (M)', 'Draft', day(7));
      const home = section((await browse('/')).text, 'Recently listed for sale');
      const items = [...home.matchAll(/<li>[\s\S]*?<\/li>/g)].map((m) => m[0]);
      expect(items[0]).to.include(`<a href="${WEB_URL}/sell/item/${sams.id}">Second Wind</a> by Gale: <strong>€30.00</strong>, Mint (M), from <a href="${WEB_URL}/seller/hd-sam">hd-sam</a>`);
      expect(items[1]).to.include(`<a href="${WEB_URL}/sell/item/${anns.id}">First Light</a> by Dawn Chorus: <strong>$12.50</strong>, Near Mint (NM or M-), from <a href="${WEB_URL}/seller/hd-ann">hd-ann</a>`);
      expect(home).not.to.include('Third Rail');
      for (let n = 0; n < 9; n++) await market.list(ann.id, 703, `${n + 1}.00`, 'USD', 'Good (G)', 'For Sale', day(10 + n));
      const bounded = section((await browse('/')).text, 'Recently listed for sale');
      const links = hrefs(bounded).filter((h) => h.includes('/sell/item/'));
      expect(links).to.have.length(8);
      expect(bounded).to.include('<strong>$9.00</strong>');
      expect(bounded).not.to.include('Second Wind');
      // Every listing it links opens.
      for (const link of links.slice(0, 2)) expect((await browse(link.slice(WEB_URL.length))).status).to.equal(200);
    });
  });
});
