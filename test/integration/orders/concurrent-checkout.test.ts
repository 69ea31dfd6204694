import { DeadlockException } from '@mikro-orm/core';
import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import { query } from '../../../adapters/persistence/mikro-orm-unit-of-work.js';
import { RetryingUnitOfWork } from '../../../adapters/persistence/orders/retrying-unit-of-work.js';
import type { UnitOfWork } from '../../../application/ports/unit-of-work.js';
import type { Order } from '../../../domain/orders/order.js';
import { MARKETPLACE } from '../../../composition/marketplace/marketplace-tokens.js';
import { ORDERS } from '../../../composition/orders/orders-tokens.js';
import { PERSISTENCE } from '../../../composition/persistence/persistence-tokens.js';
import { apiAs } from '../../support/api-as.js';
import { aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, anApplication, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { aListing, aSeller, numForSale } from '../../support/order-fixtures.js';
import { isMemory, skipInMemory, sqlOf, type TestStorage } from '../../support/test-storage.js';
import { anOpenApp } from '../../support/market-app.js';

const ROUNDS = 20;

/*
 * Checkouts racing for one listing, through the HTTP app: on a PostgreSQL server (DATABASE_URL) each request's unit
 * of work runs on its own pooled connection, truly at once; on PGlite they run one after another. Either way the
 * listing must be sold exactly once. In memory (SPINDLE_TEST_STORAGE=memory) the storage's unit of work runs them one
 * after another; what the SQL checks read from the tables is read there through the order and cart repositories.
 */
describe('Concurrent checkouts', function () {
  this.timeout(120_000);
  let db: TestStorage;
  let container: Container;
  let app: Koa;
  let client: TestApplication;
  let seller: TestUser;
  let ann: TestUser;
  let ben: TestUser;
  let cat: TestUser;

  before(async () => {
    ({ db, container, app } = await anOpenApp());
    seller = await aUser(container, 'seller');
    [ann, ben, cat] = [await aUser(container, 'ann'), await aUser(container, 'ben'), await aUser(container, 'cat')];
    client = await anApplication(container, 'ann');
    await aSeller(container, seller.id, 'USD');
    await seedCatalogue(db, { releases: [aRelease(201), aRelease(202)] });
  });
  after(() => db.close());

  const as = (who: TestUser) => apiAs(app, client)(who);
  const checkout = (who: TestUser) => as(who).post('/marketplace/checkout', { shipping_address: `${who.name}'s address` });

  /** Empties every buyer's cart (in memory through the cart repository: only these buyers have carts). */
  async function emptyCarts(): Promise<void> {
    if (!isMemory(db)) {
      await query(db.orm, 'delete from cart_item');
      return;
    }
    const carts = container.get(ORDERS.CartRepository);
    await container.get(PERSISTENCE.UnitOfWork).run(async () => {
      for (const buyer of [ann, ben, cat]) await carts.removeAll(buyer.id, (await carts.items(buyer.id)).map((i) => i.listingId));
    });
  }

  /** The seller's next order number, taken in a unit of work that fails, so it is given back (in memory). */
  async function nextNumberOf(sellerId: number): Promise<number> {
    let next = 0;
    await container
      .get(PERSISTENCE.UnitOfWork)
      .run(async () => {
        next = await container.get(ORDERS.OrderRepository).nextNumber(sellerId);
        throw new Error('only looking');
      })
      .catch(() => undefined);
    return next;
  }

  /** The orders that sold the listing, with their buyers (in memory, read from every buyer's purchases). */
  async function ordersSelling(listingId: number): Promise<{ n: number; buyerIds: number[] }> {
    if (!isMemory(db)) {
      const [sold] = await query(db.orm, 'select count(*)::int as n from market_order_item where listing_id = ?', [listingId]);
      const owners = await query(db.orm, 'select o.buyer_id from market_order o join market_order_item i on i.order_id = o.id where i.listing_id = ?', [listingId]);
      return { n: Number(sold!.n), buyerIds: owners.map((o) => Number(o.buyer_id)) };
    }
    const orders = container.get(ORDERS.OrderRepository);
    const found: Order[] = [];
    for (const buyer of [ann, ben, cat]) {
      const page = await orders.list({
        party: 'buyer', userId: buyer.id, statuses: null, refundReceived: false, createdAfter: null, createdBefore: null, archived: null,
        sort: 'id', descending: false, offset: 0, limit: 1_000_000,
      });
      found.push(...page.items.filter((o) => o.items.some((i) => i.listingId === listingId)));
    }
    return { n: found.length, buyerIds: found.map((o) => o.buyerId) };
  }

  it(`sells a listing in two buyers' carts once, ${ROUNDS} times over, while a third buyer checks out the same seller`, async () => {
    const numbers = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      await emptyCarts();
      const contested = await aListing(container, seller.id, 201, '10');
      const annExtra = await aListing(container, seller.id, 202, '3');
      const benExtra = await aListing(container, seller.id, 202, '4');
      const catsOwn = await aListing(container, seller.id, 201, '5');
      // Ann's and Ben's carts hold their listings in opposite orders of release.
      for (const [who, ids] of [[ann, [annExtra.id, contested.id]], [ben, [contested.id, benExtra.id]], [cat, [catsOwn.id]]] as const) {
        for (const id of ids) expect((await as(who).post(`/marketplace/cart/${id}`)).status).to.equal(201);
      }

      const [a, b, c] = await Promise.all([checkout(ann), checkout(ben), checkout(cat)]);

      const statuses = [a.status, b.status].sort();
      expect(statuses, `round ${round}: ${a.text} / ${b.text}`).to.deep.equal([201, 409]);
      expect(c.status, c.text).to.equal(201);
      const [winner, loserExtra] = a.status === 201 ? [ann, benExtra] : [ben, annExtra];
      const loser = a.status === 201 ? b : a;
      expect(loser.body.message).to.equal(`Listing ${contested.id} is no longer for sale; take it out of your cart and check out again.`);
      const sold = await ordersSelling(contested.id);
      expect(sold.n, `round ${round}`).to.equal(1);
      expect(sold.buyerIds[0]).to.equal(winner.id);
      const listings = container.get(MARKETPLACE.ListingRepository);
      expect((await listings.byId(contested.id))!.status).to.equal('Sold');
      expect((await listings.byId(loserExtra.id))!.status, "the loser's other listing is untouched").to.equal('For Sale');
      for (const res of [a, b, c].filter((r) => r.status === 201)) for (const o of res.body.orders) numbers.add(o.id);
      // The figures a release row keeps, against its listings (in memory the figures are counted from them).
      for (const release of isMemory(db) ? [] : [201, 202]) {
        const [row] = await query(sqlOf(db).orm, "select count(*)::int as n from listing where release_id = ? and status = 'For Sale'", [release]);
        expect(await numForSale(db, release), `release ${release}'s num_for_sale`).to.equal(row!.n);
      }
    }
    expect(numbers.size).to.equal(ROUNDS * 2);
    // The seller's last order number: none given to a checkout that failed.
    const last = isMemory(db) ? (await nextNumberOf(seller.id)) - 1 : Number((await query(db.orm, 'select last_number from seller_order_sequence where seller_id = ?', [seller.id]))[0]!.last_number);
    expect(last).to.equal(ROUNDS * 2);
  });

  it('buys once when one buyer checks out twice at the same moment (a double click): the second finds the cart empty', async () => {
    await emptyCarts();
    for (let round = 0; round < 5; round++) {
      const l = await aListing(container, seller.id, 202, '6');
      expect((await as(ann).post(`/marketplace/cart/${l.id}`)).status).to.equal(201);
      const results = await Promise.all([checkout(ann), checkout(ann)]);
      expect(results.map((r) => r.status).sort(), results.map((r) => r.text).join(' / ')).to.deep.equal([201, 422]);
      expect(results.find((r) => r.status === 422)!.body).to.deep.equal({ message: 'Your cart is empty.' });
      expect((await ordersSelling(l.id)).n).to.equal(1);
    }
  });

  it('runs the work again after a deadlock, up to its limit, and never inside an open transaction', async function () {
    skipInMemory(this); // The SQL family's checkout unit of work; the memory family's runs units one at a time.
    let calls = 0;
    const failing = (times: number): UnitOfWork => ({
      run: async <T>(work: () => Promise<T>): Promise<T> => {
        calls++;
        if (calls <= times) throw new DeadlockException(Object.assign(new Error('deadlock detected'), { code: '40P01' }));
        return work();
      },
    });
    expect(await new RetryingUnitOfWork(sqlOf(db).orm, failing(2), 4).run(async () => 'done')).to.equal('done');
    expect(calls).to.equal(3);
    calls = 0;
    let error: unknown;
    await new RetryingUnitOfWork(sqlOf(db).orm, failing(10), 4).run(async () => 'done').catch((e: unknown) => (error = e));
    expect(error).to.be.instanceOf(DeadlockException);
    expect(calls).to.equal(4);
    calls = 0;
    const outer = container.get(PERSISTENCE.UnitOfWork);
    error = undefined;
    await outer.run(() => new RetryingUnitOfWork(sqlOf(db).orm, failing(1), 4).run(async () => 'done')).catch((e: unknown) => (error = e));
    expect(error, 'a nested run is not retried').to.be.instanceOf(DeadlockException);
    expect(calls).to.equal(1);
  });
});
