import { withState } from '../../support/listing-state.js';
import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import { query } from '../../../adapters/persistence/mikro-orm-unit-of-work.js';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { IDENTITY } from '../../../composition/identity/identity-tokens.js';
import { MARKETPLACE } from '../../../composition/marketplace/marketplace-tokens.js';
import { ORDERS } from '../../../composition/orders/orders-tokens.js';
import { PERSISTENCE } from '../../../composition/persistence/persistence-tokens.js';
import type { Listing } from '../../../domain/marketplace/listing.js';
import { apiAs, type Who } from '../../support/api-as.js';
import { aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, anApplication, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { aListing, aSeller, numForSale, someRates } from '../../support/order-fixtures.js';
import { BASE_URL, testContainer } from '../../support/test-app.js';
import { isMemory, type TestStorage } from '../../support/test-storage.js';
import { anOpenApp } from '../../support/market-app.js';

const ADDRESS = 'Bob Buyer\n1 High Street\nLondon';

describe('Cart and checkout over HTTP', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let container: Container;
  let app: Koa;
  let client: TestApplication;
  let sam: TestUser; // sells in USD
  let sue: TestUser; // sells in EUR
  let bob: TestUser; // buys, sees GBP
  let carl: TestUser; // another buyer, USD
  let l1: Listing, l2: Listing, l3draft: Listing, l4: Listing, l5: Listing, l6: Listing, l7: Listing;

  before(async () => {
    ({ db, container, app } = await anOpenApp());
    [sam, sue, bob, carl] = [await aUser(container, 'sam'), await aUser(container, 'sue'), await aUser(container, 'bob'), await aUser(container, 'carl')];
    client = await anApplication(container, 'bob', 'Shop App');
    await seedCatalogue(db, { releases: [aRelease(101, { title: 'One' }), aRelease(102, { title: 'Two' }), aRelease(103, { title: 'Three' })] });
    await someRates(container, { EUR: '0.9', GBP: '0.8' });
    await aSeller(container, sam.id, 'USD');
    await aSeller(container, sue.id, 'EUR');
    await container.get(IDENTITY.UserRepository).updateProfile(bob.id, { currency: 'GBP' });
    l1 = await aListing(container, sam.id, 101, '10.00');
    l2 = await aListing(container, sam.id, 102, '25.50');
    l3draft = await aListing(container, sam.id, 102, '5', 'USD', { status: 'Draft' });
    l4 = await aListing(container, sue.id, 101, '20.00', 'EUR');
    l5 = await aListing(container, sue.id, 103, '30.00', 'USD'); // priced before sue sold in euros
    l6 = await aListing(container, sam.id, 103, '7.00');
    l7 = await aListing(container, sue.id, 103, '8.00', 'EUR');
  });
  after(() => db.close());

  const as = (who: Who) => apiAs(app, client)(who);
  const status = async (id: number) => (await container.get(MARKETPLACE.ListingRepository).byId(id))!.status;

  it('asks anonymous callers to authenticate and refuses applications, on every endpoint', async () => {
    for (const [who, code] of [['anonymous', 401], ['app', 403]] as const) {
      expect((await as(who).get('/marketplace/cart')).status).to.equal(code);
      expect((await as(who).post(`/marketplace/cart/${l1.id}`)).status).to.equal(code);
      expect((await as(who).delete(`/marketplace/cart/${l1.id}`)).status).to.equal(code);
      expect((await as(who).post('/marketplace/checkout', { shipping_address: ADDRESS })).status).to.equal(code);
    }
  });

  it('shows an empty cart, and refuses to check it out', async () => {
    const res = await as(bob).get('/marketplace/cart');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ currency: 'GBP', count: 0, sellers: [] });
    const out = await as(bob).post('/marketplace/checkout', { shipping_address: ADDRESS });
    expect(out.status).to.equal(422);
    expect(out.body).to.deep.equal({ message: 'Your cart is empty.' });
  });

  it('adds a listing (201, then 200 when it is there already), refusing unknown, hidden and own listings', async () => {
    const added = await as(bob).post(`/marketplace/cart/${l1.id}`);
    expect(added.status, added.text).to.equal(201);
    expect(added.body).to.deep.equal({ listing_id: l1.id, resource_url: `${BASE_URL}/marketplace/listings/${l1.id}`, in_cart: true });
    expect((await as(bob).post(`/marketplace/cart/${l1.id}`)).status).to.equal(200);
    expect((await as(bob).post('/marketplace/cart/999999')).status).to.equal(404);
    expect((await as(bob).post('/marketplace/cart/abc')).status).to.equal(404);
    expect((await as(bob).post('/marketplace/cart/0')).status).to.equal(404);
    expect((await as(bob).post(`/marketplace/cart/${l3draft.id}`)).status, 'a draft is not visible').to.equal(404);
    const own = await as(sam).post(`/marketplace/cart/${l1.id}`);
    expect(own.status).to.equal(422);
    expect(own.body).to.deep.equal({ message: 'You cannot buy your own listing.' });
    expect((await as(sam).post(`/marketplace/cart/${l3draft.id}`)).body).to.deep.equal({ message: 'You cannot buy your own listing.' });
    expect(await container.get(MARKETPLACE.CartContents).inCart(bob.id, [l1.id, l2.id])).to.deep.equal(new Set([l1.id]));
  });

  it("shows the cart by seller, in the buyer's currency and each seller's, with totals", async () => {
    for (const l of [l2, l4, l5]) expect((await as(bob).post(`/marketplace/cart/${l.id}`)).status).to.equal(201);
    const res = await as(bob).get('/marketplace/cart');
    expect(res.status).to.equal(200);
    const body = res.body as { currency: string; count: number; sellers: Array<Record<string, any>> };
    expect(body.currency).to.equal('GBP');
    expect(body.count).to.equal(4);
    expect(body.sellers.map((s) => s.seller.name)).to.deep.equal(['sam', 'sue']);
    const [samGroup, sueGroup] = body.sellers;
    expect(samGroup!.seller).to.deep.equal({ id: sam.id, name: 'sam', username: 'sam', resource_url: `${BASE_URL}/s/sam` });
    expect(samGroup!.total).to.deep.equal({ currency: 'USD', value: 35.5 });
    expect(samGroup!.buyer_total).to.deep.equal({ currency: 'GBP', value: 28.4 });
    expect(samGroup!.items.map((i: any) => [i.listing_id, i.price, i.buyer_price, i.buyable])).to.deep.equal([
      [l1.id, { currency: 'USD', value: 10 }, { currency: 'GBP', value: 8 }, true],
      [l2.id, { currency: 'USD', value: 25.5 }, { currency: 'GBP', value: 20.4 }, true],
    ]);
    expect(samGroup!.items[0]).to.include({ status: 'For Sale', condition: 'Very Good Plus (VG+)', sleeve_condition: null });
    expect(samGroup!.items[0].release).to.deep.equal({ id: 101, resource_url: `${BASE_URL}/releases/101` });
    expect(sueGroup!.currency).to.equal('EUR');
    expect(sueGroup!.total).to.deep.equal({ currency: 'EUR', value: 47 });
    expect(sueGroup!.buyer_total).to.deep.equal({ currency: 'GBP', value: 41.78 });
    expect(sueGroup!.items.map((i: any) => i.buyer_price)).to.deep.equal([
      { currency: 'GBP', value: 17.78 },
      { currency: 'GBP', value: 24 },
    ]);
  });

  it('names the sellers in the Discogs dialect as that dialect does', async () => {
    const discogs = testContainer(db, { BRAND: 'Discogs', RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000' }).get(HTTP.HttpApp) as unknown as Koa;
    const res = await apiAs(discogs, client, 'Discogs')(bob).get('/marketplace/cart');
    expect(res.status).to.equal(200);
    expect(res.body.sellers[0].seller).to.deep.equal({ id: sam.id, username: 'sam', resource_url: `${BASE_URL}/users/sam` });
  });

  it('takes a listing out of the cart (204), and 404 when it is not in it', async () => {
    expect((await as(bob).delete(`/marketplace/cart/${l2.id}`)).status).to.equal(204);
    const again = await as(bob).delete(`/marketplace/cart/${l2.id}`);
    expect(again.status).to.equal(404);
    expect(again.body).to.deep.equal({ message: 'The listing is not in your cart.' });
    expect((await as(bob).delete('/marketplace/cart/abc')).status).to.equal(404);
    expect((await as(bob).post(`/marketplace/cart/${l2.id}`)).status).to.equal(201);
  });

  it('refuses bad checkout bodies with a message naming each problem, changing nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [undefined, 'The request body must be a JSON object with shipping_address.'],
      [{}, 'shipping_address is required.'],
      [{ shipping_address: '   ' }, 'shipping_address may not be blank.'],
      [{ shipping_address: 5 }, 'shipping_address must be text, got 5.'],
      [{ shipping_address: 'x'.repeat(2001) }, 'shipping_address may be at most 2000 characters long, got 2001.'],
      [{ shipping_address: ADDRESS, additional_instructions: 7 }, 'additional_instructions must be text, got 7.'],
      [{ shipping_address: ADDRESS, additional_instructions: 'y'.repeat(2001) }, 'additional_instructions may be at most 2000 characters long, got 2001.'],
      [{ shipping_address: ADDRESS, seller: 12 }, "seller must be a seller's name, got 12."],
      [{ additional_instructions: [] }, 'shipping_address is required. additional_instructions must be text, got [].'],
      [[ADDRESS], 'The request body must be a JSON object with shipping_address.'],
      [{ shipping_address: ADDRESS, seller: 'nobody-at-all' }, 'Your cart has no listings of nobody-at-all.'],
      [{ shipping_address: ADDRESS, seller: 'carl' }, 'Your cart has no listings of carl.'],
    ];
    for (const [body, message] of cases) {
      const res = await as(bob).post('/marketplace/checkout', body);
      expect(res.status, JSON.stringify(body)).to.equal(422);
      expect(res.body, JSON.stringify(body)).to.deep.equal({ message });
    }
    const malformed = await as(bob).post('/marketplace/checkout').set('Content-Type', 'application/json').send('{"shipping_address": ');
    expect(malformed.status).to.equal(422);
    expect(await status(l1.id)).to.equal('For Sale');
    expect((await as(bob).get('/marketplace/cart')).body.count).to.equal(4);
  });

  it('refuses the whole checkout when one listing is no longer for sale, and applies nothing', async () => {
    expect((await as(carl).post(`/marketplace/cart/${l6.id}`)).status).to.equal(201);
    expect((await as(carl).post(`/marketplace/cart/${l7.id}`)).status).to.equal(201);
    const repo = container.get(MARKETPLACE.ListingRepository);
    await container.get(PERSISTENCE.UnitOfWork).run(() => repo.save(withState(l6, { status: 'Draft' })));
    const res = await as(carl).post('/marketplace/checkout', { shipping_address: 'Carl' });
    expect(res.status).to.equal(409);
    expect(res.body).to.deep.equal({ message: `Listing ${l6.id} is no longer for sale; take it out of your cart and check out again.` });
    expect(await status(l7.id)).to.equal('For Sale');
    const cart = (await as(carl).get('/marketplace/cart')).body;
    expect(cart.count).to.equal(2);
    expect(cart.sellers[0].items[0]).to.include({ listing_id: l6.id, buyable: false, status: 'Draft' });
    expect(cart.sellers[0].total).to.deep.equal({ currency: 'USD', value: 0 });
    if (!isMemory(db)) {
      const [orders] = await query(db.orm, 'select count(*)::int as n from market_order');
      expect(orders!.n).to.equal(0);
    }
    await container.get(PERSISTENCE.UnitOfWork).run(() => repo.save(withState(l6, { status: 'For Sale' })));
  });

  it('checks out one order per seller, in each seller\'s currency, sells the listings and empties the cart', async () => {
    expect([await numForSale(db, 101), await numForSale(db, 102), await numForSale(db, 103)]).to.deep.equal([2, 1, 3]);
    const res = await as(bob).post('/marketplace/checkout', { shipping_address: ADDRESS, additional_instructions: 'Leave at the door.' });
    expect(res.status, res.text).to.equal(201);
    const orders = (res.body as { orders: Array<Record<string, any>> }).orders;
    expect(orders.map((o) => o.id)).to.deep.equal([`${sam.id}-1`, `${sue.id}-1`]);
    // What the checkout answers is what it stored: each order as GET /marketplace/orders/{id} reads it, key for key.
    for (const o of orders) expect(JSON.stringify(o)).to.equal(JSON.stringify((await as(bob).get(`/marketplace/orders/${o.id}`)).body));
    const [samOrder, sueOrder] = orders;
    expect(samOrder).to.deep.include({
      resource_url: `${BASE_URL}/marketplace/orders/${sam.id}-1`,
      status: 'New Order',
      total: { currency: 'USD', value: 35.5 },
      shipping: { currency: 'USD', method: '', value: 0 },
      shipping_address: ADDRESS,
      additional_instructions: 'Leave at the door.',
      archived: false,
    });
    expect(samOrder!.seller).to.deep.equal({ id: sam.id, name: 'sam', username: 'sam', resource_url: `${BASE_URL}/s/sam` });
    expect(samOrder!.buyer).to.deep.equal({ id: bob.id, name: 'bob', username: 'bob', resource_url: `${BASE_URL}/s/bob` });
    // The buyer's view: no fee (the seller's cost), where the buyer may move the order.
    expect(samOrder).not.to.have.property('fee');
    expect(samOrder!.next_status).to.deep.equal(["Cancelled (Per Buyer's Request)"]);
    expect(samOrder!.items.map((i: any) => ({ ...i, release: { id: i.release.id, resource_url: i.release.resource_url } }))).to.deep.equal([
      { id: l1.id, release: { id: 101, resource_url: `${BASE_URL}/releases/101` }, price: { currency: 'USD', value: 10 }, media_condition: 'Very Good Plus (VG+)', sleeve_condition: '' },
      { id: l2.id, release: { id: 102, resource_url: `${BASE_URL}/releases/102` }, price: { currency: 'USD', value: 25.5 }, media_condition: 'Very Good Plus (VG+)', sleeve_condition: '' },
    ]);
    expect(samOrder!.items[0].release.description).to.match(/ - /);
    // 20 EUR, and 30 USD at 0.9 = 27 EUR; fees 8% of each: 1.60 + 2.16.
    expect(sueOrder).to.deep.include({ total: { currency: 'EUR', value: 47 }, status: 'New Order' });
    expect(sueOrder!.items.map((i: any) => i.price)).to.deep.equal([{ currency: 'EUR', value: 20 }, { currency: 'USD', value: 30 }]);
    for (const l of [l1, l2, l4, l5]) expect(await status(l.id)).to.equal('Sold');
    expect([await numForSale(db, 101), await numForSale(db, 102), await numForSale(db, 103)]).to.deep.equal([0, 0, 2]);
    expect((await as(bob).get('/marketplace/cart')).body).to.deep.equal({ currency: 'GBP', count: 0, sellers: [] });
    const stored = await container.get(ORDERS.OrderRepository).byId(`${sue.id}-1`);
    expect(stored!.total.toString()).to.equal('47.00 EUR');
    expect(stored!.fee.toString()).to.equal('3.76 EUR');
    expect((await container.get(ORDERS.OrderRepository).byId(`${sam.id}-1`))!.fee.toString()).to.equal('2.84 USD');
    expect(stored!.buyerId).to.equal(bob.id);
  });

  it('refuses a sold listing: no longer visible to add, and a conflict at checkout', async () => {
    expect((await as(carl).post(`/marketplace/cart/${l1.id}`)).status).to.equal(404);
    // As if carl had put l4 in his cart before bob bought it.
    await container.get(PERSISTENCE.UnitOfWork).run(() => container.get(ORDERS.CartRepository).add({ userId: carl.id, listingId: l4.id, addedAt: new Date() }));
    const res = await as(carl).post('/marketplace/checkout', { shipping_address: 'Carl' });
    expect(res.status).to.equal(409);
    expect(res.body.message).to.equal(`Listing ${l4.id} is no longer for sale; take it out of your cart and check out again.`);
    expect((await as(carl).delete(`/marketplace/cart/${l4.id}`)).status).to.equal(204);
  });

  it("checks out one seller's listings only when asked, numbering each seller's orders on", async () => {
    const res = await as(carl).post('/marketplace/checkout', { shipping_address: 'Carl', seller: 'sue' });
    expect(res.status, res.text).to.equal(201);
    expect(res.body.orders.map((o: any) => [o.id, o.total])).to.deep.equal([[`${sue.id}-2`, { currency: 'EUR', value: 8 }]]);
    expect(res.body.orders[0].additional_instructions).to.equal('');
    expect(await status(l7.id)).to.equal('Sold');
    expect(await status(l6.id)).to.equal('For Sale');
    const cart = (await as(carl).get('/marketplace/cart')).body;
    expect(cart.sellers.map((s: any) => s.items.map((i: any) => i.listing_id))).to.deep.equal([[l6.id]]);
  });

  it('takes a listing removed for good out of every cart', async () => {
    await container.get(PERSISTENCE.UnitOfWork).run(() => container.get(MARKETPLACE.ListingRepository).remove(l6.id));
    expect((await as(carl).get('/marketplace/cart')).body.count).to.equal(0);
  });
});

