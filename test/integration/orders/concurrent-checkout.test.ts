import { DeadlockException } from '@mikro-orm/core';
import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import type { Database } from '../../../adapters/persistence/database.js';
import { query } from '../../../adapters/persistence/mikro-orm-unit-of-work.js';
import { RetryingUnitOfWork } from '../../../adapters/persistence/orders/retrying-unit-of-work.js';
import type { UnitOfWork } from '../../../application/ports/unit-of-work.js';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { MARKETPLACE } from '../../../composition/marketplace/marketplace-tokens.js';
import { PERSISTENCE } from '../../../composition/persistence/persistence-tokens.js';
import { apiAs } from '../../support/api-as.js';
import { aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, anApplication, emptyIdentity, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { aListing, aSeller, numForSale } from '../../support/order-fixtures.js';
import { testContainer } from '../../support/test-app.js';
import { openTestDatabase } from '../../support/test-database.js';

const ROUNDS = 20;

/*
 * Checkouts racing for one listing, through the HTTP app: on a PostgreSQL server (DATABASE_URL) each request's unit
 * of work runs on its own pooled connection, truly at once; on PGlite they run one after another. Either way the
 * listing must be sold exactly once.
 */
describe('Concurrent checkouts', function () {
  this.timeout(120_000);
  let db: Database;
  let container: Container;
  let app: Koa;
  let client: TestApplication;
  let seller: TestUser;
  let ann: TestUser;
  let ben: TestUser;
  let cat: TestUser;

  before(async () => {
    db = await openTestDatabase();
    container = testContainer(db, { RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000' });
    app = container.get(HTTP.HttpApp) as unknown as Koa;
    await emptyIdentity(db);
    seller = await aUser(container, 'seller');
    [ann, ben, cat] = [await aUser(container, 'ann'), await aUser(container, 'ben'), await aUser(container, 'cat')];
    client = await anApplication(container, 'ann');
    await aSeller(container, seller.id, 'USD');
    await seedCatalogue(db, { releases: [aRelease(201), aRelease(202)] });
  });
  after(() => db.close());

  const as = (who: TestUser) => apiAs(app, client)(who);
  const checkout = (who: TestUser) => as(who).post('/marketplace/checkout', { shipping_address: `${who.name}'s address` });

  it(`sells a listing in two buyers' carts once, ${ROUNDS} times over, while a third buyer checks out the same seller`, async () => {
    const numbers = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      await query(db.orm, 'delete from cart_item');
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
      const [sold] = await query(db.orm, 'select count(*)::int as n from market_order_item where listing_id = ?', [contested.id]);
      expect(sold!.n, `round ${round}`).to.equal(1);
      const [owner] = await query(db.orm, 'select o.buyer_id from market_order o join market_order_item i on i.order_id = o.id where i.listing_id = ?', [contested.id]);
      expect(Number(owner!.buyer_id)).to.equal(winner.id);
      const listings = container.get(MARKETPLACE.ListingRepository);
      expect((await listings.byId(contested.id))!.status).to.equal('Sold');
      expect((await listings.byId(loserExtra.id))!.status, "the loser's other listing is untouched").to.equal('For Sale');
      for (const res of [a, b, c].filter((r) => r.status === 201)) for (const o of res.body.orders) numbers.add(o.id);
      for (const release of [201, 202]) {
        const [row] = await query(db.orm, "select count(*)::int as n from listing where release_id = ? and status = 'For Sale'", [release]);
        expect(await numForSale(db, release), `release ${release}'s num_for_sale`).to.equal(row!.n);
      }
    }
    expect(numbers.size).to.equal(ROUNDS * 2);
    const [last] = await query(db.orm, 'select last_number from seller_order_sequence where seller_id = ?', [seller.id]);
    expect(Number(last!.last_number)).to.equal(ROUNDS * 2);
  });

  it('buys once when one buyer checks out twice at the same moment (a double click): the second finds the cart empty', async () => {
    await query(db.orm, 'delete from cart_item');
    for (let round = 0; round < 5; round++) {
      const l = await aListing(container, seller.id, 202, '6');
      expect((await as(ann).post(`/marketplace/cart/${l.id}`)).status).to.equal(201);
      const results = await Promise.all([checkout(ann), checkout(ann)]);
      expect(results.map((r) => r.status).sort(), results.map((r) => r.text).join(' / ')).to.deep.equal([201, 422]);
      expect(results.find((r) => r.status === 422)!.body).to.deep.equal({ message: 'Your cart is empty.' });
      const [sold] = await query(db.orm, 'select count(*)::int as n from market_order_item where listing_id = ?', [l.id]);
      expect(sold!.n).to.equal(1);
    }
  });

  it('runs the work again after a deadlock, up to its limit, and never inside an open transaction', async () => {
    let calls = 0;
    const failing = (times: number): UnitOfWork => ({
      run: async <T>(work: () => Promise<T>): Promise<T> => {
        calls++;
        if (calls <= times) throw new DeadlockException(Object.assign(new Error('deadlock detected'), { code: '40P01' }));
        return work();
      },
    });
    expect(await new RetryingUnitOfWork(db.orm, failing(2), 4).run(async () => 'done')).to.equal('done');
    expect(calls).to.equal(3);
    calls = 0;
    let error: unknown;
    await new RetryingUnitOfWork(db.orm, failing(10), 4).run(async () => 'done').catch((e: unknown) => (error = e));
    expect(error).to.be.instanceOf(DeadlockException);
    expect(calls).to.equal(4);
    calls = 0;
    const outer = container.get(PERSISTENCE.UnitOfWork);
    error = undefined;
    await outer.run(() => new RetryingUnitOfWork(db.orm, failing(1), 4).run(async () => 'done')).catch((e: unknown) => (error = e));
    expect(error, 'a nested run is not retried').to.be.instanceOf(DeadlockException);
    expect(calls).to.equal(1);
  });
});
