import { expect } from 'chai';
import { InMemoryOrderStore } from '../../adapters/in-memory/in-memory-order-store.js';
import { InMemoryUnitOfWork } from '../../adapters/in-memory/in-memory-unit-of-work.js';
import type { Database } from '../../adapters/persistence/database.js';
import { MikroOrmListingRepository } from '../../adapters/persistence/marketplace/mikro-orm-listing-repository.js';
import { MikroOrmUnitOfWork, query } from '../../adapters/persistence/mikro-orm-unit-of-work.js';
import { MikroOrmCartRepository } from '../../adapters/persistence/orders/mikro-orm-cart-repository.js';
import { MikroOrmOrderRepository } from '../../adapters/persistence/orders/mikro-orm-order-repository.js';
import { SqlUnreadOrderMessages } from '../../adapters/persistence/orders/sql-unread-order-messages.js';
import type { UnreadOrderMessages } from '../../application/ports/unread-order-messages.js';
import type { CartContents } from '../../application/ports/cart-contents.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import { newListing } from '../../domain/marketplace/listing.js';
import { Money } from '../../domain/marketplace/money.js';
import type { CartRepository } from '../../domain/orders/cart-repository.js';
import { Order, type OrderRecord } from '../../domain/orders/order.js';
import type { OrderFeedback } from '../../domain/orders/order-feedback.js';
import { orderId } from '../../domain/orders/order-id.js';
import type { OrderMessage } from '../../domain/orders/order-message.js';
import { type OrderListQuery, type OrderRepository } from '../../domain/orders/order-repository.js';
import { ORDER_SORTS, type OrderSort } from '../../domain/orders/order-sort.js';
import { storedUsers } from '../support/identity-fixtures.js';
import { openTestDatabase } from '../support/test-database.js';

interface Subject {
  readonly uow: UnitOfWork;
  readonly carts: CartRepository & CartContents;
  readonly orders: OrderRepository;
  readonly unread: UnreadOrderMessages;
  /** Three users who exist, named as NAMES says. */
  readonly users: readonly number[];
  /** Four listings that exist. */
  readonly listings: readonly number[];
  /**
   * On a PostgreSQL server only (units of work on connections of their own): resolves once some session of the test
   * database waits for a lock.
   */
  readonly someoneWaitsForALock?: () => Promise<void>;
}

/** The three users' names: their login forms sort ann (the second user), ben (the third), cat (the first). */
const NAMES = ['cat', 'Ann', 'ben'] as const;

const AT = (s: number, ms = 0) => new Date(Date.UTC(2026, 10, 23, 0, 0, s, ms));
const EUR = (amount: string) => Money.fromDecimal(amount, 'EUR');

/** The order as a repository would read it back after `change` was stored over it (its version unchanged). */
const changed = (order: Order, change: Partial<OrderRecord>): Order => Order.restore({ ...order.record(), ...change });

function anOrder(sellerId: number, number: number, buyerId: number, listings: readonly number[], more: Partial<OrderRecord> = {}): Order {
  return Order.restore({
    id: orderId(sellerId, number),
    sellerId,
    number,
    buyerId,
    status: 'New Order',
    currency: 'EUR',
    items: listings.map((listingId, i) => ({
      listingId,
      releaseId: 500 + i,
      price: i === 0 ? Money.fromDecimal('12.34', 'EUR') : Money.fromDecimal('1500', 'JPY'),
      mediaCondition: 'Mint (M)',
      sleeveCondition: i === 0 ? null : 'Generic',
    })),
    total: EUR('21.34'),
    fee: EUR('1.71'),
    shipping: Money.zero('EUR'),
    shippingMethod: '',
    refunded: Money.zero('EUR'),
    refundReceived: Money.zero('EUR'),
    shippedAt: null,
    shippingAddress: 'Line 1\nLine 2',
    additionalInstructions: 'Careful.',
    created: AT(1),
    lastActivity: AT(1),
    archived: false,
    version: 1,
    ...more,
  });
}

