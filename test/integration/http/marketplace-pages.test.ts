import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import request from 'supertest';
import { IDENTITY } from '../../../composition/identity/identity-tokens.js';
import { apiAs } from '../../support/api-as.js';
import { signedIn } from '../../support/browser.js';
import { aCredit, aRelease } from '../../support/builders/catalogue-builders.js';
import { aUser, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { setListingStatus } from '../../support/listing-fixtures.js';
import { WEB_URL } from '../../support/test-app.js';
import type { TestStorage } from '../../support/test-storage.js';
import { aMarketApp } from '../../support/market-app.js';

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
    ({ db, container, app, users: [sam, bea], client } = await aMarketApp({
      users: ['mp-sam', 'mp-bea'],
      application: 'Pages App',
      seed: {
        releases: [
          aRelease(301, { title: 'Sold Here', artists: [aCredit(1, 'Alpha')], formats: [{ name: 'Vinyl', qty: '1', text: '', descriptions: ['LP'] }] }),
          aRelease(302, { title: 'Kept Back', artists: [aCredit(1, 'Alpha')] }),
        ],
      },
      terms: { payment: '[b]PayPal[/b] only', shipping: 'From Berlin' },
    }));
    await container.get(IDENTITY.UserRepository).updateProfile(bea.id, { currency: 'EUR' });
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

  it('a release\'s copies for sale: linked from the release page, cheapest first in the viewer\'s currency, each to its listing and seller', async () => {
    const other = (await apiAs(app, client)(sam).post('/marketplace/listings', { release_id: 301, condition: 'Good (G)', price: 3, status: 'For Sale' })).body as { listing_id: number };
    const release = await page('/release/301');
    expect(links(release.text)).to.include(`${WEB_URL}/sell/release/301`);
    const copies = await page('/sell/release/301?curr_abbr=EUR');
    const hrefs = links(copies.text).filter((h) => h.includes('/sell/item/'));
    expect(hrefs.slice(0, 2)).to.deep.equal([`${WEB_URL}/sell/item/${other.listing_id}`, `${WEB_URL}/sell/item/${forSale}`]);
    expect(hrefs).not.to.include(`${WEB_URL}/sell/item/${draft}`);
    expect(copies.text).to.include('€2.40');
    expect(links(copies.text)).to.include(`${WEB_URL}/seller/mp-sam`);
    await apiAs(app, client)(sam).delete(`/marketplace/listings/${other.listing_id}`);
    expect((await page('/sell/release/302')).text).to.include('No copies for sale just now.');
    await page('/sell/release/x', 404);
  });

  it('the seller deletes a listing after a confirmation; anyone else gets the 404 page and nothing is deleted', async () => {
    const made = (await apiAs(app, client)(sam).post('/marketplace/listings', { release_id: 302, condition: 'Poor (P)', price: 1, status: 'For Sale' })).body as { listing_id: number };
    const asSam = await signedIn(app, sam.name, sam.password);
    expect(links((await asSam.get(`/sell/item/${made.listing_id}`)).text)).to.include(`${WEB_URL}/sell/item/${made.listing_id}/delete`);
    const asBea = await signedIn(app, bea.name, bea.password);
    expect((await asBea.get(`/sell/item/${made.listing_id}/delete`)).status).to.equal(404);
    await asBea.get('/cart');
    expect((await asBea.post(`/sell/item/${made.listing_id}/delete`, {})).status).to.equal(403);
    await page(`/sell/item/${made.listing_id}`);
    const confirm = await asSam.get(`/sell/item/${made.listing_id}/delete`);
    expect(confirm.text).to.include('Delete the listing');
    const deleted = await asSam.post(`/sell/item/${made.listing_id}/delete`, {});
    expect(deleted.status).to.equal(303);
    expect(deleted.headers.location).to.equal(`${WEB_URL}/seller/mp-sam?status=All`);
    await page(`/sell/item/${made.listing_id}`, 404);
  });

  it('a listing no longer for sale leaves the inventory and answers the 404 page to others', async () => {
    const id = (await apiAs(app, client)(sam).post('/marketplace/listings', { release_id: 302, condition: 'Good (G)', price: 7, status: 'For Sale' })).body as { listing_id: number };
    await page(`/sell/item/${id.listing_id}`);
    await setListingStatus(container, id.listing_id, 'Sold');
    await page(`/sell/item/${id.listing_id}`, 404);
    expect(links((await page('/seller/mp-sam')).text)).not.to.include(`${WEB_URL}/sell/item/${id.listing_id}`);
  });

  describe('an order\'s page (/sell/order/{id}, the order uri): its two parties, the message log, status, shipping, feedback', () => {
    let orderId = '';
    let uri = '';

    before(async () => {
      const made = await apiAs(app, client)(sam).post('/marketplace/listings', { release_id: 301, condition: 'Very Good (VG)', price: 12, status: 'For Sale' });
      const listing = (made.body as { listing_id: number }).listing_id;
      expect((await apiAs(app, client)(bea).post(`/marketplace/cart/${listing}`)).status).to.equal(201);
      const res = await apiAs(app, client)(bea).post('/marketplace/checkout', { shipping_address: 'Bea Buyer\n2 Low Road\nParis', seller: 'mp-sam' });
      expect(res.status, res.text).to.equal(201);
      const order = (res.body as { orders: Array<{ id: string; uri: string }> }).orders[0]!;
      orderId = order.id;
      uri = order.uri;
    });

    const path = () => uri.slice(WEB_URL.length);

    it('the buyer and the seller each see the order as the API shows it to them; others are refused, visitors sent to sign in', async () => {
      expect(uri).to.equal(`${WEB_URL}/sell/order/${orderId}`);
      const asBea = await signedIn(app, bea.name, bea.password);
      const buyer = await asBea.get(path());
      expect(buyer.status).to.equal(200);
      expect(buyer.text).to.include('2 Low Road');
      expect(buyer.text).to.include('New Order');
      expect(buyer.text).not.to.include('<dt>Fee</dt>');
      expect(links(buyer.text)).to.include(`${WEB_URL}/seller/mp-sam`);
      const asSam = await signedIn(app, sam.name, sam.password);
      const seller = await asSam.get(path());
      expect(seller.text).to.include('<dt>Fee</dt>');
      expect(seller.text).to.include('name="shipping"');
      const anonymous = await request(app.callback()).get(path()).set('User-Agent', CHROMIUM);
      expect(anonymous.status).to.equal(302);
      expect(anonymous.headers.location).to.include('/signin?next=');
      const nat = await aUser(container, 'mp-nat');
      const asNat = await signedIn(app, nat.name, nat.password);
      const other = await asNat.get(path());
      expect(other.status).to.equal(403);
      expect(other.type).to.equal('text/html');
      const unknown = await apiAs(app, client)(nat).get('/marketplace/orders/999-999');
      expect((await asNat.get('/sell/order/999-999')).status).to.equal(unknown.status);
    });

    it('a message: 303 back with a notice, then in the log on both sides; a refused one keeps its text beside the reason; no token, nothing stored', async () => {
      const asBea = await signedIn(app, bea.name, bea.password);
      await asBea.get(path());
      const sent = await asBea.post(`${path()}/messages`, { message: 'Please pack it well <3' });
      expect(sent.status).to.equal(303);
      expect(sent.headers.location).to.equal(`${uri}?done=message`);
      const after = await asBea.get(`${path()}?done=message`);
      expect(after.text).to.include('Your message was added to the order.');
      expect(after.text).to.include('Please pack it well &lt;3');
      const asSam = await signedIn(app, sam.name, sam.password);
      expect((await asSam.get(path())).text).to.include('Please pack it well &lt;3');
      const refused = await asBea.post(`${path()}/messages`, { message: 'x'.repeat(10_001) });
      expect(refused.status).to.equal(422);
      expect(refused.text).to.include('id="message-error"');
      expect(refused.text).to.include('aria-invalid="true"');
      expect(refused.text).to.include('x'.repeat(100));
      const forged = await asBea.post(`${path()}/messages`, { message: 'Forged' }, { csrf: null });
      expect(forged.status).to.equal(403);
      const api = await apiAs(app, client)(bea).get(`/marketplace/orders/${orderId}/messages`);
      expect(JSON.stringify(api.body)).not.to.include('Forged');
    });

    it('the seller sets the shipping (a bad amount refused beside the field), moves the status the API allows; feedback needs a comment unless positive', async () => {
      const asSam = await signedIn(app, sam.name, sam.password);
      await asSam.get(path());
      const bad = await asSam.post(`${path()}/status`, { shipping: 'abc', shipping_method: 'Post' });
      expect(bad.status).to.equal(422);
      expect(bad.text).to.include('id="status-error"');
      expect(bad.text).to.include('value="abc"');
      expect((await asSam.post(`${path()}/status`, { shipping: '4.50', shipping_method: 'Post' })).status).to.equal(303);
      const api = (await apiAs(app, client)(sam).get(`/marketplace/orders/${orderId}`)).body as { status: string; shipping: { value: number }; next_status: string[] };
      expect(api.shipping.value).to.equal(4.5);
      expect(api.status).to.equal('Invoice Sent');
      const page = await asSam.get(path());
      expect(page.text).to.include('$4.50');
      for (const s of api.next_status) expect(page.text).to.include(`<option value="${s.replace(/'/g, '&#39;')}">`);
      expect((await asSam.post(`${path()}/feedback`, { rating: 'positive', comment: '' })).status, 'feedback before shipping').to.equal(422);
      for (const status of ['Payment Received', 'Shipped']) expect((await asSam.post(`${path()}/status`, { status })).status, status).to.equal(303);
      expect(((await apiAs(app, client)(sam).get(`/marketplace/orders/${orderId}`)).body as { status: string }).status).to.equal('Shipped');
      expect((await asSam.get(path())).text).not.to.include('name="shipping"');
      const nope = await asSam.post(`${path()}/feedback`, { rating: 'negative', comment: '' });
      expect(nope.status).to.equal(422);
      expect(nope.text).to.include('id="feedback-error"');
      expect((await asSam.post(`${path()}/feedback`, { rating: 'positive', comment: 'Quick payer' })).status).to.equal(303);
      expect((await asSam.get(path())).text).to.include('From the seller: positive – Quick payer');
    });
  });

  it('the cart: added from the listing page\'s link after a confirmation, taken out, checked out with an address (refused without one) into the order\'s page', async () => {
    const made = await apiAs(app, client)(sam).post('/marketplace/listings', { release_id: 301, condition: 'Fair (F)', price: 2, status: 'For Sale' });
    const id = (made.body as { listing_id: number }).listing_id;
    const asBea = await signedIn(app, bea.name, bea.password);
    const listingPage = await asBea.get(`/sell/item/${id}`);
    expect(links(listingPage.text)).to.include(`${WEB_URL}/cart?add=${id}`);
    const confirm = await asBea.get(`/cart?add=${id}`);
    expect(confirm.text).to.include('Add to cart');
    expect((await asBea.post('/cart/add', { listing: String(id) })).status).to.equal(303);
    const cart = await asBea.get('/cart?done=added');
    expect(cart.text).to.include('The listing is in your cart.');
    expect(links(cart.text)).to.include(`${WEB_URL}/sell/item/${id}`);
    expect((await asBea.post('/cart/remove', { listing: String(id) })).status).to.equal(303);
    expect(links((await asBea.get('/cart')).text)).not.to.include(`${WEB_URL}/sell/item/${id}`);
    await asBea.post('/cart/add', { listing: String(id) });
    await asBea.get('/cart');
    const refused = await asBea.post('/cart/checkout', { seller: 'mp-sam', shipping_address: ' ', additional_instructions: 'Ring twice' });
    expect(refused.status).to.equal(422);
    expect(refused.text).to.include('shipping_address may not be blank.');
    expect(refused.text).to.include('Ring twice');
    const ordered = await asBea.post('/cart/checkout', { seller: 'mp-sam', shipping_address: 'Bea\n3 Side Street', additional_instructions: '' });
    expect(ordered.status).to.equal(303);
    expect(ordered.headers.location).to.match(new RegExp(`^${WEB_URL}/sell/order/`));
    const order = await asBea.get(String(ordered.headers.location).slice(WEB_URL.length));
    expect(order.text).to.include('3 Side Street');
    const own = await signedIn(app, sam.name, sam.password);
    expect((await own.post('/cart/add', { listing: String(forSale) }, { csrf: (await own.get('/cart'), own.csrf) })).status).to.equal(422);
  });
});
