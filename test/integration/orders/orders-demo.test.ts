import { expect } from 'chai';
import type { Container } from 'inversify';
import { ordersModule } from '../../../composition/orders/orders-module.js';
import { EVENTS } from '../../../composition/events/events-tokens.js';
import { ORDERS } from '../../../composition/orders/orders-tokens.js';
import { aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, emptyIdentity } from '../../support/identity-fixtures.js';
import { aListing, aSeller, emptyMarket, someRates } from '../../support/order-fixtures.js';
import { testContainer } from '../../support/test-app.js';
import { isMemory, openTestStorage, type TestStorage } from '../../support/test-storage.js';

describe('Orders demo data', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let container: Container;

  const open = async (): Promise<void> => {
    db = await openTestStorage();
    container = testContainer(db);
    await seedCatalogue(db, { releases: [aRelease(301), aRelease(302)] });
  };
  before(open);
  after(() => db.close());
  beforeEach(async () => {
    // An in-memory storage is emptied by opening another.
    if (isMemory(db)) {
      await db.close();
      await open();
      return;
    }
    await emptyMarket(db);
    await emptyIdentity(db);
  });

  const demo = async (): Promise<string[]> => {
    const lines: string[] = [];
    await ordersModule.demo!(container, (line) => lines.push(line));
    return lines;
  };

  it("puts the demo seller's oldest listing for sale in the demo buyer's cart, once", async () => {
    const seller = await aUser(container, 'demo-seller');
    const buyer = await aUser(container, 'demo-buyer');
    await aSeller(container, seller.id);
    await aListing(container, seller.id, 301, '4', 'USD', { status: 'Draft' });
    const first = await aListing(container, seller.id, 301, '5');
    await aListing(container, seller.id, 302, '6');
    const n = (k: number) => `${seller.id}-${k}`;
    expect(await demo()).to.deep.equal([
      `orders: demo-buyer bought from demo-seller: ${n(1)} (Shipped, with feedback; $22.50 with $4.50 shipping), ${n(2)} (Buyer ed), ${n(3)} (cancelled, archived)`,
      `orders: put demo-seller's listing ${first.id} in demo-buyer's cart`,
    ]);
    expect(await demo()).to.deep.equal(['orders: demo-seller has orders already; demo orders left out', 'orders: demo-buyer has a cart already; demo cart left out']);
    const items = await container.get(ORDERS.CartRepository).items(buyer.id);
    expect(items.map((i) => i.listingId)).to.deep.equal([first.id]);
  });

  it('takes the demo orders through their lifecycles: one shipped with feedback both ways, one asked about, one cancelled', async () => {
    const seller = await aUser(container, 'demo-seller');
    const buyer = await aUser(container, 'demo-buyer');
    await aSeller(container, seller.id, 'GBP');
    await someRates(container, { GBP: '0.8' });
    expect((await demo())[0]).to.match(/^orders: demo-buyer bought from demo-seller/);
    const orders = container.get(ORDERS.OrderRepository);
    const [shipped, asked, cancelled] = await Promise.all([1, 2, 3].map((k) => orders.byId(`${seller.id}-${k}`)));
    expect([shipped!.status, asked!.status, cancelled!.status]).to.deep.equal(['Shipped', 'Buyer ed', 'Cancelled (Item Unavailable)']);
    expect([shipped!.buyerId, shipped!.shipping.toString(), shipped!.shippingMethod, shipped!.total.toString()]).to.deep.equal([
      buyer.id,
      '4.50 GBP',
      'Royal Mail 2nd Class',
      '22.50 GBP',
    ]);
    expect([shipped!.archived, asked!.archived, cancelled!.archived]).to.deep.equal([false, false, true]);
    const log = await orders.messages(shipped!.id, 0, 50);
    expect(log.items.map((m) => m.type).reverse()).to.deep.equal(['shipping', 'status', 'message', 'status', 'message']);
    expect((await orders.messages(asked!.id, 0, 50)).total).to.equal(3);
    // Each read the logs as they went: the buyer's thanks is the seller's one unread entry, the cancellation the buyer's.
    const unread = container.get(ORDERS.UnreadMessages);
    expect([await unread.count(seller.id), await unread.count(buyer.id)]).to.deep.equal([1, 1]);
    expect((await orders.feedbackOn(shipped!.id)).map((f) => [f.from, f.rating])).to.have.deep.members([
      ['buyer', 'positive'],
      ['seller', 'positive'],
    ]);
    const counts = await orders.feedbackCounts(seller.id);
    expect(counts.seller).to.deep.equal({ positive: 1, neutral: 0, negative: 0 });
    // The demo goes through the use cases, so its orders' events are there for GET /events (and webhooks) too.
    const outbox = container.get(EVENTS.Outbox);
    const sellerEvents = await outbox.read({ userId: seller.id, after: 0, limit: 100 });
    expect(sellerEvents.filter((e) => e.type === 'order.created')).to.have.length(3);
    expect(sellerEvents.filter((e) => e.type === 'listing.sold')).to.have.length(3);
    expect((await outbox.read({ userId: buyer.id, after: 0, limit: 100 })).map((e) => e.type)).to.include.members(['order.created', 'order.message_added', 'order.status_changed', 'order.shipping_changed']);
  });

  it('leaves the orders and the cart out without demo users or listings', async () => {
    expect(await demo()).to.deep.equal(['orders: no demo users; demo orders left out', 'orders: no demo users; demo cart left out']);
    await aUser(container, 'demo-seller');
    await aUser(container, 'demo-buyer');
    const lines = await demo();
    expect(lines[1]).to.equal('orders: demo-seller has no listing for sale; demo cart left out');
  });
});
