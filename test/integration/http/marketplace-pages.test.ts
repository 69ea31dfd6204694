import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import request from 'supertest';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { IDENTITY } from '../../../composition/identity/identity-tokens.js';
import { apiAs } from '../../support/api-as.js';
import { signedIn } from '../../support/browser.js';
import { aCredit, aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, anApplication, emptyIdentity, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { loadTestRates, makeSeller, setListingStatus } from '../../support/listing-fixtures.js';
import { testContainer, WEB_URL } from '../../support/test-app.js';
import { openTestStorage, type TestStorage } from '../../support/test-storage.js';

const CHROMIUM = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('Web site: the marketplace pages (a listing, a seller\'s inventory)', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let container: Container;
  let app: Koa;
  let sam: TestUser;
  let bea: TestUser;
  let client: TestApplication;
  let forSale: number;
  let draft: number;

  before(async () => {
    db = await openTestStorage();
    container = testContainer(db, { RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000', RATE_LIMIT_PAGES: '100000' });
    app = container.get(HTTP.HttpApp) as unknown as Koa;
    await emptyIdentity(db);
    sam = await aUser(container, 'mp-sam');
    bea = await aUser(container, 'mp-bea');
    client = await anApplication(container, 'mp-sam', 'Pages App');
    await seedCatalogue(db, {
      releases: [
        aRelease(301, { title: 'Sold Here', artists: [aCredit(1, 'Alpha')], formats: [{ name: 'Vinyl', qty: '1', text: '', descriptions: ['LP'] }] }),
        aRelease(302, { title: 'Kept Back', artists: [aCredit(1, 'Alpha')] }),
      ],
    });
    await makeSeller(container, sam.id, 'USD', { payment: '[b]PayPal[/b] only', shipping: 'From Berlin' });
    await container.get(IDENTITY.UserRepository).updateProfile(bea.id, { currency: 'EUR' });
    await loadTestRates(container);
    const api = apiAs(app, client)(sam);
    const made = await api.post('/marketplace/listings', { release_id: 301, condition: 'Mint (M)', sleeve_condition: 'Near Mint (NM or M-)', price: 20, status: 'For Sale', comments: 'Played [i]once[/i]', location: 'Shelf 3' });
    forSale = (made.body as { listing_id: number }).listing_id;
    const other = await api.post('/marketplace/listings', { release_id: 302, condition: 'Good (G)', price: 5, status: 'Draft' });
    draft = (other.body as { listing_id: number }).listing_id;
  });
  after(() => db.close());

  const page = (path: string, status = 200) =>
    request(app.callback()).get(path).set('User-Agent', CHROMIUM).set('Accept', 'text/html').expect(status).expect('Content-Type', 'text/html; charset=utf-8');
  const links = (html: string): string[] => [...html.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

  it('a listing\'s `uri` opens its page: price, conditions, the seller\'s terms as the html format writes them, links to the release and the inventory', async () => {
    const api = (await apiAs(app, client)('anonymous').get(`/marketplace/listings/${forSale}`)).body as { uri: string };
    expect(api.uri).to.equal(`${WEB_URL}/sell/item/${forSale}`);
    const res = await page(`/sell/item/${forSale}`);
    expect(res.text).to.include('<strong>$20.00</strong>');
    expect(res.text).to.include('Near Mint (NM or M-)');
    expect(res.text).to.include('<b>PayPal</b> only');
    expect(res.text).to.include('Played <i>once</i>');
    expect(res.text).not.to.include('Shelf 3');
    const hrefs = links(res.text);
    expect(hrefs.some((h) => h.startsWith(`${WEB_URL}/release/301`))).to.equal(true);
    expect(hrefs).to.include(`${WEB_URL}/seller/mp-sam`);
  });

  it('the price is in the viewer\'s currency (their profile\'s, or the one asked for), with the seller\'s own beside it', async () => {
    const asBea = await signedIn(app, bea.name, bea.password);
    const res = await asBea.get(`/sell/item/${forSale}`);
    expect(res.status).to.equal(200);
    expect(res.text).to.include('<strong>€16.00</strong>');
    expect(res.text).to.include('the seller asks $20.00');
    const asked = await page(`/sell/item/${forSale}?curr_abbr=gbp`);
    expect(asked.text).to.include('<strong>£10.00</strong>');
    const refused = await page(`/sell/item/${forSale}?curr_abbr=XYZ`, 422);
    expect(refused.text).to.include('curr_abbr');
  });

  it('the seller sees their private fields and their drafts; others get the 404 page for a draft, a bad id or an unknown one', async () => {
    const asSam = await signedIn(app, sam.name, sam.password);
    const own = await asSam.get(`/sell/item/${forSale}`);
    expect(own.text).to.include('Shelf 3');
    expect((await asSam.get(`/sell/item/${draft}`)).status).to.equal(200);
    await page(`/sell/item/${draft}`, 404);
    await page('/sell/item/abc', 404);
    await page('/sell/item/99999999', 404);
  });

  it('the inventory page: For Sale listings for everyone, every status with a status filter for the owner, sort and currency', async () => {
    const anonymous = await page('/seller/mp-sam');
    expect(links(anonymous.text)).to.include(`${WEB_URL}/sell/item/${forSale}`);
    expect(links(anonymous.text)).not.to.include(`${WEB_URL}/sell/item/${draft}`);
    expect(anonymous.text).not.to.include('name="status"');
    const asSam = await signedIn(app, sam.name, sam.password);
    const own = await asSam.get('/seller/mp-sam?status=Draft');
    expect(links(own.text)).to.include(`${WEB_URL}/sell/item/${draft}`);
    expect(links(own.text)).not.to.include(`${WEB_URL}/sell/item/${forSale}`);
    expect(own.text).to.include('<option value="Draft" selected>');
    const yen = await page('/seller/mp-sam?curr_abbr=JPY&sort=price&sort_order=desc');
    expect(yen.text).to.include('¥3,000');
    await page('/seller/nobody-here', 404);
    await page('/seller/mp-sam?page=5', 404);
    await page('/seller/mp-sam?status=Nope', 422);
  });

  it('a listing no longer for sale leaves the inventory and answers the 404 page to others', async () => {
    const id = (await apiAs(app, client)(sam).post('/marketplace/listings', { release_id: 302, condition: 'Good (G)', price: 7, status: 'For Sale' })).body as { listing_id: number };
    await page(`/sell/item/${id.listing_id}`);
    await setListingStatus(container, id.listing_id, 'Sold');
    await page(`/sell/item/${id.listing_id}`, 404);
    expect(links((await page('/seller/mp-sam')).text)).not.to.include(`${WEB_URL}/sell/item/${id.listing_id}`);
  });
});
