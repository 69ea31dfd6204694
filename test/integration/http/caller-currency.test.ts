import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import { IDENTITY } from '../../../composition/identity/identity-tokens.js';
import { apiAs, type Who } from '../../support/api-as.js';
import { aCredit, aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, anApplication, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { loadTestRates, makeSeller } from '../../support/listing-fixtures.js';
import type { TestStorage } from '../../support/test-storage.js';
import { anOpenApp } from '../../support/market-app.js';

/**
 * The caller's currency (ADR 0032): with no `curr_abbr`, every price a user sees is in their profile currency, US
 * dollars for anyone else, from one warm server whose reads by id go through the direct lane (and, on a PostgreSQL
 * server, are joined into one statement per turn); and the seller's shipping price for the caller's destination.
 */
describe('Prices in the caller’s currency, shipping to the caller’s country', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let container: Container;
  let app: Koa;
  let seller: TestUser;
  let pound: TestUser;
  let euro: TestUser;
  let client: TestApplication;
  let listingId: number;

  before(async () => {
    ({ db, container, app } = await anOpenApp());
    seller = await aUser(container, 'seller');
    pound = await aUser(container, 'pound');
    euro = await aUser(container, 'euro');
    client = await anApplication(container, 'seller', 'Currency App');
    await seedCatalogue(db, { releases: [aRelease(501, { title: 'Priced', artists: [aCredit(1, 'Artist')] })] });
    await makeSeller(container, seller.id, 'USD');
    const users = container.get(IDENTITY.UserRepository);
    await users.updateProfile(pound.id, { currency: 'GBP', location: 'Leeds, UK' });
    await users.updateProfile(euro.id, { currency: 'EUR', location: 'Lyon, France' });
    await loadTestRates(container);
    const settings = await as(seller).post('/marketplace/settings', { shipping_price: { default: 20, europe: 10, GB: 8 } });
    expect(settings.status, settings.text).to.equal(200);
    const made = await as(seller).post('/marketplace/listings', { release_id: 501, condition: 'Mint (M)', price: 10 });
    expect(made.status, made.text).to.equal(201);
    listingId = made.body.listing_id;
  });
  after(() => db.close());

  const as = (who: Who) => apiAs(app, client)(who);

  it('gives two users with different currencies their own prices from the same warm server, at once and in turn', async () => {
    const callers: Array<[Who, string, number]> = [
      [pound, 'GBP', 5],
      [euro, 'EUR', 8],
      ['anonymous', 'USD', 10],
      ['app', 'USD', 10],
      [seller, 'USD', 10],
    ];
    for (let round = 0; round < 3; round++) {
      // All at once: the reads by id of one turn of the event loop are answered together.
      const answers = await Promise.all(callers.map(([who]) => as(who).get('/releases/501')));
      answers.forEach((res, i) => {
        const [, currency, lowest] = callers[i]!;
        expect(res.status, res.text).to.equal(200);
        expect([currency, res.body.lowest_price, res.body.num_for_sale]).to.deep.equal([currency, lowest, 1]);
      });
      for (const [who, currency, lowest] of callers) {
        const stats = await as(who).get('/marketplace/stats/501');
        expect(stats.body.lowest_price).to.deep.equal({ currency, value: lowest });
        const listing = await as(who).get(`/marketplace/listings/${listingId}`);
        expect(listing.body.price).to.deep.equal({ currency, value: lowest });
        const inventory = await as(who).get('/s/seller/inventory');
        expect(inventory.body.listings[0].price).to.deep.equal({ currency, value: lowest });
      }
    }
  });

  it('lets an explicit curr_abbr win over the caller’s currency', async () => {
    const release = await as(pound).get('/releases/501?curr_abbr=jpy');
    expect(release.body.lowest_price).to.equal(1500);
    const listing = await as(pound).get(`/marketplace/listings/${listingId}?curr_abbr=EUR`);
    expect(listing.body.price).to.deep.equal({ currency: 'EUR', value: 8 });
    expect(listing.body.shipping_price).to.deep.equal({ currency: 'EUR', value: 6.4 });
    const inventory = await as('anonymous').get('/s/seller/inventory?curr_abbr=GBP');
    expect(inventory.body.listings[0].price).to.deep.equal({ currency: 'GBP', value: 5 });
    const bad = await as('anonymous').get('/s/seller/inventory?curr_abbr=XYZ');
    expect(bad.status).to.equal(422);
    expect(bad.body.message).to.match(/^Invalid curr_abbr/);
  });

  it('prices shipping for the caller’s country, in the currency the price is shown in, the original in the seller’s', async () => {
    const cases: Array<[Who, object, object]> = [
      [pound, { currency: 'GBP', value: 4 }, { curr_abbr: 'USD', curr_id: 1, formatted: '$8.00', value: 8 }],
      [euro, { currency: 'EUR', value: 8 }, { curr_abbr: 'USD', curr_id: 1, formatted: '$10.00', value: 10 }],
      ['anonymous', { currency: 'USD', value: 20 }, { curr_abbr: 'USD', curr_id: 1, formatted: '$20.00', value: 20 }],
    ];
    for (const [who, shipping, original] of cases) {
      for (const body of [(await as(who).get(`/marketplace/listings/${listingId}`)).body, (await as(who).get('/s/seller/inventory')).body.listings[0]]) {
        expect(body.shipping_price).to.deep.equal(shipping);
        expect(body.original_shipping_price).to.deep.equal(original);
      }
    }
  });

  it('reads and changes the caller’s own seller settings through the API', async () => {
    const shown = await as(seller).get('/marketplace/settings');
    expect(shown.status).to.equal(200);
    expect(shown.body).to.deep.include({
      name: 'seller',
      username: 'seller',
      curr_abbr: 'USD',
      payment: 'PayPal',
      shipping: 'Worldwide',
      shipping_price: { currency: 'USD', default: 20, europe: 10, GB: 8 },
      min_order_total: 0,
      is_seller: true,
    });
    const changed = await as(seller).post('/marketplace/settings', { shipping_price: '7.499', min_order_total: 12 });
    expect(changed.status, changed.text).to.equal(200);
    expect(changed.body).to.deep.include({ shipping_price: { currency: 'USD', default: 7.5 }, min_order_total: 12 });
    const listing = await as(pound).get(`/marketplace/listings/${listingId}`);
    expect(listing.body.shipping_price).to.deep.equal({ currency: 'GBP', value: 3.75 });
    expect(listing.body.seller.min_order_total).to.equal(12);
    const refusals: Array<[unknown, string]> = [
      [{ shipping_price: { GB: 1 } }, 'Shipping price needs a default amount (for every destination not named).'],
      [{ shipping_price: { default: -1 } }, 'Shipping price for default must be a number of 0 or more, got -1.'],
      [{ min_order_total: 'lots' }, 'Minimum order total must be a number of 0 or more, got "lots".'],
      [{ curr_abbr: 'XYZ', payment: 5 }, 'Currency must be one of USD, GBP, EUR, CAD, AUD, JPY, CHF, MXN, BRL, NZD, SEK, ZAR, got "XYZ". Payment terms must be text.'],
      [[1], 'The body must be a JSON object of seller settings.'],
    ];
    for (const [body, message] of refusals) {
      const res = await as(seller).post('/marketplace/settings', body);
      expect([res.status, res.body], JSON.stringify(body)).to.deep.equal([422, { message }]);
    }
    expect((await as('anonymous').get('/marketplace/settings')).status).to.equal(401);
    expect((await as('app').get('/marketplace/settings')).status).to.equal(403);
    expect((await as('app').post('/marketplace/settings', { payment: 'x' })).status).to.equal(403);
    expect((await as(seller).get('/marketplace/settings')).body.shipping_price).to.deep.equal({ currency: 'USD', default: 7.5 });
  });
});