function contract(name: string, open: () => Promise<Subject>): void {
  describe(`Cart and order repository contract: ${name}`, function () {
    this.timeout(60_000);
    let s: Subject;
    beforeEach(async () => (s = await open()));

    it('keeps a listing in a cart once, oldest first, and takes it out again', async () => {
      const [u, v] = s.users as [number, number];
      const [a, b, c] = s.listings as [number, number, number];
      expect(await s.carts.items(u)).to.deep.equal([]);
      expect(await s.uow.run(() => s.carts.add({ userId: u, listingId: b, addedAt: AT(2) }))).to.equal(true);
      expect(await s.uow.run(() => s.carts.add({ userId: u, listingId: a, addedAt: AT(3) }))).to.equal(true);
      expect(await s.uow.run(() => s.carts.add({ userId: u, listingId: c, addedAt: AT(2) }))).to.equal(true);
      expect(await s.uow.run(() => s.carts.add({ userId: u, listingId: b, addedAt: AT(9) })), 'twice').to.equal(false);
      expect(await s.uow.run(() => s.carts.add({ userId: v, listingId: b, addedAt: AT(4) }))).to.equal(true);
      const mine = await s.carts.items(u);
      expect(mine.map((i) => [i.userId, i.listingId, i.addedAt.getTime()])).to.deep.equal([
        [u, Math.min(b, c), AT(2).getTime()],
        [u, Math.max(b, c), AT(2).getTime()],
        [u, a, AT(3).getTime()],
      ]);
      expect(await s.carts.count(u)).to.equal(3);
      expect(await s.carts.inCart(u, [a, 999999, -1])).to.deep.equal(new Set([a]));
      expect(await s.carts.inCart(u, [])).to.deep.equal(new Set());
      expect(await s.uow.run(() => s.carts.remove(u, a))).to.equal(true);
      expect(await s.uow.run(() => s.carts.remove(u, a))).to.equal(false);
      expect(await s.uow.run(() => s.carts.remove(u, 0))).to.equal(false);
      await s.uow.run(() => s.carts.removeAll(u, [b, c, 999999]));
      expect(await s.carts.count(u)).to.equal(0);
      expect(await s.carts.count(v), "another user's cart").to.equal(1);
    });

    it("numbers each seller's orders from 1 on, separately, and takes a number back with a failed unit of work", async () => {
      const [u, v] = s.users as [number, number];
      expect(await s.uow.run(() => s.orders.nextNumber(u))).to.equal(1);
      expect(await s.uow.run(() => s.orders.nextNumber(u))).to.equal(2);
      expect(await s.uow.run(() => s.orders.nextNumber(v))).to.equal(1);
      await s.uow
        .run(async () => {
          expect(await s.orders.nextNumber(u)).to.equal(3);
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      expect(await s.uow.run(() => s.orders.nextNumber(u))).to.equal(3);
    });

    it('stores an order with its items, money, shipping method, refunds and shipped time exactly, and refuses a second order with its id', async () => {
      const [u, v] = s.users as [number, number];
      const [a, b] = s.listings as [number, number];
      const order = anOrder(u, 1, v, [a, b], {
        status: 'Shipped',
        shipping: EUR('4.50'),
        shippingMethod: 'Registered mail, ☂ tracked',
        refunded: EUR('3.00'),
        refundReceived: EUR('1.25'),
        shippedAt: AT(4, 123),
        created: AT(1, 1),
        lastActivity: AT(5, 999),
        archived: true,
      });
      await s.uow.run(() => s.orders.add(order));
      expect(await s.orders.byId(order.id)).to.deep.equal(order);
      expect(await s.uow.run(() => s.orders.lockById(order.id))).to.deep.equal(order);
      const stored = (await s.orders.byId(order.id))!;
      expect(stored.items.map((i) => [i.listingId, i.releaseId, i.price.toString(), i.mediaCondition, i.sleeveCondition])).to.deep.equal([
        [a, 500, '12.34 EUR', 'Mint (M)', null],
        [b, 501, '1500 JPY', 'Mint (M)', 'Generic'],
      ]);
      const plain = anOrder(u, 2, v, [a]);
      await s.uow.run(() => s.orders.add(plain));
      expect(await s.orders.byId(plain.id), 'the defaults of a new order').to.deep.equal(plain);
      let refused = false;
      await s.uow.run(() => s.orders.add(anOrder(u, 1, v, [b]))).catch(() => (refused = true));
      expect(refused).to.equal(true);
      expect((await s.orders.byId(order.id))!.items).to.have.length(2);
      expect(await s.orders.byId(`${u}-99`)).to.equal(null);
      expect(await s.uow.run(() => s.orders.lockById(`${u}-99`))).to.equal(null);
      for (const bad of ['', 'x', '1-', '01-1', '1-1-1', '99999999999-1']) {
        expect(await s.orders.byId(bad), bad).to.equal(null);
        expect(await s.uow.run(() => s.orders.lockById(bad)), bad).to.equal(null);
      }
    });

    it('saves every changed field over the version it was read at only; a stale or missing order stores nothing', async () => {
      const [u, v] = s.users as [number, number];
      const [a] = s.listings as [number];
      await s.uow.run(() => s.orders.add(anOrder(u, 1, v, [a])));
      const read = (await s.uow.run(() => s.orders.lockById(`${u}-1`)))!;
      const change = changed(read, {
        status: 'Shipped',
        // A new shipping moves the total with it.
        total: read.total.plus(EUR('4.5')),
        shipping: EUR('4.5'),
        shippingMethod: 'Parcel',
        refunded: EUR('2.00'),
        refundReceived: EUR('0.50'),
        shippedAt: AT(6, 7),
        lastActivity: AT(6, 8),
        archived: true,
      });
      expect(await s.uow.run(() => s.orders.save(change))).to.equal(true);
      const stored = (await s.orders.byId(`${u}-1`))!;
      expect(stored).to.deep.equal(changed(change, { version: 2 }));
      const stale = changed(read, {
        status: 'Invoice Sent',
        shipping: EUR('9'),
        shippingMethod: 'Stale',
        refunded: EUR('9'),
        refundReceived: EUR('9'),
        shippedAt: AT(9),
        lastActivity: AT(9),
        archived: false,
      });
      expect(await s.uow.run(() => s.orders.save(stale)), 'a stale version').to.equal(false);
      expect(await s.orders.byId(`${u}-1`)).to.deep.equal(stored);
      expect(await s.uow.run(() => s.orders.save(changed(stored, { id: `${u}-2`, number: 2 }))), 'no such order').to.equal(false);
      expect(await s.orders.byId(`${u}-2`)).to.equal(null);
      expect(await s.uow.run(() => s.orders.save(changed(stored, { shippedAt: null }))), 'back to no shipped time').to.equal(true);
      expect(await s.orders.byId(`${u}-1`)).to.deep.equal(changed(stored, { shippedAt: null, version: 3 }));
    });

    it('keeps every kind of log entry exactly, reads them newest first (the last appended first within an instant), a page at a time', async () => {
      const [u, v] = s.users as [number, number];
      const [a] = s.listings as [number];
      const id = orderId(u, 1);
      const other = orderId(u, 2);
      await s.uow.run(async () => {
        await s.orders.add(anOrder(u, 1, v, [a]));
        await s.orders.add(anOrder(u, 2, v, [a]));
      });
      const seller = { orderId: id, actorId: u, actor: 'seller' as const };
      const buyer = { orderId: id, actorId: v, actor: 'buyer' as const };
      const entries: OrderMessage[] = [
        { ...buyer, timestamp: AT(2, 1), type: 'message', text: 'Hello?\nIs it still there? ☃', statusChange: null },
        { ...seller, timestamp: AT(3, 2), type: 'status', statusChange: { from: 'New Order', to: 'Buyer ed' } },
        { ...seller, timestamp: AT(4, 3), type: 'shipping', original: EUR('0'), new: EUR('4.50'), method: 'Registered mail' },
        { ...seller, timestamp: AT(4, 3), type: 'message', text: 'Invoice on its way', statusChange: { from: 'Buyer ed', to: 'Invoice Sent' } },
      ];
      const more: OrderMessage[] = [
        { ...seller, timestamp: AT(5), type: 'shipping', original: EUR('4.50'), new: EUR('6'), method: '' },
        { ...seller, timestamp: AT(6), type: 'refund_sent', amount: EUR('3.25') },
        { ...seller, timestamp: AT(6), type: 'refund_received', amount: EUR('1.00') },
        { ...buyer, timestamp: AT(7), type: 'message', text: '', statusChange: { from: 'Invoice Sent', to: "Cancelled (Per Buyer's Request)" } },
      ];
      await s.uow.run(() => s.orders.appendMessages(entries));
      await s.uow.run(() => s.orders.appendMessages([{ ...seller, orderId: other, timestamp: AT(9), type: 'refund_sent', amount: EUR('1') }]));
      await s.uow.run(() => s.orders.appendMessages([]));
      await s.uow.run(() => s.orders.appendMessages(more));
      const newestFirst = [...entries, ...more].reverse();
      expect(await s.orders.messages(id, 0, 100)).to.deep.equal({ total: 8, items: newestFirst });
      expect(await s.orders.messages(id, 2, 3)).to.deep.equal({ total: 8, items: newestFirst.slice(2, 5) });
      expect(await s.orders.messages(id, 7, 3)).to.deep.equal({ total: 8, items: newestFirst.slice(7) });
      expect(await s.orders.messages(id, 8, 3)).to.deep.equal({ total: 8, items: [] });
      expect((await s.orders.messages(other, 0, 10)).total).to.equal(1);
      expect(await s.orders.messages(orderId(u, 3), 0, 10)).to.deep.equal({ total: 0, items: [] });
    });

    describe('lists', () => {
      let u: number, v: number, w: number;
      const listQuery = (more: Partial<OrderListQuery> = {}): OrderListQuery => ({
        party: 'seller',
        userId: u,
        statuses: null,
        refundReceived: false,
        createdAfter: null,
        createdBefore: null,
        archived: null,
        sort: 'id',
        descending: false,
        offset: 0,
        limit: 50,
        ...more,
      });
      /** The numbers of u's sales listed. */
      const sales = async (more: Partial<OrderListQuery> = {}) => (await s.orders.list(listQuery(more))).items.map((o) => o.number);
      /** The ids of u's purchases listed. */
      const purchases = async (more: Partial<OrderListQuery> = {}) => (await s.orders.list(listQuery({ party: 'buyer', ...more }))).items.map((o) => o.id);

      beforeEach(async () => {
        [u, v, w] = s.users as [number, number, number];
        const [a, b] = s.listings as [number, number];
        // u's sales, to v (ann) and w (ben): created, last activity, status, refunds and archived flags that sort and
        // filter differently, with ties.
        const sold: Order[] = [
          anOrder(u, 1, v, [a], { created: AT(30), lastActivity: AT(50), status: 'New Order' }),
          anOrder(u, 2, w, [a, b], { created: AT(20), lastActivity: AT(40), status: 'Shipped', archived: true, refunded: EUR('2') }),
          anOrder(u, 3, v, [b], { created: AT(20), lastActivity: AT(30), status: 'Cancelled (Item Unavailable)', refunded: EUR('5'), refundReceived: EUR('5') }),
          anOrder(u, 4, w, [a], { created: AT(10), lastActivity: AT(60), status: 'Cancelled (Non-Paying Buyer)' }),
          anOrder(u, 5, v, [a, b], { created: AT(40), lastActivity: AT(60), status: 'Invoice Sent' }),
          // u's purchases, from v (ann) and w (ben), and an order u is no party of.
          anOrder(v, 1, u, [a], { created: AT(15) }),
          anOrder(w, 1, u, [b], { created: AT(15) }),
          anOrder(v, 2, u, [a, b], { created: AT(25) }),
          anOrder(v, 3, w, [a], { created: AT(15) }),
        ];
        await s.uow.run(async () => {
          for (const o of sold) await s.orders.add(o);
        });
      });

      it("lists a party's orders with all their items and fields, and counts them", async () => {
        const page = await s.orders.list(listQuery());
        expect(page.total).to.equal(5);
        expect(page.items).to.deep.equal(await Promise.all([1, 2, 3, 4, 5].map(async (n) => (await s.orders.byId(orderId(u, n)))!)));
        const bought = await s.orders.list(listQuery({ party: 'buyer' }));
        expect(bought.total).to.equal(3);
        expect(bought.items).to.deep.equal(await Promise.all([orderId(v, 1), orderId(v, 2), orderId(w, 1)].map(async (id) => (await s.orders.byId(id))!)));
        expect(await s.orders.list(listQuery({ userId: w, party: 'seller' }))).to.deep.equal({ total: 1, items: [(await s.orders.byId(orderId(w, 1)))!] });
      });

      it('filters by status, refund received, created bounds (after inclusive, before exclusive) and archived flag', async () => {
        const cancelled = ['Cancelled (Non-Paying Buyer)', 'Cancelled (Item Unavailable)', "Cancelled (Per Buyer's Request)"] as const;
        expect(await sales({ statuses: cancelled })).to.deep.equal([3, 4]);
        expect(await sales({ statuses: ['New Order', 'Shipped'] })).to.deep.equal([1, 2]);
        expect(await s.orders.list(listQuery({ statuses: [] }))).to.deep.equal({ total: 0, items: [] });
        expect(await sales({ refundReceived: true })).to.deep.equal([3]);
        expect(await sales({ statuses: cancelled, refundReceived: true })).to.deep.equal([3]);
        expect(await sales({ createdAfter: AT(20) })).to.deep.equal([1, 2, 3, 5]);
        expect(await sales({ createdBefore: AT(30) })).to.deep.equal([2, 3, 4]);
        expect(await sales({ createdAfter: AT(20), createdBefore: AT(30) })).to.deep.equal([2, 3]);
        expect(await sales({ createdAfter: AT(20, 1), createdBefore: AT(30, 1) })).to.deep.equal([1]);
        expect(await sales({ archived: true })).to.deep.equal([2]);
        expect(await sales({ archived: false })).to.deep.equal([1, 3, 4, 5]);
        expect(await purchases({ createdAfter: AT(20) })).to.deep.equal([orderId(v, 2)]);
        expect(await purchases({ statuses: ['Shipped'] })).to.deep.equal([]);
        const filtered = await s.orders.list(listQuery({ archived: false, sort: 'created', limit: 2 }));
        expect([filtered.total, filtered.items.map((o) => o.number)]).to.deep.equal([4, [4, 3]]);
      });

      it('sorts by each key both ways, breaking ties by the order id in the same direction', async () => {
        const ascending: Record<OrderSort, number[]> = {
          id: [1, 2, 3, 4, 5],
          // The other party's name, in its login form: ann (v) before ben (w).
          buyer: [1, 3, 5, 2, 4],
          seller: [1, 3, 5, 2, 4],
          created: [4, 2, 3, 1, 5],
          // Status text: Cancelled (Item…), Cancelled (Non…), Invoice Sent, New Order, Shipped.
          status: [3, 4, 5, 1, 2],
          last_activity: [3, 2, 1, 4, 5],
        };
        for (const sort of ORDER_SORTS) {
          expect(await sales({ sort }), sort).to.deep.equal(ascending[sort]);
          expect(await sales({ sort, descending: true }), `${sort} descending`).to.deep.equal([...ascending[sort]].reverse());
        }
        expect(await purchases({ sort: 'seller' })).to.deep.equal([orderId(v, 1), orderId(v, 2), orderId(w, 1)]);
        expect(await purchases({ sort: 'seller', descending: true })).to.deep.equal([orderId(w, 1), orderId(v, 2), orderId(v, 1)]);
        expect(await purchases({ sort: 'id' }), 'by the seller, then their number').to.deep.equal([orderId(v, 1), orderId(v, 2), orderId(w, 1)]);
        expect(await purchases({ sort: 'id', descending: true })).to.deep.equal([orderId(w, 1), orderId(v, 2), orderId(v, 1)]);
        expect(await purchases({ sort: 'created' })).to.deep.equal([orderId(v, 1), orderId(w, 1), orderId(v, 2)]);
        expect(await purchases({ sort: 'created', descending: true })).to.deep.equal([orderId(v, 2), orderId(w, 1), orderId(v, 1)]);
      });

      it('pages through the sorted list, with the total of every page', async () => {
        const page = async (offset: number, limit: number) => {
          const p = await s.orders.list(listQuery({ sort: 'last_activity', descending: true, offset, limit }));
          return [p.total, p.items.map((o) => o.number), p.items.map((o) => o.items.length)];
        };
        expect(await page(0, 2)).to.deep.equal([5, [5, 4], [2, 1]]);
        expect(await page(2, 2)).to.deep.equal([5, [1, 2], [1, 2]]);
        expect(await page(4, 2)).to.deep.equal([5, [3], [1]]);
        expect(await page(5, 2)).to.deep.equal([5, [], []]);
      });
    });

    it('keeps one feedback per order and party, replacing it, and counts what each user received in each role', async () => {
      const [u, v, w] = s.users as [number, number, number];
      const [a] = s.listings as [number];
      await s.uow.run(async () => {
        await s.orders.add(anOrder(u, 1, v, [a]));
        await s.orders.add(anOrder(u, 2, w, [a]));
        await s.orders.add(anOrder(w, 1, u, [a]));
      });
      const fromBuyer: OrderFeedback = { orderId: orderId(u, 1), from: 'buyer', authorId: v, subjectId: u, rating: 'positive', comment: '', given: AT(5, 5) };
      const fromSeller: OrderFeedback = { orderId: orderId(u, 1), from: 'seller', authorId: u, subjectId: v, rating: 'negative', comment: 'Never paid ☹', given: AT(6, 6) };
      expect(await s.orders.feedbackOn(orderId(u, 1))).to.deep.equal([]);
      await s.uow.run(() => s.orders.putFeedback(fromBuyer));
      expect(await s.orders.feedbackOn(orderId(u, 1))).to.deep.equal([fromBuyer]);
      await s.uow.run(() => s.orders.putFeedback(fromSeller));
      expect(await s.orders.feedbackOn(orderId(u, 1)), "the seller's first").to.deep.equal([fromSeller, fromBuyer]);
      const replaced: OrderFeedback = { ...fromBuyer, rating: 'neutral', comment: 'Slow', given: AT(7, 7) };
      await s.uow.run(() => s.orders.putFeedback(replaced));
      expect(await s.orders.feedbackOn(orderId(u, 1))).to.deep.equal([fromSeller, replaced]);
      await s.uow.run(async () => {
        await s.orders.putFeedback({ orderId: orderId(u, 2), from: 'buyer', authorId: w, subjectId: u, rating: 'positive', comment: '', given: AT(8) });
        await s.orders.putFeedback({ orderId: orderId(w, 1), from: 'buyer', authorId: u, subjectId: w, rating: 'negative', comment: 'Broken', given: AT(8) });
        await s.orders.putFeedback({ orderId: orderId(w, 1), from: 'seller', authorId: w, subjectId: u, rating: 'positive', comment: '', given: AT(8) });
      });
      const counts = (positive: number, neutral: number, negative: number) => ({ positive, neutral, negative });
      expect(await s.orders.feedbackCounts(u)).to.deep.equal({ seller: counts(1, 1, 0), buyer: counts(1, 0, 0) });
      expect(await s.orders.feedbackCounts(v)).to.deep.equal({ seller: counts(0, 0, 0), buyer: counts(0, 0, 1) });
      expect(await s.orders.feedbackCounts(w)).to.deep.equal({ seller: counts(0, 0, 1), buyer: counts(0, 0, 0) });
      expect(await s.orders.feedbackOn(orderId(u, 3))).to.deep.equal([]);
    });

    it("counts each user's unread entries, the other party's after their mark on each order's log, and never moves a mark back", async () => {
      const [u, v, w] = s.users as [number, number, number];
      const [a] = s.listings as [number];
      const first = orderId(u, 1);
      const second = orderId(w, 1);
      await s.uow.run(async () => {
        await s.orders.add(anOrder(u, 1, v, [a]));
        await s.orders.add(anOrder(w, 1, u, [a]));
      });
      const say = (id: string, actorId: number, actor: 'seller' | 'buyer', text: string): OrderMessage => ({ orderId: id, timestamp: AT(2), actorId, actor, type: 'message', text, statusChange: null });
      // The two logs' entries interleave, so a position in one log is not its place among all entries.
      await s.uow.run(() => s.orders.appendMessages([say(first, v, 'buyer', 'one'), say(second, w, 'seller', 'x')]));
      await s.uow.run(() => s.orders.appendMessages([say(second, u, 'buyer', 'y'), say(first, v, 'buyer', 'two')]));
      await s.uow.run(() =>
        s.orders.appendMessages([
          { orderId: first, timestamp: AT(3), actorId: u, actor: 'seller', type: 'shipping', original: EUR('0'), new: EUR('2'), method: '' },
          { orderId: first, timestamp: AT(4), actorId: v, actor: 'buyer', type: 'status', statusChange: { from: 'New Order', to: "Cancelled (Per Buyer's Request)" } },
        ]),
      );
      const counts = async () => [await s.unread.count(u), await s.unread.count(v), await s.unread.count(w)];
      // u: the buyer's three entries on the first order and w's on the second; v: u's shipping; w: u's message.
      expect(await counts()).to.deep.equal([4, 1, 1]);
      await s.uow.run(() => s.orders.markRead(first, u, 2));
      expect(await counts()).to.deep.equal([2, 1, 1]);
      await s.uow.run(() => s.orders.markRead(first, u, 1));
      expect(await counts(), 'an older mark changes nothing').to.deep.equal([2, 1, 1]);
      await s.uow.run(async () => {
        await s.orders.markRead(first, u, 4);
        await s.orders.markRead(second, u, 1);
        await s.orders.markRead(first, v, 3);
      });
      expect(await counts()).to.deep.equal([0, 0, 1]);
      await s.uow.run(() => s.orders.appendMessages([say(first, v, 'buyer', 'three')]));
      expect(await counts()).to.deep.equal([1, 0, 1]);
      await s.uow.run(() => s.orders.markRead(second, w, 2));
      await s.uow
        .run(async () => {
          await s.orders.markRead(first, u, 5);
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      expect(await counts(), 'a rolled-back mark is not kept').to.deep.equal([1, 0, 0]);
      expect(await s.unread.count(9_999)).to.equal(0);
    });

    it('puts the log, feedback and order back as they were when the unit of work fails', async () => {
      const [u, v] = s.users as [number, number];
      const [a] = s.listings as [number];
      const id = orderId(u, 1);
      await s.uow.run(() => s.orders.add(anOrder(u, 1, v, [a])));
      const before = (await s.orders.byId(id))!;
      await s.uow
        .run(async () => {
          const o = (await s.orders.lockById(id))!;
          expect(await s.orders.save(changed(o, { status: 'Shipped', shippedAt: AT(3), lastActivity: AT(3) }))).to.equal(true);
          await s.orders.appendMessages([{ orderId: id, timestamp: AT(3), actorId: u, actor: 'seller', type: 'status', statusChange: { from: 'New Order', to: 'Shipped' } }]);
          await s.orders.putFeedback({ orderId: id, from: 'seller', authorId: u, subjectId: v, rating: 'positive', comment: '', given: AT(3) });
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      expect(await s.orders.byId(id)).to.deep.equal(before);
      expect(await s.orders.messages(id, 0, 10)).to.deep.equal({ total: 0, items: [] });
      expect(await s.orders.feedbackOn(id)).to.deep.equal([]);
    });

    it('makes a second unit of work that locks the order wait until the first has stored its change, then read it (PostgreSQL server)', async function () {
      const waits = s.someoneWaitsForALock;
      if (!waits) return this.skip();
      const [u, v] = s.users as [number, number];
      const [a] = s.listings as [number];
      const id = orderId(u, 1);
      await s.uow.run(() => s.orders.add(anOrder(u, 1, v, [a])));
      const events: string[] = [];
      let locked!: () => void;
      const firstHasTheLock = new Promise<void>((resolve) => (locked = resolve));
      let mayStore!: () => void;
      const firstMayStore = new Promise<void>((resolve) => (mayStore = resolve));
      const first = s.uow.run(async () => {
        const o = (await s.orders.lockById(id))!;
        locked();
        await firstMayStore;
        expect(await s.orders.save(changed(o, { status: 'Invoice Sent', shipping: EUR('3'), lastActivity: AT(9) }))).to.equal(true);
        events.push('first stored');
      });
      await firstHasTheLock;
      const second = s.uow.run(async () => {
        const o = await s.orders.lockById(id);
        events.push('second locked');
        return o;
      });
      try {
        await waits();
        expect(events, 'the second waits').to.deep.equal([]);
      } finally {
        mayStore();
      }
      const [, seen] = await Promise.all([first, second]);
      expect(events).to.deep.equal(['first stored', 'second locked']);
      expect([seen!.status, seen!.shipping.toString(), seen!.version]).to.deep.equal(['Invoice Sent', '3.00 EUR', 2]);
    });
  });
}

contract('in memory', async () => {
  const uow = new InMemoryUnitOfWork();
  const store = new InMemoryOrderStore(uow, (id) => NAMES[id - 1]!);
  return { uow, carts: store.carts, orders: store.orders, unread: store.unread, users: [1, 2, 3], listings: [11, 12, 13, 14] };
});

describe('with the SQL adapters', () => {
  let db: Database;
  before(async () => {
    db = await openTestDatabase();
  });
  after(() => db.close());

  contract(`SQL on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, async () => {
    // Removing the users removes their listings, carts, orders, logs and feedback.
    await query(db.orm, 'delete from seller_order_sequence');
    const ids = await storedUsers(db, NAMES);
    const uow = new MikroOrmUnitOfWork(db.orm);
    const listings = new MikroOrmListingRepository(db.orm);
    const listingIds: number[] = [];
    for (const release of [1, 2, 3, 4]) {
      const l = await uow.run(() => listings.add(newListing(ids[2]!, { releaseId: release, condition: 'Mint (M)', price: Money.fromDecimal('5', 'USD') }, AT(0))));
      listingIds.push(l.id);
    }
    const someoneWaitsForALock = async (): Promise<void> => {
      for (let attempt = 0; attempt < 1000; attempt++) {
        const [row] = await query(db.orm, "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
        if (Number(row!.n) > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('No session came to wait for a lock.');
    };
    return {
      uow,
      carts: new MikroOrmCartRepository(db.orm),
      orders: new MikroOrmOrderRepository(db.orm),
      unread: new SqlUnreadOrderMessages(db.orm),
      users: ids,
      listings: listingIds,
      // PGlite has one connection: a second unit of work cannot start while the first holds it.
      ...(process.env.DATABASE_URL ? { someoneWaitsForALock } : {}),
    };
  });
});
