import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import { query } from '../../../adapters/persistence/mikro-orm-unit-of-work.js';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { ORDERS } from '../../../composition/orders/orders-tokens.js';
import { apiAs } from '../../support/api-as.js';
import { aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, anApplication, emptyIdentity, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { aListing, aSeller, emptyMarket } from '../../support/order-fixtures.js';
import { testContainer } from '../../support/test-app.js';
import { isMemory, openTestStorage, type TestStorage } from '../../support/test-storage.js';

const ROUNDS = 15;

/*
 * Edits of one order racing each other through the HTTP app. On a PostgreSQL server (DATABASE_URL) each request's
 * unit of work runs on its own pooled connection, truly at once; on PGlite one after another. Both moves are legal
 * from the order's status when the requests are sent, and neither is legal after the other: exactly one may apply,
 * the other is refused (422) with nothing stored, and the log holds one status entry.
 */
describe('Concurrent order edits', function () {
  this.timeout(180_000);
  let db: TestStorage;
  let container: Container;
  let app: Koa;
  let client: TestApplication;
  let seller: TestUser;
  let buyer: TestUser;

  before(async () => {
    db = await openTestStorage();
    container = testContainer(db, { RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000' });
    app = container.get(HTTP.HttpApp) as unknown as Koa;
    await emptyMarket(db);
    await emptyIdentity(db);
    seller = await aUser(container, 'seller');
    buyer = await aUser(container, 'buyer');
    client = await anApplication(container, 'seller');
    await aSeller(container, seller.id, 'USD');
    await seedCatalogue(db, { releases: [aRelease(401)] });
  });
  after(() => db.close());

  const as = (who: TestUser) => apiAs(app, client)(who);

  async function anOrder(): Promise<string> {
    const listing = await aListing(container, seller.id, 401, '10');
    expect((await as(buyer).post(`/marketplace/cart/${listing.id}`)).status).to.equal(201);
    const res = await as(buyer).post('/marketplace/checkout', { shipping_address: 'Race Street 1' });
    expect(res.status, res.text).to.equal(201);
    return res.body.orders[0].id as string;
  }

  /** How many of the order's log entries change its status (in memory, read through the order repository). */
  async function statusEntries(id: string): Promise<number> {
    if (isMemory(db)) {
      const log = await container.get(ORDERS.OrderRepository).messages(id, 0, 1_000);
      return log.items.filter((m) => m.type === 'status' || (m.type === 'message' && m.statusChange !== null)).length;
    }
    const [row] = await query(db.orm, "select count(*)::int as n from order_message where order_id = ? and (type = 'status' or status_to is not null)", [id]);
    return Number(row!.n);
  }

  it(`applies one of the seller's "Payment Received" and the buyer's cancellation, never both, ${ROUNDS} times over`, async () => {
    const winners = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const id = await anOrder();
      const [paid, cancelled] = await Promise.all([
        as(seller).post(`/marketplace/orders/${id}`, { status: 'Payment Received' }),
        as(buyer).post(`/marketplace/orders/${id}/messages`, { status: "Cancelled (Per Buyer's Request)", message: 'Changed my mind.' }),
      ]);
      // Exactly one applied (the edit's 200 or the message's 201); the other was refused with 422.
      const outcome = `${paid.status}/${cancelled.status}`;
      expect(['200/422', '422/201'], `${paid.text} / ${cancelled.text}`).to.include(outcome);
      const order = (await as(seller).get(`/marketplace/orders/${id}`)).body;
      expect(order.status).to.equal(paid.status === 200 ? 'Payment Received' : "Cancelled (Per Buyer's Request)");
      expect(await statusEntries(id)).to.equal(1);
      const version = isMemory(db) ? (await container.get(ORDERS.OrderRepository).byId(id))!.version : Number((await query(db.orm, 'select version from market_order where id = ?', [id]))[0]!.version);
      expect(version).to.equal(2);
      winners.add(order.status);
    }
    // Which one wins is up to the scheduler; both outcomes are fine, a third is not.
    expect([...winners].every((s) => s === 'Payment Received' || s === "Cancelled (Per Buyer's Request)")).to.equal(true);
  });

  it(`applies one of two seller edits to different statuses, ${ROUNDS} times over`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = await anOrder();
      const [a, b] = await Promise.all([
        as(seller).post(`/marketplace/orders/${id}`, { status: 'Payment Received' }),
        as(seller).post(`/marketplace/orders/${id}`, { status: 'Cancelled (Item Unavailable)' }),
      ]);
      expect([a.status, b.status].sort(), `${a.text} / ${b.text}`).to.deep.equal([200, 422]);
      const winner = a.status === 200 ? 'Payment Received' : 'Cancelled (Item Unavailable)';
      const loser = a.status === 200 ? b : a;
      expect(loser.body.message).to.equal(
        winner === 'Payment Received'
          ? 'An order in status Payment Received cannot move to Cancelled (Item Unavailable); it may move to: In Progress, Shipped, Refund Sent.'
          : 'An order in status Cancelled (Item Unavailable) cannot move to Payment Received; it may move to: none.',
      );
      expect((await as(buyer).get(`/marketplace/orders/${id}`)).body.status).to.equal(winner);
      expect(await statusEntries(id)).to.equal(1);
    }
  });
});
