import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import request from 'supertest';
import { IDENTITY } from '../../../composition/identity/identity-tokens.js';
import { MARKETPLACE } from '../../../composition/marketplace/marketplace-tokens.js';
import { PERSISTENCE } from '../../../composition/persistence/persistence-tokens.js';
import { apiAs, type Who } from '../../support/api-as.js';
import { aCredit, aRelease, onLabel } from '../../support/builders/catalogue-builders.js';
import type { TestApplication, TestUser } from '../../support/identity-fixtures.js';
import { makeSeller, setListingStatus } from '../../support/listing-fixtures.js';
import { AGENT, BASE_URL, WEB_URL } from '../../support/test-app.js';
import type { TestStorage } from '../../support/test-storage.js';
import { aMarketApp } from '../../support/market-app.js';

const UNAUTHENTICATED = 'You must authenticate to access this resource.';
const FORBIDDEN = "You don't have permission to access this resource.";
const NOT_FOUND = 'The requested resource was not found.';

describe('Marketplace listings over HTTP', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let container: Container;
  let app: Koa;
  let sam: TestUser;
  let bea: TestUser;
  let nat: TestUser;
  let client: TestApplication;

  before(async () => {
    ({ db, container, app, users: [sam, bea, nat], client } = await aMarketApp({
      users: ['sam', 'bea', 'nat'],
      application: 'Listing App',
      seed: {
        releases: [
          aRelease(201, {
            title: 'First',
            artists: [aCredit(1, 'Alpha')],
            labels: [onLabel(7, 'Lbl', 'CAT-1')],
            released: '1999-03-00',
            formats: [{ name: 'Vinyl', qty: '2', text: '', descriptions: ['12"'] }],
          }),
          aRelease(202, { title: 'Second', artists: [aCredit(1, 'Alpha')], formats: [{ name: 'CD', qty: '1', text: '', descriptions: ['Album'] }] }),
          aRelease(203, { title: 'Blocked' }),
        ],
      },
      terms: { payment: '[b]PayPal[/b] only', shipping: 'From [i]Berlin[/i]' },
      env: { MAX_BODY_BYTES: '20000' },
    }));
    await container.get(IDENTITY.UserRepository).updateProfile(sam.id, { location: 'Germany' });
    await makeSeller(container, bea.id, 'EUR');
    await container.get(PERSISTENCE.UnitOfWork).run(() => container.get(MARKETPLACE.BlockedReleases).setBlocked(203, true, 'test', new Date()));
  });
  after(() => db.close());

  const as = (who: Who) => apiAs(app, client)(who);
  const create = (who: Who, body: unknown) => as(who).post('/marketplace/listings', body);
  const stored = (id: number) => container.get(MARKETPLACE.ListingRepository).byId(id);

  describe('the lifecycle, by the seller and another user', () => {
    let forSale: number;
    let draft: number;

    it('creates a For Sale and a Draft listing (201 with the id and URL), with numbers as text', async () => {
      const res = await create(sam, { release_id: 201, condition: 'Mint (M)', sleeve_condition: 'Near Mint (NM or M-)', price: 12.5, comments: 'Great [b]copy[/b]', allow_offers: true, external_id: 'X-1', location: 'Shelf A', weight: 'auto', format_quantity: 'auto' });
      expect(res.status, res.text).to.equal(201);
      forSale = res.body.listing_id;
      expect(res.body).to.deep.equal({ listing_id: forSale, resource_url: `${BASE_URL}/marketplace/listings/${forSale}` });
      const d = await create(sam, { release_id: '202', condition: 'Good (G)', price: '3.00', status: 'Draft' });
      expect(d.status, d.text).to.equal(201);
      draft = d.body.listing_id;
      const l = (await stored(forSale))!;
      expect(l).to.deep.include({ releaseId: 201, status: 'For Sale', allowOffers: true, weight: 460, formatQuantity: 2, externalId: 'X-1', location: 'Shelf A' });
      expect(l.price.toDecimalString()).to.equal('12.50');
      expect((await stored(draft))!).to.deep.include({ status: 'Draft', allowOffers: false, weight: null, sleeveCondition: null });
    });

    it('shows the seller the whole listing in the API shape and key order', async () => {
      const res = await as(sam).get(`/marketplace/listings/${forSale}`);
      expect(res.status, res.text).to.equal(200);
      const l = (await stored(forSale))!;
      expect(Object.keys(res.body)).to.deep.equal([
        'id', 'resource_url', 'uri', 'status', 'price', 'original_price', 'shipping_price', 'original_shipping_price', 'allow_offers',
        'condition', 'sleeve_condition', 'posted', 'ships_from', 'comments', 'seller', 'release', 'audio', 'weight', 'format_quantity',
        'external_id', 'location', 'quantity', 'in_cart',
      ]);
      expect(res.body).to.deep.include({
        id: forSale,
        resource_url: `${BASE_URL}/marketplace/listings/${forSale}`,
        uri: `${WEB_URL}/sell/item/${forSale}`,
        status: 'For Sale',
        price: { currency: 'USD', value: 12.5 },
        original_price: { curr_abbr: 'USD', curr_id: 1, formatted: '$12.50', value: 12.5 },
        allow_offers: true,
        condition: 'Mint (M)',
        sleeve_condition: 'Near Mint (NM or M-)',
        posted: l.posted.toISOString().replace(/\.\d{3}Z$/, '+00:00'),
        ships_from: 'Germany',
        comments: 'Great [b]copy[/b]',
        audio: false,
        weight: 460,
        format_quantity: 2,
        external_id: 'X-1',
        location: 'Shelf A',
        quantity: 1,
        in_cart: false,
      });
      expect(res.body.seller).to.deep.equal({
        id: sam.id,
        name: 'sam',
        username: 'sam',
        resource_url: `${BASE_URL}/s/sam`,
        url: `${BASE_URL}/s/sam`,
        html_url: `${WEB_URL}/user/sam`,
        uid: sam.id,
        avatar_url: `${BASE_URL}/avatars/sam.svg`,
        min_order_total: 0,
        shipping: 'From [i]Berlin[/i]',
        payment: '[b]PayPal[/b] only',
        stats: { rating: '0', stars: 0, total: 0 },
      });
      expect(res.body.release).to.deep.equal({
        id: 201,
        description: 'Alpha - First (2xVinyl, 12")',
        artist: 'Alpha',
        title: 'First',
        format: '2xVinyl, 12"',
        year: 1999,
        catalog_number: 'CAT-1',
        resource_url: `${BASE_URL}/releases/201`,
        thumbnail: '',
        images: [],
        stats: { community: { in_collection: 0, in_wantlist: 0 }, user: { in_collection: 0, in_wantlist: 0 } },
      });
      expect(res.body).to.deep.include({ shipping_price: {}, original_shipping_price: {} });
    });

    it('shows For Sale to anyone without the owner’s fields, and in_cart only to users', async () => {
      const other = await as(bea).get(`/marketplace/listings/${forSale}`);
      expect(other.status).to.equal(200);
      for (const key of ['weight', 'format_quantity', 'external_id', 'location', 'quantity']) expect(other.body).to.not.have.property(key);
      expect(other.text).to.not.include('Shelf A').and.not.include('X-1');
      expect(other.body.in_cart).to.equal(false);
      const anon = await as('anonymous').get(`/marketplace/listings/${forSale}`);
      expect(anon.status).to.equal(200);
      expect(anon.body).to.not.have.property('in_cart');
      expect(anon.body).to.not.have.property('external_id');
      expect((await as('app').get(`/marketplace/listings/${forSale}`)).body).to.not.have.property('in_cart');
    });

    it('tells a user whether the listing is in their cart (the orders module’s carts), in the listing and the inventory', async () => {
      expect((await as(bea).post(`/marketplace/cart/${forSale}`)).status).to.equal(201);
      expect((await as(bea).get(`/marketplace/listings/${forSale}`)).body.in_cart).to.equal(true);
      expect((await as(nat).get(`/marketplace/listings/${forSale}`)).body.in_cart).to.equal(false);
      const entry = (await as(bea).get('/s/sam/inventory')).body.listings.find((l: { id: number }) => l.id === forSale);
      expect(entry.in_cart).to.equal(true);
      expect((await as(bea).delete(`/marketplace/cart/${forSale}`)).status).to.equal(204);
      expect((await as(bea).get(`/marketplace/listings/${forSale}`)).body.in_cart).to.equal(false);
    });

    it('deletes a listing that is in a buyer’s cart, taking it out of the cart', async () => {
      const made = (await create(sam, { release_id: 202, condition: 'Good (G)', price: 2 })).body.listing_id as number;
      expect((await as(bea).post(`/marketplace/cart/${made}`)).status).to.equal(201);
      expect((await as(sam).delete(`/marketplace/listings/${made}`)).status).to.equal(204);
      const cart = await as(bea).get('/marketplace/cart');
      expect(cart.status).to.equal(200);
      expect(cart.body.count).to.equal(0);
    });

    it('hides the Draft from everyone but the seller with the generic 404', async () => {
      expect((await as(sam).get(`/marketplace/listings/${draft}`)).status).to.equal(200);
      for (const who of [bea, 'app', 'anonymous'] as const) {
        const res = await as(who).get(`/marketplace/listings/${draft}`);
        expect(res.status).to.equal(404);
        expect(res.body).to.deep.equal({ message: NOT_FOUND });
      }
    });

    it('edits the price and the status with only the fields sent (204), the rest kept', async () => {
      const res = await as(sam).post(`/marketplace/listings/${forSale}`, { price: '15' });
      expect(res.status, res.text).to.equal(204);
      expect(res.text).to.equal('');
      const l = (await stored(forSale))!;
      expect(l.price.toDecimalString()).to.equal('15.00');
      expect(l).to.deep.include({ condition: 'Mint (M)', externalId: 'X-1', status: 'For Sale', allowOffers: true });
      expect((await as(sam).post(`/marketplace/listings/${draft}`, { status: 'For Sale' })).status).to.equal(204);
      expect((await as(bea).get(`/marketplace/listings/${draft}`)).status).to.equal(200);
      expect((await as(sam).post(`/marketplace/listings/${draft}`, { status: 'Draft' })).status).to.equal(204);
      expect((await as(bea).get(`/marketplace/listings/${draft}`)).status).to.equal(404);
      // An edit may carry a price in another currency: the listing then keeps that currency.
      expect((await as(sam).post(`/marketplace/listings/${draft}?curr_abbr=eur`, { price: 4 })).status).to.equal(204);
      expect((await stored(draft))!.price.toString()).to.equal('4.00 EUR');
      // A body-less edit changes nothing but is accepted.
      expect((await as(sam).post(`/marketplace/listings/${draft}`)).status).to.equal(204);
    });

    it('applies simultaneous edits of one listing one after the other: none is lost', async () => {
      const made = (await create(sam, { release_id: 201, condition: 'Mint (M)', price: 5 })).body.listing_id as number;
      const edits = [{ comments: 'c' }, { location: 'L' }, { external_id: 'E' }, { allow_offers: true }, { sleeve_condition: 'Generic' }, { weight: 99 }];
      const answers = await Promise.all(edits.map((body) => as(sam).post(`/marketplace/listings/${made}`, body)));
      expect(answers.map((r) => r.status)).to.deep.equal(edits.map(() => 204));
      expect((await stored(made))!).to.deep.include({ comments: 'c', location: 'L', externalId: 'E', allowOffers: true, sleeveCondition: 'Generic', weight: 99 });
      expect((await as(sam).delete(`/marketplace/listings/${made}`)).status).to.equal(204);
    });

    it('refuses another user’s edits and deletes (403 For Sale, 404 a listing they cannot see) and changes nothing', async () => {
      const before = await stored(forSale);
      const edit = await as(bea).post(`/marketplace/listings/${forSale}`, { price: 1 });
      expect(edit.status).to.equal(403);
      expect(edit.body).to.deep.equal({ message: FORBIDDEN });
      expect((await as(bea).delete(`/marketplace/listings/${forSale}`)).status).to.equal(403);
      // Another seller's Draft is refused as an unknown listing is, as GET refuses it: its existence is not told (ADR 0050).
      for (const id of [draft, 999999]) {
        for (const res of [await as(bea).post(`/marketplace/listings/${id}`, { price: 1 }), await as(bea).delete(`/marketplace/listings/${id}`)]) {
          expect([res.status, res.body], String(id)).to.deep.equal([404, { message: NOT_FOUND }]);
        }
      }
      expect((await as('app').post(`/marketplace/listings/${forSale}`, { price: 1 })).status).to.equal(403);
      const anon = await as('anonymous').delete(`/marketplace/listings/${forSale}`);
      expect(anon.status).to.equal(401);
      expect(anon.body).to.deep.equal({ message: UNAUTHENTICATED });
      expect(await stored(forSale)).to.deep.equal(before);
    });

    it('refuses edits of Suspended and Sold listings (422, unchanged) and lets an Expired one be relisted', async () => {
      for (const status of ['Suspended', 'Sold', 'Violation', 'Deleted'] as const) {
        await setListingStatus(container, draft, status);
        const before = await stored(draft);
        const res = await as(sam).post(`/marketplace/listings/${draft}`, { price: 9, status: 'For Sale' });
        expect(res.status, status).to.equal(422);
        expect(res.body.message).to.include(`This listing is ${status} and cannot be edited`);
        expect(await stored(draft)).to.deep.equal(before);
        // Not visible to others, visible to the seller; others' writes are refused as for an unknown id (ADR 0050).
        expect((await as(bea).get(`/marketplace/listings/${draft}`)).status).to.equal(404);
        expect((await as(bea).post(`/marketplace/listings/${draft}`, { price: 1 })).status, status).to.equal(404);
        expect((await as(bea).delete(`/marketplace/listings/${draft}`)).status, status).to.equal(404);
        expect((await as(sam).get(`/marketplace/listings/${draft}`)).body.status).to.equal(status);
      }
      await setListingStatus(container, draft, 'Expired');
      const refused = await as(sam).post(`/marketplace/listings/${draft}`, { status: 'Sold' });
      expect(refused.status).to.equal(422);
      expect(refused.body.message).to.equal('status must be "For Sale" or "Draft", got "Sold".');
      expect((await stored(draft))!.status).to.equal('Expired');
      expect((await as(sam).post(`/marketplace/listings/${draft}`, { status: 'For Sale' })).status).to.equal(204);
      expect((await stored(draft))!.status).to.equal('For Sale');
    });

    it('deletes (204) from any status, and then the listing is gone (404)', async () => {
      await setListingStatus(container, draft, 'Sold');
      expect((await as(sam).delete(`/marketplace/listings/${draft}`)).status).to.equal(204);
      expect(await stored(draft)).to.equal(null);
      for (const who of [sam, bea, 'anonymous'] as const) expect((await as(who).get(`/marketplace/listings/${draft}`)).status).to.equal(404);
      expect((await as(sam).delete(`/marketplace/listings/${draft}`)).status).to.equal(404);
      expect((await as(sam).post(`/marketplace/listings/${draft}`, { price: 1 })).status).to.equal(404);
    });

    it('converts the price with curr_abbr and keeps the original price in the listing’s currency', async () => {
      const eur = await as(bea).get(`/marketplace/listings/${forSale}?curr_abbr=EUR`);
      expect(eur.status, eur.text).to.equal(200);
      expect(eur.body.price).to.deep.equal({ currency: 'EUR', value: 12 });
      expect(eur.body.original_price).to.deep.equal({ curr_abbr: 'USD', curr_id: 1, formatted: '$15.00', value: 15 });
      expect((await as(bea).get(`/marketplace/listings/${forSale}?curr_abbr=jpy`)).body.price).to.deep.equal({ currency: 'JPY', value: 2250 });
      expect((await as(bea).get(`/marketplace/listings/${forSale}?curr_abbr=USD`)).body.price).to.deep.equal({ currency: 'USD', value: 15 });
      const unknown = await as(bea).get(`/marketplace/listings/${forSale}?curr_abbr=XYZ`);
      expect(unknown.status).to.equal(422);
      expect(unknown.body.message).to.include('Invalid curr_abbr').and.include('XYZ');
      const noRate = await as(bea).get(`/marketplace/listings/${forSale}?curr_abbr=SEK`);
      expect(noRate.status).to.equal(422);
      expect(noRate.body.message).to.equal('Invalid curr_abbr: no exchange rate from USD to SEK is loaded.');
    });

    it('renders comments and the seller’s terms in the negotiated text format', async () => {
      const get = (format: string) => as(bea).get(`/marketplace/listings/${forSale}`).set('Accept', `application/vnd.service.v2.${format}+json`);
      const html = (await get('html')).body;
      expect(html.comments).to.equal('Great <b>copy</b>');
      expect(html.seller.payment).to.equal('<b>PayPal</b> only');
      expect(html.seller.shipping).to.equal('From <i>Berlin</i>');
      const plain = (await get('plaintext')).body;
      expect(plain.comments).to.equal('Great copy');
      expect(plain.seller.payment).to.equal('PayPal only');
      expect((await get('service')).body.comments).to.equal('Great [b]copy[/b]');
    });

    it('counts the seller’s For Sale listings on the profile', async () => {
      const profile = await as('anonymous').get('/s/sam');
      expect(profile.body.num_for_sale).to.equal(1);
    });

    it('answers methods a path does not take with 405 and Allow', async () => {
      const put = await as(sam).put(`/marketplace/listings/${forSale}`, { price: 1 });
      expect(put.status).to.equal(405);
      expect(put.headers.allow).to.include('GET').and.include('POST').and.include('DELETE');
      expect((await as(sam).get('/marketplace/listings')).status).to.equal(405);
      expect((await as(sam).post('/s/sam/inventory', {})).status).to.equal(405);
    });

    it('answers for unknown and malformed ids with the generic 404', async () => {
      for (const path of ['/marketplace/listings/999999', '/marketplace/listings/abc', '/marketplace/listings/0', '/marketplace/listings/99999999999']) {
        const res = await as(sam).get(path);
        expect(res.status, path).to.equal(404);
        expect(res.body).to.deep.equal({ message: NOT_FOUND });
      }
    });
  });

  describe('refused creations', () => {
    const count = async () => (await container.get(MARKETPLACE.InventoryPages).page({ sellerId: sam.id, statuses: null, sort: 'listed', sortOrder: 'asc', offset: 0, limit: 100 })).total;

    it('asks anonymous callers to authenticate and refuses applications and non-sellers with 403', async () => {
      const good = { release_id: 201, condition: 'Mint (M)', price: 5 };
      const anon = await create('anonymous', good);
      expect(anon.status).to.equal(401);
      expect(anon.body).to.deep.equal({ message: UNAUTHENTICATED });
      expect(anon.headers['www-authenticate']).to.include('OAuth');
      for (const who of ['app', nat] as const) {
        const res = await create(who, good);
        expect(res.status).to.equal(403);
        expect(res.body).to.deep.equal({ message: FORBIDDEN });
      }
    });

    it('names every bad field at once (422), and stores nothing', async () => {
      const before = await count();
      const cases: Array<[unknown, string[]]> = [
        [{ release_id: 999, condition: 'Mint (M)', price: 5 }, ['release_id: Release 999 not found.']],
        [{ release_id: 203, condition: 'Mint (M)', price: 5 }, ['release_id: Release 203 is blocked from sale.']],
        [{ release_id: 201, condition: 'mint', price: 5 }, ['condition must be one of']],
        [{ release_id: 201, condition: 'Mint (M)', price: -1 }, ['price must be a number, got -1.']],
        [{ release_id: 201, condition: 'Mint (M)', price: 0 }, ['price must be greater than 0, got 0.']],
        [{ release_id: 201, condition: 'Mint (M)', price: '0.004' }, ['price must be greater than 0, got 0.004.']],
        [{ release_id: 201, condition: 'Mint (M)', price: '-1.5' }, ['price must be a number, got "-1.5".']],
        [{ release_id: 201, condition: 'Mint (M)', price: 'NaN' }, ['price must be a number, got "NaN".']],
        [{ release_id: 201, condition: 'Mint (M)', price: 5, status: 'Sold' }, ['status must be "For Sale" or "Draft", got "Sold".']],
        [{ release_id: 201, condition: 'Mint (M)', price: 5, sleeve_condition: 'Shiny' }, ['sleeve_condition must be one of']],
        [{ release_id: 201, condition: 'Mint (M)', price: 5, allow_offers: 'maybe' }, ['allow_offers must be true or false, got "maybe".']],
        [{ release_id: 201, condition: 'Mint (M)', price: 5, weight: -3 }, ['weight must be a whole number']],
        [{ release_id: 201, condition: 'Mint (M)', price: 5, comments: { a: 1 } }, ['comments must be text']],
        [{ release_id: 'two', condition: 7, price: true }, ['release_id must be a release id', 'condition must be one of', 'price must be a number, got true.']],
        [{}, ['release_id is required.', 'condition is required.', 'price is required.']],
        [{ condition: 'Mint (M)' }, ['release_id is required.', 'price is required.']],
        [[1, 2], ['The body must be a JSON object']],
        ['"text"', ['The request body is not valid JSON.']],
      ];
      for (const [body, parts] of cases) {
        const res = await create(sam, body);
        expect(res.status, JSON.stringify(body)).to.equal(422);
        for (const part of parts) expect(res.body.message, JSON.stringify(body)).to.include(part);
      }
      expect(await count()).to.equal(before);
    });

    it('answers malformed JSON with 422 and an oversized body with 413', async () => {
      const malformed = await request(app.callback())
        .post('/marketplace/listings')
        .set('User-Agent', AGENT)
        .set('Authorization', `Service token=${sam.token}`)
        .set('Content-Type', 'application/json')
        .send('{"release_id": 201,');
      expect(malformed.status).to.equal(422);
      expect(malformed.body.message).to.be.a('string').and.not.equal('');
      const big = await create(sam, { release_id: 201, condition: 'Mint (M)', price: 5, comments: 'x'.repeat(30_000) });
      expect(big.status).to.equal(413);
      expect(big.body.message).to.be.a('string');
    });

    it('accepts a form-encoded body and query parameters, as some clients send them', async () => {
      const form = await request(app.callback())
        .post('/marketplace/listings')
        .set('User-Agent', AGENT)
        .set('Authorization', `Service token=${sam.token}`)
        .type('form')
        .send({ release_id: '202', condition: 'Very Good (VG)', price: '7.25', allow_offers: 'true' });
      expect(form.status, form.text).to.equal(201);
      expect((await stored(form.body.listing_id))!).to.deep.include({ releaseId: 202, condition: 'Very Good (VG)', allowOffers: true });
      const byQuery = await as(sam).post(`/marketplace/listings?release_id=202&condition=${encodeURIComponent('Good (G)')}&price=2`);
      expect(byQuery.status, byQuery.text).to.equal(201);
      for (const id of [form.body.listing_id, byQuery.body.listing_id]) expect((await as(sam).delete(`/marketplace/listings/${id}`)).status).to.equal(204);
    });

    it('reads the price in the seller’s profile currency, with its decimals', async () => {
      const res = await create(bea, { release_id: 201, condition: 'Mint (M)', price: '12.50' });
      expect(res.status).to.equal(201);
      expect((await stored(res.body.listing_id))!.price.toString()).to.equal('12.50 EUR');
      const shown = await as(bea).get(`/marketplace/listings/${res.body.listing_id}`);
      expect(shown.body.original_price).to.deep.equal({ curr_abbr: 'EUR', curr_id: 3, formatted: '€12.50', value: 12.5 });
      expect(shown.body.price).to.deep.equal({ currency: 'EUR', value: 12.5 });
      // Anyone else sees it in their currency: US dollars when anonymous (12.50 EUR at 0.8 EUR to the dollar).
      const anonymous = await as('anonymous').get(`/marketplace/listings/${res.body.listing_id}`);
      expect(anonymous.body.price).to.deep.equal({ currency: 'USD', value: 15.63 });
      expect(anonymous.body.original_price).to.deep.equal(shown.body.original_price);
      const rounded = await create(bea, { release_id: 201, condition: 'Mint (M)', price: '12.505' });
      expect(rounded.status).to.equal(201);
      expect((await stored(rounded.body.listing_id))!.price.toString(), 'rounded half up').to.equal('12.51 EUR');
      expect((await as(bea).delete(`/marketplace/listings/${res.body.listing_id}`)).status).to.equal(204);
    });

    it('refuses a bad edit whole: a valid field sent with a bad one is not applied', async () => {
      const made = await create(sam, { release_id: 201, condition: 'Mint (M)', price: 5 });
      const before = await stored(made.body.listing_id);
      const res = await as(sam).post(`/marketplace/listings/${made.body.listing_id}`, { price: 6, condition: 'Bad' });
      expect(res.status).to.equal(422);
      expect(await stored(made.body.listing_id)).to.deep.equal(before);
      const badCurrency = await as(sam).post(`/marketplace/listings/${made.body.listing_id}?curr_abbr=ABC`, { price: 6 });
      expect(badCurrency.status).to.equal(422);
      const blocked = await as(sam).post(`/marketplace/listings/${made.body.listing_id}`, { release_id: 203 });
      expect(blocked.status).to.equal(422);
      expect(blocked.body.message).to.equal('release_id: Release 203 is blocked from sale.');
      expect(await stored(made.body.listing_id)).to.deep.equal(before);
    });
  });
});
