import { expect } from 'chai';
import type { Container } from 'inversify';
import { FixedClock } from '../../../adapters/in-memory/fixed-clock.js';
import type { Listing } from '../../../domain/marketplace/listing.js';
import type { Who } from '../../support/api-as.js';
import { aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, anApplication, emptyIdentity, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { aListing, aSeller } from '../../support/order-fixtures.js';
import { buyThroughCheckout, callerOf, clockedContainer, orderUrl, stamp, type OrderJson } from '../../support/order-http.js';
import { BASE_URL, WEB_URL } from '../../support/test-app.js';
import { openTestStorage, type TestStorage } from '../../support/test-storage.js';

/*
 * The order endpoints driven by the buyer and the seller over HTTP: one order through its whole lifecycle with the
 * message log compared entry by entry after every step, every illegal move refused with the order left as it was,
 * the trade ratings feedback feeds, and the Discogs dialect's words. The clock stands still between steps, so every
 * timestamp is exact.
 */

const ADDRESS = 'Bob Buyer\n1 High Street\nLondon';
const STATUSES = [
  'New Order',
  'Buyer ed',
  'Invoice Sent',
  'Payment Pending',
  'Payment Received',
  'In Progress',
  'Shipped',
  'Refund Sent',
  'Cancelled (Non-Paying Buyer)',
  'Cancelled (Item Unavailable)',
  "Cancelled (Per Buyer's Request)",
] as const;
const CANCEL_UNPAID = ['Cancelled (Non-Paying Buyer)', 'Cancelled (Item Unavailable)', "Cancelled (Per Buyer's Request)"];
/** The seller's and the buyer's rows of the transition table (ADR 0021), for the statuses these tests visit. */
const SELLER_NEXT: Record<string, string[]> = {
  'New Order': ['Buyer ed', 'Invoice Sent', 'Payment Pending', 'Payment Received', 'Cancelled (Item Unavailable)', "Cancelled (Per Buyer's Request)"],
  'Buyer ed': ['Invoice Sent', 'Payment Pending', 'Payment Received', ...CANCEL_UNPAID],
  'Invoice Sent': ['Buyer ed', 'Payment Pending', 'Payment Received', ...CANCEL_UNPAID],
  'Payment Pending': ['Buyer ed', 'Payment Received', ...CANCEL_UNPAID],
  'Payment Received': ['In Progress', 'Shipped', 'Refund Sent'],
  'In Progress': ['Shipped', 'Refund Sent'],
  Shipped: ['Refund Sent'],
  'Refund Sent': ['In Progress', 'Shipped', 'Cancelled (Item Unavailable)', "Cancelled (Per Buyer's Request)"],
  "Cancelled (Per Buyer's Request)": [],
};
const BUYER_NEXT: Record<string, string[]> = {
  'New Order': ["Cancelled (Per Buyer's Request)"],
  'Buyer ed': ["Cancelled (Per Buyer's Request)"],
  'Invoice Sent': ['Payment Pending', "Cancelled (Per Buyer's Request)"],
};
const buyerNext = (status: string): string[] => BUYER_NEXT[status] ?? [];
const NOT_A_PARTY = { message: 'Only the buyer and the seller of an order can see or change it.' };
const NOT_FOUND = { message: 'The requested resource was not found.' };
/** Every endpoint of one order, with a body each would accept: `[method, path after the order's, body]`. */
const ORDER_ENDPOINTS = [
  ['get', '', undefined],
  ['post', '', { status: 'Invoice Sent' }],
  ['get', '/messages', undefined],
  ['post', '/messages', { message: 'Hi' }],
  ['post', '/refunds', { amount: 1 }],
  ['post', '/feedback', { rating: 'positive' }],
] as const;

describe('Orders over HTTP: the lifecycle, its message log, refusals, ratings and dialects', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let container: Container;
  let clock: FixedClock;
  let client: TestApplication;
  let as: ReturnType<typeof callerOf>;
  let sam: TestUser; // sells in USD
  let bob: TestUser; // buys
  let carl: TestUser; // buys too; a third party to bob's orders
  let forSale: Listing; // sam's, never sold: shows his stats
  const spare: Listing[] = [];

  before(async () => {
    db = await openTestStorage();
    clock = new FixedClock('2026-03-02T09:00:00Z');
    container = clockedContainer(db, clock);
    await emptyIdentity(db);
    [sam, bob, carl] = [await aUser(container, 'sam'), await aUser(container, 'bob'), await aUser(container, 'carl')];
    client = await anApplication(container, 'bob', 'Order App');
    as = callerOf(container, client);
    await seedCatalogue(db, {
      releases: [aRelease(101, { title: 'One' }), aRelease(102, { title: 'Two' }), aRelease(103, { title: 'Three' })],
    });
    await aSeller(container, sam.id, 'USD');
    forSale = await aListing(container, sam.id, 103, '99.00');
    for (let i = 0; i < 10; i++) spare.push(await aListing(container, sam.id, 103, `${12 + i}.00`));
  });
  after(() => db.close());

  /** Moves the clock on by `minutes` and answers the new time as the API writes it. */
  const tick = (minutes = 60): string => {
    clock.advance(minutes * 60_000);
    return stamp(clock);
  };
  const user = (u: TestUser) => ({ id: u.id, name: u.name, username: u.name, resource_url: `${BASE_URL}/s/${u.name}` });
  const usd = (value: number) => ({ currency: 'USD', value });
  const get = async (who: Who, id: string): Promise<OrderJson> => {
    const res = await as(who).get(`/marketplace/orders/${id}`);
    expect(res.status, res.text).to.equal(200);
    return res.body as OrderJson;
  };
  const messagesOf = async (who: Who, id: string): Promise<object[]> => {
    const res = await as(who).get(`/marketplace/orders/${id}/messages`);
    expect(res.status, res.text).to.equal(200);
    expect(res.body.pagination).to.deep.include({ page: 1, per_page: 50, items: res.body.messages.length });
    return res.body.messages as object[];
  };
  /** Moves a fresh order of sam's along the seller's edits. */
  const sellerMoves = async (id: string, ...statuses: string[]) => {
    for (const status of statuses) {
      tick(1);
      const res = await as(sam).post(`/marketplace/orders/${id}`, { status });
      expect(res.status, res.text).to.equal(200);
    }
  };

  describe('a whole lifecycle by the buyer and the seller', () => {
    let id: string;
    let t0: string;
    let items: object[];
    /** The log as both parties must read it, the most recent entry first. */
    const log: object[] = [];
    const ref = () => ({ id, resource_url: orderUrl(id) });
    /** The reply's subject: the brand, the order, its first item's title (the public API's documented reply). */
    const replySubject = () => `Service Order #${id}, One`;
    const messageEntry = (at: string, from: TestUser, to: TestUser, message: string) => ({
      type: 'message',
      timestamp: at,
      message,
      // The public API's log: New Message, the order, the first item's title and how many more.
      subject: `New Message - Order #${id} - One + 1 more item`,
      order: ref(),
      from: { ...user(from), avatar_url: `${BASE_URL}/avatars/${from.name}.svg` },
      to: user(to),
    });
    const statusEntry = (at: string, actor: TestUser, from: string, to: string, statusId: number) => ({
      type: 'status',
      timestamp: at,
      message: `${actor === sam ? 'Seller' : 'Buyer'} changed status from ${from} to ${to}`,
      subject: '',
      order: ref(),
      status_id: statusId,
      actor: { name: actor.name, username: actor.name, resource_url: `${BASE_URL}/s/${actor.name}` },
      to: user(actor === sam ? bob : sam),
    });
    const refundEntry = (type: 'refund_sent' | 'refund_received', at: string, amount: number, message: string) => ({
      type,
      timestamp: at,
      message,
      subject: '',
      order: ref(),
      refund: { amount, order: ref() },
      to: user(bob),
    });
    /** Both parties read the same log, entry by entry, and the order at `status`, last active `at`. */
    const expectState = async (status: string, at: string, total?: number) => {
      expect(await messagesOf(sam, id)).to.deep.equal(log);
      expect(await messagesOf(bob, id)).to.deep.equal(log);
      const seller = await get(sam, id);
      const buyer = await get(bob, id);
      expect(seller).to.deep.include({ status, next_status: SELLER_NEXT[status], last_activity: at, fee: usd(2.84) });
      expect(buyer).to.deep.include({ status, next_status: buyerNext(status), last_activity: at });
      expect(buyer).not.to.have.property('fee');
      if (total !== undefined) for (const view of [seller, buyer]) expect(view.total).to.deep.equal(usd(total));
      return { seller, buyer };
    };

    it('starts as the checkout made it: New Order, nothing in the log, the fee to the seller alone', async () => {
      t0 = stamp(clock);
      const bought = await buyThroughCheckout(as, bob, 'sam', [await aListing(container, sam.id, 101, '10.00'), await aListing(container, sam.id, 102, '25.50')], ADDRESS);
      id = bought.id;
      expect(id).to.equal(`${sam.id}-1`);
      items = bought.items;
      expect(items.map((i: any) => [i.release.id, i.price, i.media_condition, i.sleeve_condition])).to.deep.equal([
        [101, usd(10), 'Very Good Plus (VG+)', ''],
        [102, usd(25.5), 'Very Good Plus (VG+)', ''],
      ]);
      expect(items.map((i: any) => i.release.description)).to.deep.equal(['Someone - One (Vinyl, LP)', 'Someone - Two (Vinyl, LP)']);
      const buyerView = {
        id,
        resource_url: orderUrl(id),
        messages_url: `${orderUrl(id)}/messages`,
        uri: `${WEB_URL}/sell/order/${id}`,
        status: 'New Order',
        next_status: ["Cancelled (Per Buyer's Request)"],
        created: t0,
        items,
        shipping: { currency: 'USD', method: '', value: 0 },
        shipping_address: ADDRESS,
        additional_instructions: '',
        archived: false,
        seller: user(sam),
        last_activity: t0,
        buyer: user(bob),
        total: usd(35.5),
        refunds: { sent: usd(0), received: usd(0) },
        feedback: { buyer: null, seller: null },
      };
      expect(bought).to.deep.equal(buyerView);
      expect(await get(bob, id)).to.deep.equal(buyerView);
      expect(await get(sam, id)).to.deep.equal({ ...buyerView, next_status: SELLER_NEXT['New Order'], fee: usd(2.84) });
      await expectState('New Order', t0, 35.5);
    });

    it('lets the buyer ask a question: a message entry from the buyer to the seller, the status kept', async () => {
      const at = tick();
      const res = await as(bob).post(`/marketplace/orders/${id}/messages`, { message: 'Could you post both records together?' });
      expect(res.status, res.text).to.equal(201);
      expect(res.body).to.deep.equal({
        from: { name: 'bob', username: 'bob', resource_url: `${BASE_URL}/s/bob` },
        message: 'Could you post both records together?',
        order: ref(),
        timestamp: at,
        subject: replySubject(),
        type: 'message',
      });
      log.unshift(messageEntry(at, bob, sam, 'Could you post both records together?'));
      await expectState('New Order', at);
    });

    it("sends the invoice with the seller's shipping edit: a shipping entry, then a status entry to Invoice Sent", async () => {
      const at = tick();
      const res = await as(sam).post(`/marketplace/orders/${id}`, { shipping: 5, shipping_method: 'Royal Mail' });
      expect(res.status, res.text).to.equal(200);
      // The total is the items and the shipping (35.50 and 5.00); the fee stays on the items.
      expect(res.body).to.deep.include({ status: 'Invoice Sent', shipping: { currency: 'USD', method: 'Royal Mail', value: 5 }, total: usd(40.5), fee: usd(2.84), last_activity: at });
      expect(res.body.next_status).to.deep.equal(SELLER_NEXT['Invoice Sent']);
      log.unshift(
        statusEntry(at, sam, 'New Order', 'Invoice Sent', 3),
        {
          type: 'shipping',
          timestamp: at,
          message: 'sam set the shipping price to $5.00.',
          subject: '',
          order: ref(),
          original: 0,
          new: 5,
          to: user(bob),
        },
      );
      const { buyer } = await expectState('Invoice Sent', at, 40.5);
      expect(buyer.shipping).to.deep.equal({ currency: 'USD', method: 'Royal Mail', value: 5 });
      expect(buyer.next_status).to.deep.equal(['Payment Pending', "Cancelled (Per Buyer's Request)"]);
    });

    it('changes the shipping again in Invoice Sent: a shipping entry alone, the method kept when none is given', async () => {
      const at = tick();
      const res = await as(sam).post(`/marketplace/orders/${id}`, { shipping: '6.50' });
      expect(res.status, res.text).to.equal(200);
      expect(res.body).to.deep.include({ status: 'Invoice Sent', shipping: { currency: 'USD', method: 'Royal Mail', value: 6.5 }, total: usd(42), last_activity: at });
      log.unshift({
        type: 'shipping',
        timestamp: at,
        message: 'sam set the shipping price to $6.50.',
        subject: '',
        order: ref(),
        original: 5,
        new: 6.5,
        to: user(bob),
      });
      await expectState('Invoice Sent', at, 42);
    });

    it("takes the buyer's message with the status Payment Pending as one message entry, the status sentence first", async () => {
      const at = tick();
      const res = await as(bob).post(`/marketplace/orders/${id}/messages`, { message: 'Paid by PayPal just now.', status: 'Payment Pending' });
      expect(res.status, res.text).to.equal(201);
      const text = 'Buyer changed status from Invoice Sent to Payment Pending\n\nPaid by PayPal just now.';
      expect(res.body).to.deep.include({ message: text, type: 'message', timestamp: at });
      log.unshift(messageEntry(at, bob, sam, text));
      await expectState('Payment Pending', at);
    });

    it("takes the seller's edit to Payment Received: a status entry, and the buyer can move it no further", async () => {
      const at = tick();
      const res = await as(sam).post(`/marketplace/orders/${id}`, { status: 'Payment Received' });
      expect(res.status, res.text).to.equal(200);
      expect(res.body).to.deep.include({ status: 'Payment Received', next_status: ['In Progress', 'Shipped', 'Refund Sent'], fee: usd(2.84) });
      log.unshift(statusEntry(at, sam, 'Payment Pending', 'Payment Received', 5));
      await expectState('Payment Received', at);
    });

    it("moves on to In Progress with the seller's message, and to Shipped with an edit", async () => {
      const inProgress = tick();
      const msg = await as(sam).post(`/marketplace/orders/${id}/messages`, { message: 'Packing them today.', status: 'In Progress' });
      expect(msg.status, msg.text).to.equal(201);
      const text = 'Seller changed status from Payment Received to In Progress\n\nPacking them today.';
      expect(msg.body).to.deep.equal({
        from: { name: 'sam', username: 'sam', resource_url: `${BASE_URL}/s/sam` },
        message: text,
        order: ref(),
        timestamp: inProgress,
        subject: replySubject(),
        type: 'message',
      });
      log.unshift(messageEntry(inProgress, sam, bob, text));
      await expectState('In Progress', inProgress);

      const shipped = tick();
      expect((await as(sam).post(`/marketplace/orders/${id}`, { status: 'Shipped' })).status).to.equal(200);
      log.unshift(statusEntry(shipped, sam, 'In Progress', 'Shipped', 6));
      await expectState('Shipped', shipped);
    });

    it('records a refund sent (Refund Sent, with its entry and a status entry) and then received (the status kept)', async () => {
      const shippedAt = stamp(clock);
      tick();
      const tooMuch = await as(sam).post(`/marketplace/orders/${id}/refunds`, { amount: '42.01' });
      expect(tooMuch.status).to.equal(422);
      expect(tooMuch.body).to.deep.equal({ message: 'A refund may be at most what is left of the payment, 42.00 USD.' });
      await expectState('Shipped', shippedAt);

      const sent = tick();
      const res = await as(sam).post(`/marketplace/orders/${id}/refunds`, { amount: '5.50', type: 'sent' });
      expect(res.status, res.text).to.equal(201);
      const sentEntry = refundEntry('refund_sent', sent, 5.5, 'sam sent refund of $5.50.');
      expect(res.body).to.deep.equal(sentEntry);
      log.unshift(statusEntry(sent, sam, 'Shipped', 'Refund Sent', 7), sentEntry);
      let { seller, buyer } = await expectState('Refund Sent', sent);
      for (const view of [seller, buyer]) expect(view.refunds).to.deep.equal({ sent: usd(5.5), received: usd(0) });
      tick();
      for (const [body, message] of [
        [{ amount: '36.51' }, 'A refund may be at most what is left of the payment, 36.50 USD.'],
        [{ amount: 6, type: 'received' }, 'A refund received may be at most what was sent and not yet received, 5.50 USD.'],
      ] as const) {
        const res = await as(sam).post(`/marketplace/orders/${id}/refunds`, body);
        expect(res.status).to.equal(422);
        expect(res.body).to.deep.equal({ message });
      }
      await expectState('Refund Sent', sent);

      const received = tick();
      const got = await as(sam).post(`/marketplace/orders/${id}/refunds`, { amount: 5.5, type: 'received' });
      expect(got.status, got.text).to.equal(201);
      const receivedEntry = refundEntry('refund_received', received, 5.5, 'bob received refund of $5.50.');
      expect(got.body).to.deep.equal(receivedEntry);
      log.unshift(receivedEntry);
      ({ seller, buyer } = await expectState('Refund Sent', received));
      for (const view of [seller, buyer]) expect(view.refunds).to.deep.equal({ sent: usd(5.5), received: usd(5.5) });

      // A part refund: the parcel carries on. A status alone sent as a message is a status entry.
      const back = tick();
      const moved = await as(sam).post(`/marketplace/orders/${id}/messages`, { status: 'Shipped' });
      expect(moved.status, moved.text).to.equal(201);
      expect(moved.body).to.deep.equal({
        from: { name: 'sam', username: 'sam', resource_url: `${BASE_URL}/s/sam` },
        message: 'Seller changed status from Refund Sent to Shipped',
        order: ref(),
        timestamp: back,
        subject: replySubject(),
        type: 'status',
      });
      log.unshift(statusEntry(back, sam, 'Refund Sent', 'Shipped', 6));
      await expectState('Shipped', back);
    });

    it('takes feedback both ways (201) without touching the log or the last activity', async () => {
      const lastActivity = stamp(clock);
      const first = tick();
      const given = await as(bob).post(`/marketplace/orders/${id}/feedback`, { rating: 'positive', comment: 'Well packed.' });
      expect(given.status, given.text).to.equal(201);
      expect(given.body).to.deep.equal({ order: ref(), from: 'buyer', rating: 'positive', comment: 'Well packed.', timestamp: first });
      const second = tick();
      const back = await as(sam).post(`/marketplace/orders/${id}/feedback`, { rating: 'positive' });
      expect(back.status, back.text).to.equal(201);
      expect(back.body).to.deep.equal({ order: ref(), from: 'seller', rating: 'positive', comment: '', timestamp: second });
      const { seller, buyer } = await expectState('Shipped', lastActivity);
      const feedback = {
        buyer: { rating: 'positive', comment: 'Well packed.', timestamp: first },
        seller: { rating: 'positive', comment: '', timestamp: second },
      };
      expect(seller.feedback).to.deep.equal(feedback);
      expect(buyer.feedback).to.deep.equal(feedback);
    });

    it('reads the whole order and the whole log alike for both parties at the end', async () => {
      const whole = await messagesOf(bob, id);
      expect(whole).to.deep.equal(log);
      expect(whole.map((m: any) => m.type)).to.deep.equal([
        'status',
        'refund_received',
        'status',
        'refund_sent',
        'status',
        'message',
        'status',
        'message',
        'shipping',
        'status',
        'shipping',
        'message',
      ]);
      const buyer = await get(bob, id);
      expect(buyer).to.deep.equal({
        id,
        resource_url: orderUrl(id),
        messages_url: `${orderUrl(id)}/messages`,
        uri: `${WEB_URL}/sell/order/${id}`,
        status: 'Shipped',
        next_status: [],
        created: t0,
        items,
        shipping: { currency: 'USD', method: 'Royal Mail', value: 6.5 },
        shipping_address: ADDRESS,
        additional_instructions: '',
        archived: false,
        seller: user(sam),
        last_activity: buyer.last_activity,
        buyer: user(bob),
        total: usd(42),
        refunds: { sent: usd(5.5), received: usd(5.5) },
        feedback: buyer.feedback,
      });
      expect(await get(sam, id)).to.deep.equal({ ...buyer, next_status: ['Refund Sent'], fee: usd(2.84) });
      // Paged, most recent first.
      const page = await as(sam).get(`/marketplace/orders/${id}/messages?per_page=4&page=2`);
      expect(page.status).to.equal(200);
      expect(page.body.messages).to.deep.equal(log.slice(4, 8));
      expect(page.body.pagination).to.deep.include({ page: 2, pages: 3, per_page: 4, items: 12 });
      // A third user never sees the order nor its log.
      for (const path of [`/marketplace/orders/${id}`, `/marketplace/orders/${id}/messages`]) {
        const res = await as(carl).get(path);
        expect(res.status).to.equal(403);
        expect(res.body).to.deep.equal(NOT_A_PARTY);
        expect(res.text).not.to.contain('High Street');
        expect((await as('anonymous').get(path)).status).to.equal(401);
        expect((await as('app').get(path)).status).to.equal(403);
      }
    });
  });

  describe('refusals, with the order left as it was', () => {
    let fresh: string; // bob's, New Order
    let paid: string; // carl's, Payment Received, 13.00 USD
    let shipped: string; // carl's, Shipped
    let cancelled: string; // bob's, Cancelled (Per Buyer's Request)

    before(async () => {
      fresh = (await buyThroughCheckout(as, bob, 'sam', [spare[0]!])).id;
      paid = (await buyThroughCheckout(as, carl, 'sam', [spare[1]!])).id;
      await sellerMoves(paid, 'Payment Received');
      shipped = (await buyThroughCheckout(as, carl, 'sam', [spare[2]!])).id;
      await sellerMoves(shipped, 'Payment Received', 'Shipped');
      cancelled = (await buyThroughCheckout(as, bob, 'sam', [spare[3]!])).id;
      tick(1);
      const cancel = await as(bob).post(`/marketplace/orders/${cancelled}`, { status: "Cancelled (Per Buyer's Request)" });
      expect(cancel.status, cancel.text).to.equal(200);
      expect(cancel.body).to.deep.include({ status: "Cancelled (Per Buyer's Request)", next_status: [] });
    });

    const refusal = (res: { status: number; body: unknown; text: string }, code: number, message: string, what = '') => {
      expect(res.status, `${what} ${res.text}`).to.equal(code);
      expect(res.body, what).to.deep.equal({ message });
    };
    /** Runs `attempt` a minute on, then both parties read the order and its log exactly as before. */
    const unchanged = async (id: string, buyer: TestUser, attempt: () => Promise<void>) => {
      const before = [await get(sam, id), await get(buyer, id), await messagesOf(sam, id)];
      tick(1);
      await attempt();
      expect([await get(sam, id), await get(buyer, id), await messagesOf(sam, id)]).to.deep.equal(before);
    };
    const cases = (): Array<[string, string, TestUser]> => [
      [fresh, 'New Order', bob],
      [paid, 'Payment Received', carl],
      [shipped, 'Shipped', carl],
      [cancelled, "Cancelled (Per Buyer's Request)", bob],
    ];

    it('refuses every status outside next_status with 422, by the edit and by a message, for either party', async () => {
      for (const [id, status, buyer] of cases()) {
        await unchanged(id, buyer, async () => {
          for (const [who, next] of [[sam, SELLER_NEXT[status]!], [buyer, buyerNext(status)]] as const) {
            for (const to of STATUSES.filter((s) => !next.includes(s))) {
              const message =
                to === status
                  ? `The order is already ${status}.`
                  : who === buyer && next.length === 0
                    ? `A buyer cannot change the status of an order in status ${status}.`
                    : `An order in status ${status} cannot move to ${to}; it may move to: ${next.length === 0 ? 'none' : next.join(', ')}.`;
              const what = `${who.name}: ${status} → ${to}`;
              refusal(await as(who).post(`/marketplace/orders/${id}`, { status: to }), 422, message, what);
              refusal(await as(who).post(`/marketplace/orders/${id}/messages`, { status: to }), 422, message, `${what} (message)`);
              if (to !== status) {
                refusal(await as(who).post(`/marketplace/orders/${id}/messages`, { message: 'Please?', status: to }), 422, message, `${what} (message with text)`);
              }
            }
          }
          if (status === 'Shipped') {
            const named = 'An order in status Shipped cannot move to Buyer ed; it may move to: Refund Sent.';
            refusal(await as(sam).post(`/marketplace/orders/${id}`, { status: 'Buyer Contacted' }), 422, named);
          }
        });
      }
    });

    it('refuses status with shipping, neither of them, and shipping where the status locks it', async () => {
      await unchanged(fresh, bob, async () => {
        const edit = (body: unknown) => as(sam).post(`/marketplace/orders/${fresh}`, body);
        refusal(await edit({ status: 'Invoice Sent', shipping: 3 }), 422, 'status and shipping cannot be changed in the same request.');
        refusal(await edit({}), 422, 'Give a status, shipping or archived.');
        refusal(await edit({ status: null, shipping: null }), 422, 'Give a status, shipping or archived.');
        refusal(await edit({ shipping_method: 'Post' }), 422, 'shipping_method goes with shipping. Give a status, shipping or archived.');
      });
      for (const [id, status, buyer] of cases().slice(1)) {
        await unchanged(id, buyer, async () => {
          const message = `The shipping of an order in status ${status} cannot be changed.`;
          refusal(await as(sam).post(`/marketplace/orders/${id}`, { shipping: 4, shipping_method: 'Post' }), 422, message, status);
          refusal(await as(sam).post(`/marketplace/orders/${id}`, { shipping: 0 }), 422, message, status);
        });
      }
    });

    it('forbids the buyer shipping, archiving and refunds (403), and a third user anything (403)', async () => {
      await unchanged(fresh, bob, async () => {
        refusal(await as(bob).post(`/marketplace/orders/${fresh}`, { shipping: 2 }), 403, 'Only the seller can set the shipping of an order.');
        refusal(await as(bob).post(`/marketplace/orders/${fresh}`, { archived: true }), 403, 'Only the seller can archive an order.');
        // The whole request is refused: the cancellation it carries is not applied either.
        refusal(await as(bob).post(`/marketplace/orders/${fresh}`, { status: "Cancelled (Per Buyer's Request)", archived: true }), 403, 'Only the seller can archive an order.');
        refusal(await as(bob).post(`/marketplace/orders/${fresh}/refunds`, { amount: 1 }), 403, 'Only the seller can record a refund.');
        // The refunds are the seller's alone: the buyer is refused before the body is read.
        refusal(await as(bob).post(`/marketplace/orders/${fresh}/refunds`, {}), 403, 'Only the seller can record a refund.');
        refusal(await as(bob).post(`/marketplace/orders/${fresh}/refunds`, { amount: 'lots', type: 'lost' }), 403, 'Only the seller can record a refund.');
        for (const [path, body] of [['', { status: 'Invoice Sent' }], ['/messages', { message: 'Hi' }], ['/refunds', { amount: 1 }]] as const) {
          refusal(await as(carl).post(`/marketplace/orders/${fresh}${path}`, body), 403, NOT_A_PARTY.message, path);
          expect((await as('anonymous').post(`/marketplace/orders/${fresh}${path}`, body)).status).to.equal(401);
        }
        refusal(await as(carl).post(`/marketplace/orders/${fresh}/feedback`, { rating: 'positive' }), 403, 'Only the buyer and the seller of an order can leave feedback on it.');
      });
      await unchanged(paid, carl, async () => {
        refusal(await as(carl).post(`/marketplace/orders/${paid}/refunds`, { amount: 1, type: 'received' }), 403, 'Only the seller can record a refund.');
        refusal(await as(carl).post(`/marketplace/orders/${paid}`, { archived: false }), 403, 'Only the seller can archive an order.');
      });
    });

    it('refuses refunds before payment, beyond what was paid, received before sent, and bad refund bodies', async () => {
      for (const [id, status, buyer] of [cases()[0]!, cases()[3]!]) {
        await unchanged(id, buyer, async () => {
          const message = `An order in status ${status} has not been paid; a refund may be sent once it is Payment Received.`;
          refusal(await as(sam).post(`/marketplace/orders/${id}/refunds`, { amount: 1 }), 422, message);
          refusal(await as(sam).post(`/marketplace/orders/${id}/refunds`, { amount: 1, type: 'received' }), 422, 'No refund sent is waiting to be received.');
        });
      }
      await unchanged(paid, carl, async () => {
        const refund = (body: unknown) => as(sam).post(`/marketplace/orders/${paid}/refunds`, body);
        refusal(await refund({ amount: '13.01' }), 422, 'A refund may be at most what is left of the payment, 13.00 USD.');
        refusal(await refund({ amount: 14, type: 'sent' }), 422, 'A refund may be at most what is left of the payment, 13.00 USD.');
        refusal(await refund({ amount: 1, type: 'received' }), 422, 'No refund sent is waiting to be received.');
        refusal(await refund({ amount: 0 }), 422, 'amount must be greater than 0, got 0.');
        refusal(await refund({ amount: -1 }), 422, 'amount must be greater than 0, got -1.');
        refusal(await refund({ amount: 1.001 }), 422, 'amount may have at most 2 decimals in USD, got 1.001.');
        refusal(await refund({ amount: 'lots' }), 422, 'amount must be a number, got "lots".');
        refusal(await refund({}), 422, 'amount is required.');
        refusal(await refund({ amount: 1, type: 'lost' }), 422, 'type must be sent or received, got "lost".');
        refusal(await refund({ type: 'lost' }), 422, 'type must be sent or received, got "lost". amount is required.');
        refusal(await refund([1]), 422, 'The request body must be a JSON object with amount.');
        refusal(await refund(undefined), 422, 'The request body must be a JSON object with amount.');
      });
    });

    it('refuses feedback before shipping and bad feedback, storing none', async () => {
      await unchanged(paid, carl, async () => {
        for (const who of [carl, sam]) {
          refusal(await as(who).post(`/marketplace/orders/${paid}/feedback`, { rating: 'positive' }), 422, 'Feedback can be left once the order has been shipped.');
        }
      });
      await unchanged(shipped, carl, async () => {
        const feedback = (body: unknown) => as(carl).post(`/marketplace/orders/${shipped}/feedback`, body);
        refusal(await feedback({}), 422, 'rating is required.');
        refusal(await feedback({ rating: 'great' }), 422, 'rating must be one of positive, neutral, negative, got "great".');
        refusal(await feedback({ rating: 'negative' }), 422, 'A negative feedback needs a comment saying why.');
        refusal(await feedback({ rating: 'neutral', comment: '   ' }), 422, 'A neutral feedback needs a comment saying why.');
        refusal(await feedback({ rating: 'positive', comment: 5 }), 422, 'comment must be text, got 5.');
        refusal(await feedback({ rating: 'positive', comment: 'x'.repeat(1001) }), 422, 'comment may be at most 1000 characters long, got 1001.');
        refusal(await feedback(['positive']), 422, 'The request body must be a JSON object with rating and comment.');
        refusal(await as(bob).post(`/marketplace/orders/${shipped}/feedback`, { rating: 'positive' }), 403, 'Only the buyer and the seller of an order can leave feedback on it.');
      });
    });

    it('refuses bad edit and message bodies, naming every problem', async () => {
      const object = 'The request body must be a JSON object with status, shipping or archived.';
      const notAStatus = (v: unknown) => `status must be an order status (see the API's order statuses), got ${JSON.stringify(v)}.`;
      const edits: Array<[unknown, string]> = [
        [undefined, object],
        [[{ status: 'Invoice Sent' }], object],
        [{ status: 5 }, notAStatus(5)],
        [{ status: 'Lost' }, notAStatus('Lost')],
        [{ status: 'new order' }, notAStatus('new order')],
        [{ status: 'Merged' }, notAStatus('Merged')],
        [{ shipping: 'abc' }, 'shipping must be a number, got "abc".'],
        [{ shipping: -1 }, 'shipping may not be negative, got -1.'],
        [{ shipping: 1.234 }, 'shipping may have at most 2 decimals in USD, got 1.234.'],
        [{ shipping: 2_000_000_000 }, 'shipping may be at most 1000000000, got 2000000000.'],
        [{ shipping: true }, 'shipping must be a number, got true.'],
        [{ shipping: 2, shipping_method: 7 }, 'shipping_method must be text, got 7.'],
        [{ shipping: 2, shipping_method: 'x'.repeat(201) }, 'shipping_method may be at most 200 characters long, got 201.'],
        [{ archived: 'yes' }, 'archived must be true or false, got "yes".'],
        [{ archived: 1 }, 'archived must be true or false, got 1.'],
        [{ status: 5, archived: 1 }, `${notAStatus(5)} archived must be true or false, got 1.`],
      ];
      const messages: Array<[unknown, string]> = [
        [undefined, 'The request body must be a JSON object with message, status or both.'],
        [[], 'The request body must be a JSON object with message, status or both.'],
        [{}, 'Give a message, a status or both.'],
        [{ message: 5 }, 'message must be text, got 5.'],
        [{ message: '   ' }, 'message may not be blank.'],
        [{ message: 'x'.repeat(10_001) }, 'message may be at most 10000 characters long, got 10001.'],
        [{ message: 'Hi', status: 'Lost' }, notAStatus('Lost')],
        [{ status: ['Invoice Sent'] }, notAStatus(['Invoice Sent'])],
      ];
      await unchanged(fresh, bob, async () => {
        for (const [body, message] of edits) refusal(await as(sam).post(`/marketplace/orders/${fresh}`, body), 422, message, JSON.stringify(body));
        for (const [body, message] of messages) {
          refusal(await as(bob).post(`/marketplace/orders/${fresh}/messages`, body), 422, message, JSON.stringify(body));
        }
        for (const path of ['', '/messages', '/refunds', '/feedback']) {
          const res = await as(sam).post(`/marketplace/orders/${fresh}${path}`).set('Content-Type', 'application/json').send('{"status": ');
          expect(res.status, path).to.equal(422);
          expect(res.body.message, path).to.be.a('string');
        }
      });
    });

    it('accepts Buyer Contacted for Buyer ed, and a message naming the present status as a plain message', async () => {
      const at = tick();
      const res = await as(sam).post(`/marketplace/orders/${fresh}`, { status: 'Buyer Contacted' });
      expect(res.status, res.text).to.equal(200);
      expect(res.body).to.deep.include({ status: 'Buyer ed', next_status: SELLER_NEXT['Buyer ed'], last_activity: at });
      const later = tick();
      const msg = await as(bob).post(`/marketplace/orders/${fresh}/messages`, { message: 'Got your note.', status: 'Buyer Contacted' });
      expect(msg.status, msg.text).to.equal(201);
      expect(msg.body).to.deep.include({ message: 'Got your note.', type: 'message', timestamp: later });
      const log = (await messagesOf(bob, fresh)) as any[];
      expect(log.map((m) => [m.type, m.message, m.timestamp])).to.deep.equal([
        ['message', 'Got your note.', later],
        ['status', 'Seller changed status from New Order to Buyer ed', at],
      ]);
      expect(log[1].status_id).to.equal(2);
      refusal(await as(sam).post(`/marketplace/orders/${fresh}`, { status: 'Buyer ed' }), 422, 'The order is already Buyer ed.');
      refusal(await as(sam).post(`/marketplace/orders/${fresh}/messages`, { status: 'Buyer Contacted' }), 422, 'The order is already Buyer ed.');
    });

    it('archives an order for the seller (no log entry, no activity), which both parties still read', async () => {
      const before = await get(sam, paid);
      tick();
      const res = await as(sam).post(`/marketplace/orders/${paid}`, { archived: true });
      expect(res.status, res.text).to.equal(200);
      expect(res.body).to.deep.equal({ ...before, archived: true });
      expect(await get(carl, paid)).to.deep.include({ archived: true, last_activity: before.last_activity, status: 'Payment Received' });
      expect((await messagesOf(carl, paid)).length).to.equal(1);
      const back = await as(sam).post(`/marketplace/orders/${paid}`, { archived: 'false' });
      expect(back.status, back.text).to.equal(200);
      expect(back.body).to.deep.equal(before);
    });

    it('answers a third party alike for an order of another seller that exists and one that does not (ADR 0050)', async () => {
      await unchanged(fresh, bob, async () => {
        for (const [method, path, body] of ORDER_ENDPOINTS) {
          const ask = (id: string) => (method === 'get' ? as(carl).get(`/marketplace/orders/${id}${path}`) : as(carl).post(`/marketplace/orders/${id}${path}`, body));
          const [known, unknown] = [await ask(fresh), await ask(`${sam.id}-999`)];
          expect([unknown.status, unknown.body], `${method} ${path}`).to.deep.equal([known.status, known.body]);
          expect(known.status, `${method} ${path}`).to.equal(403);
        }
      });
    });

    it('answers 404 for a malformed order id, or an unknown one in the caller\'s own numbering, on every order endpoint', async () => {
      const ids = [`${sam.id}-999`, 'abc', '1-0', '01-1', `${sam.id}-01`, '0-1', `${sam.id}-1-1`, `-${sam.id}`, '99999999999-1'];
      for (const id of ids) {
        for (const [method, path, body] of ORDER_ENDPOINTS) {
          const res = method === 'get' ? await as(sam).get(`/marketplace/orders/${id}${path}`) : await as(sam).post(`/marketplace/orders/${id}${path}`, body);
          expect(res.status, `${method} ${id}${path}`).to.equal(404);
          expect(res.body, `${method} ${id}${path}`).to.deep.equal(NOT_FOUND);
        }
      }
    });
  });

  describe('trade ratings fed by feedback, on profiles and listings', () => {
    let shipped: string;
    let shipped2: string;

    before(async () => {
      const all = (await as(carl).get('/marketplace/purchases?status=Shipped')).body.orders as OrderJson[];
      expect(all).to.have.length(1);
      shipped = all[0]!.id;
      shipped2 = (await buyThroughCheckout(as, carl, 'sam', [spare[4]!])).id;
      await sellerMoves(shipped2, 'Payment Received', 'Shipped');
    });

    const standing = async (u: TestUser) => {
      const res = await as(carl).get(`/s/${u.name}`);
      expect(res.status, res.text).to.equal(200);
      const b = res.body;
      return {
        seller: [b.seller_rating, b.seller_rating_stars, b.seller_num_ratings],
        buyer: [b.buyer_rating, b.buyer_rating_stars, b.buyer_num_ratings],
      };
    };
    const stats = async () => {
      const res = await as('anonymous').get(`/marketplace/listings/${forSale.id}`);
      expect(res.status, res.text).to.equal(200);
      return res.body.seller.stats;
    };
    const give = async (who: TestUser, id: string, body: object, code: number) => {
      tick(1);
      const res = await as(who).post(`/marketplace/orders/${id}/feedback`, body);
      expect(res.status, res.text).to.equal(code);
    };

    it('counts the feedback of the lifecycle: the seller rated by the buyer, the buyer by the seller', async () => {
      expect(await standing(sam)).to.deep.equal({ seller: [100, 5, 1], buyer: [0, 0, 0] });
      expect(await standing(bob)).to.deep.equal({ seller: [0, 0, 0], buyer: [100, 5, 1] });
      expect(await standing(carl)).to.deep.equal({ seller: [0, 0, 0], buyer: [0, 0, 0] });
      expect(await stats()).to.deep.equal({ rating: '100.0', stars: 5, total: 1 });
    });

    it('moves the figures as neutral and negative feedback come in and replace earlier feedback', async () => {
      await give(carl, shipped, { rating: 'positive', comment: 'Fine.' }, 201);
      await give(carl, shipped2, { rating: 'positive' }, 201);
      expect(await standing(sam)).to.deep.include({ seller: [100, 5, 3] });
      // bob replaces his positive with a neutral: 2 positive of 3.
      await give(bob, `${sam.id}-1`, { rating: 'neutral', comment: 'Slow to answer.' }, 200);
      expect(await standing(sam)).to.deep.include({ seller: [66.7, 3.5, 3] });
      expect(await stats()).to.deep.equal({ rating: '66.7', stars: 3.5, total: 3 });
      const order = await get(bob, `${sam.id}-1`);
      expect(order.feedback.buyer).to.deep.equal({ rating: 'neutral', comment: 'Slow to answer.', timestamp: stamp(clock) });
      // carl replaces one positive with a negative: 1 of 3.
      await give(carl, shipped2, { rating: 'negative', comment: 'Arrived broken.' }, 200);
      expect(await standing(sam)).to.deep.include({ seller: [33.3, 1.5, 3] });
      expect(await stats()).to.deep.equal({ rating: '33.3', stars: 1.5, total: 3 });
      // The seller rates carl: his buyer figures, not sam's.
      await give(sam, shipped, { rating: 'negative', comment: 'Never answered.' }, 201);
      expect(await standing(carl)).to.deep.equal({ seller: [0, 0, 0], buyer: [0, 0, 1] });
      await give(sam, shipped2, { rating: 'positive' }, 201);
      expect(await standing(carl)).to.deep.equal({ seller: [0, 0, 0], buyer: [50, 2.5, 2] });
      expect(await standing(sam)).to.deep.equal({ seller: [33.3, 1.5, 3], buyer: [0, 0, 0] });
      expect(await standing(bob)).to.deep.equal({ seller: [0, 0, 0], buyer: [100, 5, 1] });
    });
  });

  describe('the Discogs dialect', () => {
    let discogs: ReturnType<typeof callerOf>;
    let id: string;

    before(() => {
      discogs = callerOf(clockedContainer(db, clock, { BRAND: 'Discogs' }), client, 'Discogs');
    });
    const dUser = (u: TestUser) => ({ id: u.id, username: u.name, resource_url: `${BASE_URL}/users/${u.name}` });
    const ref = () => ({ id, resource_url: orderUrl(id) });
    /** The title of the release of the listing bought in the Discogs dialect. */
    const spareTitle = 'Three';

    it('reads Buyer ed as Buyer Contacted, users by username, subjects of the Discogs brand; takes Buyer Contacted', async () => {
      tick();
      const bought = await buyThroughCheckout(discogs, bob, 'sam', [spare[5]!]);
      id = bought.id;
      expect(bought).to.deep.include({ status: 'New Order', next_status: ["Cancelled (Per Buyer's Request)"], seller: dUser(sam), buyer: dUser(bob) });
      expect((await discogs(sam).get(`/marketplace/orders/${id}`)).body.next_status).to.deep.equal(['Buyer Contacted', ...SELLER_NEXT['New Order']!.slice(1)]);

      const contacted = tick();
      const res = await discogs(sam).post(`/marketplace/orders/${id}`, { status: 'Buyer Contacted' });
      expect(res.status, res.text).to.equal(200);
      expect(res.body).to.deep.include({ status: 'Buyer Contacted', next_status: SELLER_NEXT['Buyer ed'], seller: dUser(sam), buyer: dUser(bob) });
      const listed = await discogs(sam).get('/marketplace/orders?status=Buyer%20Contacted');
      expect(listed.status, listed.text).to.equal(200);
      expect(listed.body.orders.map((o: OrderJson) => [o.id, o.status])).to.deep.equal([
        [`${sam.id}-2`, 'Buyer Contacted'],
        [id, 'Buyer Contacted'],
      ]);
      const spec = await as(sam).get('/marketplace/orders?status=Buyer%20ed');
      expect(spec.body.orders.map((o: OrderJson) => [o.id, o.status])).to.deep.equal([
        [`${sam.id}-2`, 'Buyer ed'],
        [id, 'Buyer ed'],
      ]);

      const asked = tick();
      const msg = await discogs(bob).post(`/marketplace/orders/${id}/messages`, { message: 'Yes, still want it.' });
      expect(msg.status, msg.text).to.equal(201);
      expect(msg.body).to.deep.equal({
        from: { username: 'bob', resource_url: `${BASE_URL}/users/bob` },
        message: 'Yes, still want it.',
        order: ref(),
        timestamp: asked,
        subject: `Discogs Order #${id}, ${spareTitle}`,
        type: 'message',
      });
      const invoiced = tick();
      const shipping = await discogs(sam).post(`/marketplace/orders/${id}`, { shipping: '3.00' });
      expect(shipping.status, shipping.text).to.equal(200);
      expect(shipping.body.next_status).to.deep.equal(['Buyer Contacted', ...SELLER_NEXT['Invoice Sent']!.slice(1)]);

      const actor = { username: 'sam', resource_url: `${BASE_URL}/users/sam` };
      expect(shipping.body.total).to.deep.equal(usd(Number(spare[5]!.price.toDecimalString()) + 3));
      const log = await discogs(bob).get(`/marketplace/orders/${id}/messages`);
      expect(log.status, log.text).to.equal(200);
      expect(log.body.messages).to.deep.equal([
        {
          type: 'status',
          timestamp: invoiced,
          message: 'sam changed the order status to Invoice Sent.',
          subject: '',
          order: ref(),
          status_id: 3,
          actor,
          to: dUser(bob),
        },
        { type: 'shipping', timestamp: invoiced, message: 'sam set the shipping price to $3.00.', subject: '', order: ref(), original: 0, new: 3, to: dUser(bob) },
        {
          type: 'message',
          timestamp: asked,
          message: 'Yes, still want it.',
          subject: `New Message - Order #${id} - ${spareTitle}`,
          order: ref(),
          from: { ...dUser(bob), avatar_url: `${BASE_URL}/avatars/${bob.name}.svg` },
          to: dUser(sam),
        },
        {
          type: 'status',
          timestamp: contacted,
          message: 'sam changed the order status to Buyer Contacted.',
          subject: '',
          order: ref(),
          status_id: 2,
          actor,
          to: dUser(bob),
        },
      ]);
      // The same entries in the spec's words.
      const specLog = (await as(bob).get(`/marketplace/orders/${id}/messages`)).body.messages as any[];
      expect(specLog.map((m) => [m.message, m.subject])).to.deep.equal([
        ['Seller changed status from Buyer ed to Invoice Sent', ''],
        ['sam set the shipping price to $3.00.', ''],
        ['Yes, still want it.', `New Message - Order #${id} - ${spareTitle}`],
        ['Seller changed status from New Order to Buyer ed', ''],
      ]);
      expect(specLog[2].from).to.deep.equal({ ...user(bob), avatar_url: `${BASE_URL}/avatars/${bob.name}.svg` });
      expect(specLog[0].actor).to.deep.equal({ name: 'sam', username: 'sam', resource_url: `${BASE_URL}/s/sam` });

      // Refusals name the statuses in the dialect's words.
      const refused = await discogs(sam).post(`/marketplace/orders/${id}`, { status: 'Shipped' });
      expect(refused.status).to.equal(422);
      expect(refused.body.message).to.match(/^An order in status Invoice Sent cannot move to Shipped; it may move to: Buyer Contacted, Payment Pending/);
      const specRefused = await as(sam).post(`/marketplace/orders/${id}`, { status: 'Shipped' });
      expect(specRefused.body.message).to.match(/^An order in status Invoice Sent cannot move to Shipped; it may move to: Buyer ed, Payment Pending/);
      const backTo = await discogs(sam).post(`/marketplace/orders/${id}`, { status: 'Buyer Contacted' });
      expect(backTo.status, backTo.text).to.equal(200);
      const already = await discogs(sam).post(`/marketplace/orders/${id}/messages`, { status: 'Buyer Contacted' });
      expect(already.status).to.equal(422);
      expect(already.body).to.deep.equal({ message: 'The order is already Buyer Contacted.' });
      // Nothing the Discogs dialect answers about the order spells the spec's status.
      for (const path of [`/marketplace/orders/${id}`, `/marketplace/orders/${id}/messages`, '/marketplace/orders?status=Buyer%20Contacted']) {
        const read = await discogs(sam).get(path);
        expect(read.status, path).to.equal(200);
        expect(read.text, path).not.to.contain('Buyer ed');
      }
    });
  });
});
