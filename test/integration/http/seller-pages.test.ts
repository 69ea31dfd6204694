import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import request from 'supertest';
import { JOBS } from '../../../composition/jobs/jobs-tokens.js';
import { MARKETPLACE } from '../../../composition/marketplace/marketplace-tokens.js';
import { apiAs } from '../../support/api-as.js';
import { Browser, signedIn } from '../../support/browser.js';
import { aCredit, aRelease } from '../../support/builders/catalogue-builders.js';
import type { TestApplication, TestUser } from '../../support/identity-fixtures.js';
import { WEB_URL } from '../../support/test-app.js';
import type { TestStorage } from '../../support/test-storage.js';
import { aMarketApp } from '../../support/market-app.js';

/*
 * The seller's pages (ADR 0059): listing a release from its page, editing a listing, the order lists, refunds on the
 * order page, and the inventory files. Each page calls the API's use case, so each test checks what was stored (through
 * the API or the repository), not only what the page said.
 */
describe('Web site: the seller\'s pages (list, edit, order lists, refunds, inventory files)', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let container: Container;
  let app: Koa;
  let sam: TestUser;
  let bea: TestUser;
  let cal: TestUser;
  let client: TestApplication;

  before(async () => {
    ({ db, container, app, users: [sam, bea, cal], client } = await aMarketApp({
      users: ['sp-sam', 'sp-bea', 'sp-cal'],
      application: 'Seller Pages App',
      seed: {
        releases: [
          aRelease(401, { title: 'First Press', artists: [aCredit(1, 'Alpha')], formats: [{ name: 'Vinyl', qty: '2', text: '', descriptions: ['LP'] }] }),
          aRelease(402, { title: 'Second Press', artists: [aCredit(1, 'Alpha')] }),
        ],
      },
    }));
  });
  after(() => db.close());

  const anonymous = (path: string) => request(app.callback()).get(path).set('Accept', 'text/html');
  const links = (html: string): string[] => [...html.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const listingsOf = async (userId: number) =>
    (await container.get(MARKETPLACE.InventoryPages).page({ sellerId: userId, statuses: null, sort: 'listed', sortOrder: 'asc', offset: 0, limit: 100 })).listings;
  const runJobs = async () => {
    while ((await container.get(JOBS.Worker).runOnce()) !== null);
  };
  const FORM = {
    condition: 'Very Good Plus (VG+)',
    sleeve_condition: 'Very Good (VG)',
    price: '24.50',
    comments: 'Plays [b]clean[/b]',
    allow_offers: 'yes',
    status: 'For Sale',
    external_id: 'SAM-1',
    location: 'Crate 4',
    weight: 'auto',
    format_quantity: 'auto',
  };

  describe('listing a release from its page (/sell/post/{release_id})', () => {
    it('the release page offers "Sell a copy" to a signed-in person alone; the form is theirs alone (visitors sent to sign in)', async () => {
      expect(links((await anonymous('/release/401')).text)).not.to.include(`${WEB_URL}/sell/post/401`);
      const asSam = await signedIn(app, sam.name, sam.password);
      expect(links((await asSam.get('/release/401')).text)).to.include(`${WEB_URL}/sell/post/401`);
      const visitor = await anonymous('/sell/post/401');
      expect(visitor.status).to.equal(302);
      expect(visitor.headers.location).to.equal(`${WEB_URL}/signin?next=${encodeURIComponent('/sell/post/401')}`);
      const form = await asSam.get('/sell/post/401');
      expect(form.status).to.equal(200);
      expect(form.text).to.include('Price, in USD');
      expect(form.text).to.include('Alpha – First Press');
      expect((await asSam.get('/sell/post/999999')).status).to.equal(404);
      expect((await asSam.get('/sell/post/abc')).status).to.equal(404);
    });

    it('someone who is not a seller is sent to their seller settings; the API\'s refusal stands if they post anyway', async () => {
      const asBea = await signedIn(app, bea.name, bea.password);
      const form = await asBea.get('/sell/post/401');
      expect(form.text).to.include('You are not a seller yet');
      expect(links(form.text)).to.include(`${WEB_URL}/settings/seller`);
      expect((await asBea.post('/sell/post/401', FORM)).status).to.equal(403);
      expect(await listingsOf(bea.id)).to.have.length(0);
    });

    it('a seller lists a copy: 303 to the new listing\'s page with a notice, every field stored as the API stores it', async () => {
      const asSam = await signedIn(app, sam.name, sam.password);
      await asSam.get('/sell/post/401');
      const res = await asSam.post('/sell/post/401', FORM);
      expect(res.status).to.equal(303);
      const m = new RegExp(`^${WEB_URL}/sell/item/(\\d+)\\?done=listed$`).exec(String(res.headers.location));
      expect(m, String(res.headers.location)).not.to.equal(null);
      const id = Number(m![1]);
      const page = await asSam.get(`/sell/item/${id}?done=listed`);
      expect(page.text).to.include('Your listing is saved.');
      expect(links(page.text)).to.include(`${WEB_URL}/sell/item/${id}/edit`);
      const api = (await apiAs(app, client)(sam).get(`/marketplace/listings/${id}`)).body as Record<string, unknown>;
      expect(api).to.deep.include({ condition: 'Very Good Plus (VG+)', sleeve_condition: 'Very Good (VG)', comments: 'Plays [b]clean[/b]', allow_offers: true, status: 'For Sale' });
      expect(api).to.deep.include({ external_id: 'SAM-1', location: 'Crate 4', format_quantity: 2 });
      expect(api.price).to.deep.equal({ currency: 'USD', value: 24.5 });
      // The notice is the seller's alone.
      expect((await anonymous(`/sell/item/${id}?done=listed`)).text).not.to.include('Your listing is saved.');
    });

    it('a refused form names every bad field beside it (aria-invalid), keeps the values, stores nothing (422)', async () => {
      const asSam = await signedIn(app, sam.name, sam.password);
      await asSam.get('/sell/post/401');
      const before = (await listingsOf(sam.id)).length;
      const res = await asSam.post('/sell/post/401', { ...FORM, condition: '', price: 'cheap', comments: 'x'.repeat(5001), weight: '-3', location: 'Kept here' });
      expect(res.status).to.equal(422);
      expect(res.text).to.include('condition is required.');
      expect(res.text).to.include('price must be a number');
      expect(res.text).to.include('comments may be at most 5000 characters long');
      expect(res.text).to.include('weight must be a whole number');
      expect(res.text).to.match(/name="price"[^>]*value="cheap" aria-invalid="true" aria-describedby="price-error"/);
      expect(res.text).to.include('value="Kept here"');
      expect(res.text).to.include('id="condition-error"');
      expect((await listingsOf(sam.id)).length).to.equal(before);
    });

    it('bad input: a NUL byte, a forged or missing form token, an oversized body are each a designed page, nothing stored', async () => {
      const asSam = await signedIn(app, sam.name, sam.password);
      await asSam.get('/sell/post/401');
      const before = (await listingsOf(sam.id)).length;
      const nul = await asSam.post('/sell/post/401', { ...FORM, comments: 'a\u0000b' });
      expect(nul.status).to.equal(422);
      expect(nul.text).to.include('U+0000');
      expect(nul.headers['content-type']).to.equal('text/html; charset=utf-8');
      const forged = await asSam.post('/sell/post/401', FORM, { csrf: 'x'.repeat(43) });
      expect(forged.status).to.equal(403);
      expect(forged.text).to.include('This form has expired');
      expect((await asSam.post('/sell/post/401', FORM, { csrf: null })).status).to.equal(403);
      const huge = await asSam.post('/sell/post/401', { ...FORM, comments: 'é'.repeat(60_000) });
      expect(huge.status).to.equal(413);
      expect(huge.headers['content-type']).to.equal('text/html; charset=utf-8');
      expect((await listingsOf(sam.id)).length).to.equal(before);
    });
  });

  describe('editing a listing (/sell/item/{id}/edit)', () => {
    let id = 0;
    let draft = 0;
    before(async () => {
      const api = apiAs(app, client)(sam);
      id = ((await api.post('/marketplace/listings', { release_id: 402, condition: 'Good (G)', price: 8, status: 'For Sale', comments: 'Old text', location: 'Shelf 1' })).body as { listing_id: number }).listing_id;
      draft = ((await api.post('/marketplace/listings', { release_id: 402, condition: 'Good (G)', price: 3, status: 'Draft' })).body as { listing_id: number }).listing_id;
    });

    it('its seller gets the form filled; another user gets the API\'s 403 (For Sale) or 404 (a draft); visitors sign in', async () => {
      const asSam = await signedIn(app, sam.name, sam.password);
      const form = await asSam.get(`/sell/item/${id}/edit`);
      expect(form.status).to.equal(200);
      expect(form.text).to.include('<option value="Good (G)" selected>');
      expect(form.text).to.include('>Old text</textarea>');
      expect(form.text).to.include('value="Shelf 1"');
      expect(form.text).to.include('value="8.00"');
      const asBea = await signedIn(app, bea.name, bea.password);
      expect((await asBea.get(`/sell/item/${id}/edit`)).status).to.equal(403);
      expect((await asBea.get(`/sell/item/${draft}/edit`)).status).to.equal(404);
      expect((await asBea.post(`/sell/item/${id}/edit`, { ...FORM, price: '1' })).status).to.equal(403);
      expect((await anonymous(`/sell/item/${id}/edit`)).status).to.equal(302);
    });

    it('a change is saved through the API\'s edit (303 to the listing with a notice); a refused one is shown again with its reasons, nothing changed', async () => {
      const asSam = await signedIn(app, sam.name, sam.password);
      await asSam.get(`/sell/item/${id}/edit`);
      const refused = await asSam.post(`/sell/item/${id}/edit`, { ...FORM, price: '0', curr_abbr: 'USD' });
      expect(refused.status).to.equal(422);
      expect(refused.text).to.match(/id="price-error" role="alert">[^<]*price/i);
      expect(((await apiAs(app, client)(sam).get(`/marketplace/listings/${id}`)).body as { price: unknown }).price).to.deep.equal({ currency: 'USD', value: 8 });
      const saved = await asSam.post(`/sell/item/${id}/edit`, { ...FORM, price: '9.25', status: 'Draft', location: '', curr_abbr: 'USD' });
      expect(saved.status).to.equal(303);
      expect(saved.headers.location).to.equal(`${WEB_URL}/sell/item/${id}?done=edited`);
      const api = (await apiAs(app, client)(sam).get(`/marketplace/listings/${id}`)).body as Record<string, unknown>;
      expect(api).to.deep.include({ status: 'Draft', condition: 'Very Good Plus (VG+)', location: null });
      expect(api.price).to.deep.equal({ currency: 'USD', value: 9.25 });
      expect((await asSam.get(`/sell/item/${id}?done=edited`)).text).to.include('Your changes to the listing are saved.');
    });
  });

  describe('order lists and refunds', () => {
    const orders: string[] = [];
    before(async () => {
      const api = apiAs(app, client);
      for (const price of [11, 12]) {
        const made = await api(sam).post('/marketplace/listings', { release_id: 401, condition: 'Good (G)', price, status: 'For Sale' });
        const listing = (made.body as { listing_id: number }).listing_id;
        expect((await api(bea).post(`/marketplace/cart/${listing}`)).status).to.equal(201);
        const res = await api(bea).post('/marketplace/checkout', { shipping_address: 'Bea\n1 Road', seller: 'sp-sam' });
        orders.push((res.body as { orders: Array<{ id: string }> }).orders[0]!.id);
      }
      // The first is paid: the seller may record a refund on it.
      expect((await api(sam).post(`/marketplace/orders/${orders[0]}`, { status: 'Payment Received' })).status).to.equal(200);
    });

    it('the seller\'s sales and the buyer\'s purchases, each linking to the order\'s page; a status filter and a sort as the API takes them', async () => {
      const asSam = await signedIn(app, sam.name, sam.password);
      const sales = await asSam.get('/sell/orders');
      expect(sales.status).to.equal(200);
      for (const id of orders) expect(links(sales.text)).to.include(`${WEB_URL}/sell/order/${id}`);
      expect(sales.text).to.include('sp-bea');
      expect(sales.text).to.include('aria-current="page">Sales');
      const paid = await asSam.get('/sell/orders?status=Payment+Received&sort=created&sort_order=desc');
      expect(links(paid.text)).to.include(`${WEB_URL}/sell/order/${orders[0]}`);
      expect(links(paid.text)).not.to.include(`${WEB_URL}/sell/order/${orders[1]}`);
      expect(paid.text).to.include('<option value="Payment Received" selected>');
      expect((await asSam.get('/sell/orders?status=Nope')).status).to.equal(422);
      expect((await asSam.get('/sell/orders?page=9')).status).to.equal(404);
      expect((await asSam.get('/sell/purchases')).text).to.include('No purchases match.');
      const asBea = await signedIn(app, bea.name, bea.password);
      const purchases = await asBea.get('/sell/purchases');
      for (const id of orders) expect(links(purchases.text)).to.include(`${WEB_URL}/sell/order/${id}`);
      expect((await asBea.get('/sell/orders')).text).to.include('No sales match.');
      expect((await anonymous('/sell/orders')).status).to.equal(302);
      expect((await anonymous('/sell/purchases')).status).to.equal(302);
    });

    it('the seller records a refund from the order page (303 with a notice); a bad amount is refused beside the form; the buyer sees no form and is refused', async () => {
      const asSam = await signedIn(app, sam.name, sam.password);
      const page = await asSam.get(`/sell/order/${orders[0]}`);
      expect(page.text).to.include('Record the refund');
      expect((await asSam.get(`/sell/order/${orders[1]}`)).text).not.to.include('Record the refund');
      const tooMuch = await asSam.post(`/sell/order/${orders[0]}/refunds`, { type: 'sent', amount: '500' });
      expect(tooMuch.status).to.equal(422);
      expect(tooMuch.text).to.include('A refund may be at most');
      expect(tooMuch.text).to.include('value="500"');
      const sent = await asSam.post(`/sell/order/${orders[0]}/refunds`, { type: 'sent', amount: '4.00' });
      expect(sent.status).to.equal(303);
      expect(sent.headers.location).to.equal(`${WEB_URL}/sell/order/${orders[0]}?done=refund`);
      const after = await asSam.get(`/sell/order/${orders[0]}?done=refund`);
      expect(after.text).to.include('The refund was recorded.');
      expect(after.text).to.include('Refund Sent');
      const api = (await apiAs(app, client)(sam).get(`/marketplace/orders/${orders[0]}`)).body as { refunds: { sent: unknown } };
      expect(api.refunds.sent).to.deep.equal({ currency: 'USD', value: 4 });
      const asBea = await signedIn(app, bea.name, bea.password);
      expect((await asBea.get(`/sell/order/${orders[0]}`)).text).not.to.include('Record the refund');
      expect((await asBea.post(`/sell/order/${orders[0]}/refunds`, { type: 'sent', amount: '1' })).status).to.equal(403);
      expect((await asSam.post(`/sell/order/${orders[0]}/refunds`, { type: 'sent', amount: '1' }, { csrf: null })).status).to.equal(403);
      const again = (await apiAs(app, client)(sam).get(`/marketplace/orders/${orders[0]}`)).body as { refunds: { sent: unknown } };
      expect(again.refunds.sent).to.deep.equal({ currency: 'USD', value: 4 });
    });
  });

  describe('inventory files (/sell/exports, /sell/uploads)', () => {
    it('an export is asked for, followed on its page by a link, then downloaded; another user gets the 404 page; visitors sign in', async () => {
      const asSam = await signedIn(app, sam.name, sam.password);
      const list = await asSam.get('/sell/exports');
      expect(list.status).to.equal(200);
      expect(list.text).to.include('No exports yet.');
      const asked = await asSam.post('/sell/exports', {});
      expect(asked.status).to.equal(303);
      const path = String(asked.headers.location).slice(WEB_URL.length);
      expect(path).to.match(/^\/sell\/exports\/\d+\?done=export$/);
      const job = path.replace(/\?.*$/, '');
      const pending = await asSam.get(job);
      expect(pending.text).to.include('pending');
      expect(links(pending.text)).to.include(`${WEB_URL}${job}`);
      // One at a time, as the API says.
      const twice = await asSam.post('/sell/exports', {});
      expect(twice.status).to.equal(409);
      expect(twice.text).to.include('id="export-error"');
      await runJobs();
      const done = await asSam.get(job);
      expect(done.text).to.include('success');
      expect(links(done.text)).to.include(`${WEB_URL}${job}/download`);
      const file = await asSam.get(`${job}/download`);
      expect(file.status).to.equal(200);
      expect(file.headers['content-type']).to.equal('text/csv; charset=utf-8');
      expect(file.headers['content-disposition']).to.match(/^attachment; filename=sp-sam-inventory-/);
      expect(file.text).to.include('listing_id');
      const asBea = await signedIn(app, bea.name, bea.password);
      expect((await asBea.get(job)).status).to.equal(404);
      expect((await asBea.get(`${job}/download`)).status).to.equal(404);
      expect((await asSam.get('/sell/exports/abc')).status).to.equal(404);
      expect((await anonymous(job)).status).to.equal(302);
      expect((await anonymous('/sell/exports')).status).to.equal(302);
    });

    it('an upload is checked and applied (303 to its page, results once the job ran); a bad file lists its problems beside the form; a forged token stores nothing', async () => {
      const asSam = await signedIn(app, sam.name, sam.password);
      await asSam.get('/sell/uploads');
      const before = (await listingsOf(sam.id)).length;
      const bad = await asSam.upload('/sell/uploads', { type: 'add' }, { field: 'file', filename: 'bad.csv', contentType: 'text/csv', content: 'release_id,price,media_condition\n401,abc,Mint (M)\n' });
      expect(bad.status).to.equal(422);
      expect(bad.text).to.include('id="upload-error"');
      expect(bad.text).to.include('Row 2');
      const forged = await asSam.upload('/sell/uploads', { type: 'add' }, { field: 'file', filename: 'good.csv', contentType: 'text/csv', content: 'release_id,price,media_condition\n401,5,Mint (M)\n' }, { csrf: 'nope' });
      expect(forged.status).to.equal(403);
      const noType = await asSam.upload('/sell/uploads', { type: 'sideways' }, { field: 'file', filename: 'good.csv', contentType: 'text/csv', content: 'release_id,price,media_condition\n401,5,Mint (M)\n' });
      expect(noType.status).to.equal(422);
      expect((await asSam.get('/sell/uploads')).text).to.include('No uploads yet.');
      const good = await asSam.upload('/sell/uploads', { type: 'add' }, { field: 'file', filename: 'good.csv', contentType: 'text/csv', content: 'release_id,price,media_condition\n401,5,Mint (M)\n' });
      expect(good.status).to.equal(303);
      const job = String(good.headers.location).slice(WEB_URL.length).replace(/\?.*$/, '');
      expect(job).to.match(/^\/sell\/uploads\/\d+$/);
      expect((await asSam.get(job)).text).to.include('Refresh to follow it');
      await runJobs();
      const done = await asSam.get(job);
      expect(done.text).to.include('CSV file contains 1 record.');
      expect(done.text).not.to.include('Refresh to follow it');
      expect((await listingsOf(sam.id)).length).to.equal(before + 1);
      expect(links((await asSam.get('/sell/uploads')).text)).to.include(`${WEB_URL}${job}`);
      const asCal = await signedIn(app, cal.name, cal.password);
      expect((await asCal.get(job)).status).to.equal(404);
      expect((await anonymous('/sell/uploads')).status).to.equal(302);
    });
  });

  it('the seller\'s sub-nav reaches every seller page, from the seller settings too; the signed-in header links sales and purchases', async () => {
    const asSam = await signedIn(app, sam.name, sam.password);
    const settings = await asSam.get('/settings/seller');
    const hrefs = links(settings.text);
    for (const path of ['/sell/orders', '/sell/purchases', '/seller/sp-sam', '/sell/exports', '/sell/uploads', '/settings/seller']) {
      expect(hrefs).to.include(`${WEB_URL}${path}`);
    }
    expect(settings.text).to.include('aria-current="page">Seller settings');
    const browser = new Browser(app);
    expect((await browser.get('/sell/uploads')).status).to.equal(302);
  });
});
