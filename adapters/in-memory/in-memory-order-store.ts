import type { CartContents } from '../../application/ports/cart-contents.js';
import type { UnreadOrderMessages } from '../../application/ports/unread-order-messages.js';
import { loginKey } from '../../domain/identity/login-name.js';
import type { CartItem } from '../../domain/orders/cart.js';
import type { CartRepository } from '../../domain/orders/cart-repository.js';
import { Order, type OrderRecord } from '../../domain/orders/order.js';
import type { OrderFeedback } from '../../domain/orders/order-feedback.js';
import type { OrderMessage } from '../../domain/orders/order-message.js';
import type { OrderListQuery, OrderPage, OrderRepository } from '../../domain/orders/order-repository.js';
import type { OrderSort } from '../../domain/orders/order-sort.js';
import type { InMemoryTransactional, InMemoryUnitOfWork } from './in-memory-unit-of-work.js';
import type { ErasableStore } from './in-memory-personal-data-eraser.js';

interface State {
  readonly carts: Map<string, CartItem>;
  /** Each order as a repository stores it (`order.record()`), read back by `Order.restore`. */
  readonly orders: Map<string, OrderRecord>;
  readonly sequences: Map<number, number>;
  /** Every order's log entries, in the order appended. */
  readonly messages: OrderMessage[];
  /** Feedback by `<order id>/<from>`. */
  readonly feedback: Map<string, OrderFeedback>;
  /** How far each user has read each order's log (a position in it), by `<order id>/<user id>`. */
  readonly readMarks: Map<string, number>;
}

const key = (userId: number, listingId: number): string => `${userId}/${listingId}`;

const copy = (s: State): State => ({
  carts: new Map(s.carts),
  orders: new Map(s.orders),
  sequences: new Map(s.sequences),
  messages: [...s.messages],
  feedback: new Map(s.feedback),
  readMarks: new Map(s.readMarks),
});

/** Byte-order comparison of text (as `collate "C"` compares ASCII), or of numbers. */
const compare = <T extends string | number>(a: T, b: T): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Carts, orders with their message logs and feedback, and sellers' order numbers in memory, enlisted in an
 * `InMemoryUnitOfWork` (a failed run puts them back, order numbers included, as a rolled-back transaction does). One
 * cart entry per user and listing, one order per id, one feedback per order and party, one read mark per order and
 * user, as the tables' keys keep them.
 * It knows no listings: removing a listing does not empty carts here (the SQL table's foreign key does that). Nor does
 * it know users: lists sorted by the other party's name ask `usernameOf` (by default a user's name is their id).
 * Runs of the unit of work are serialised, so `lockById` is `byId`.
 */
export class InMemoryOrderStore implements InMemoryTransactional, ErasableStore {
  private state: State = { carts: new Map(), orders: new Map(), sequences: new Map(), messages: [], feedback: new Map(), readMarks: new Map() };
  readonly carts: CartRepository & CartContents;
  readonly orders: OrderRepository;
  readonly unread: UnreadOrderMessages;

  constructor(uow: InMemoryUnitOfWork, usernameOf: (userId: number) => string = String) {
    uow.enlist(this);
    const cartOf = (userId: number): CartItem[] =>
      [...this.state.carts.values()]
        .filter((i) => i.userId === userId)
        .sort((a, b) => a.addedAt.getTime() - b.addedAt.getTime() || a.listingId - b.listingId);

    this.carts = {
      items: async (userId) => cartOf(userId),
      count: async (userId) => cartOf(userId).length,
      add: async (item) => {
        const k = key(item.userId, item.listingId);
        if (this.state.carts.has(k)) return false;
        this.state.carts.set(k, { ...item });
        return true;
      },
      remove: async (userId, listingId) => this.state.carts.delete(key(userId, listingId)),
      removeAll: async (userId, listingIds) => {
        for (const id of listingIds) this.state.carts.delete(key(userId, id));
      },
      inCart: async (userId, listingIds) => new Set(listingIds.filter((id) => this.state.carts.has(key(userId, id)))),
    };

    this.orders = {
      nextNumber: async (sellerId) => {
        const next = (this.state.sequences.get(sellerId) ?? 0) + 1;
        this.state.sequences.set(sellerId, next);
        return next;
      },
      add: async (order) => {
        if (this.state.orders.has(order.id)) throw new Error(`An order ${order.id} exists already`);
        if ([...this.state.orders.values()].some((o) => o.sellerId === order.sellerId && o.number === order.number)) {
          throw new Error(`Seller ${order.sellerId} has an order number ${order.number} already`);
        }
        this.state.orders.set(order.id, order.record());
      },
      byId: async (id) => this.read(id),
      lockById: async (id) => this.read(id),
      idsInStatuses: async (userId, statuses) =>
        [...this.state.orders.values()]
          .filter((o) => (o.sellerId === userId || o.buyerId === userId) && statuses.includes(o.status))
          .map((o) => o.id)
          .sort(),
      save: async (changed) => {
        const stored = this.state.orders.get(changed.id);
        if (!stored || stored.version !== changed.version) return false;
        // What a change may touch, as the SQL adapter's update sets it; the rest stays as stored.
        const order = changed.record();
        this.state.orders.set(order.id, {
          ...stored,
          status: order.status,
          total: order.total,
          shipping: order.shipping,
          shippingMethod: order.shippingMethod,
          refunded: order.refunded,
          refundReceived: order.refundReceived,
          shippedAt: order.shippedAt,
          archived: order.archived,
          lastActivity: order.lastActivity,
          version: stored.version + 1,
        });
        return true;
      },
      appendMessages: async (messages) => {
        for (const m of messages) {
          if (!this.state.orders.has(m.orderId)) throw new Error(`No order ${m.orderId} to log a message on`);
        }
        this.state.messages.push(...messages);
      },
      messages: async (orderId, offset, limit) => {
        const log = this.state.messages.filter((m) => m.orderId === orderId).reverse();
        return { total: log.length, items: log.slice(offset, offset + limit) };
      },
      markRead: async (orderId, userId, position) => {
        if (!this.state.orders.has(orderId)) throw new Error(`No order ${orderId} to mark read`);
        const k = `${orderId}/${userId}`;
        this.state.readMarks.set(k, Math.max(this.state.readMarks.get(k) ?? 0, position));
      },
      list: async (q) => this.list(q, usernameOf),
      putFeedback: async (feedback) => {
        if (!this.state.orders.has(feedback.orderId)) throw new Error(`No order ${feedback.orderId} to give feedback on`);
        this.state.feedback.set(`${feedback.orderId}/${feedback.from}`, { ...feedback });
      },
      feedbackOn: async (orderId) =>
        (['seller', 'buyer'] as const).flatMap((from) => {
          const f = this.state.feedback.get(`${orderId}/${from}`);
          return f ? [f] : [];
        }),
      feedbackCounts: async (userId) => {
        const none = () => ({ positive: 0, neutral: 0, negative: 0 });
        const counts = { seller: none(), buyer: none() };
        for (const f of this.state.feedback.values()) {
          // Feedback from a buyer rates the user as seller, and from a seller as buyer.
          if (f.subjectId === userId) counts[f.from === 'buyer' ? 'seller' : 'buyer'][f.rating]++;
        }
        return counts;
      },
    };
    this.unread = {
      count: async (userId) => {
        let unread = 0;
        for (const order of this.state.orders.values()) {
          if (order.sellerId !== userId && order.buyerId !== userId) continue;
          const read = this.state.readMarks.get(`${order.id}/${userId}`) ?? 0;
          const log = this.state.messages.filter((m) => m.orderId === order.id);
          unread += log.filter((m, i) => i + 1 > read && m.actorId !== userId).length;
        }
        return unread;
      },
    };
  }

  private read(id: string): Order | null {
    const record = this.state.orders.get(id);
    return record ? Order.restore(record) : null;
  }

  private list(q: OrderListQuery, usernameOf: (userId: number) => string): OrderPage<Order> {
    const mine = (o: OrderRecord): number => (q.party === 'seller' ? o.sellerId : o.buyerId);
    const theirs = (o: OrderRecord): number => (q.party === 'seller' ? o.buyerId : o.sellerId);
    const found = [...this.state.orders.values()].filter(
      (o) =>
        mine(o) === q.userId &&
        (q.statuses === null || q.statuses.includes(o.status)) &&
        (!q.refundReceived || o.refundReceived.isPositive()) &&
        (q.createdAfter === null || o.created.getTime() >= q.createdAfter.getTime()) &&
        (q.createdBefore === null || o.created.getTime() < q.createdBefore.getTime()) &&
        (q.archived === null || o.archived === q.archived),
    );
    const name = (o: OrderRecord): string => loginKey(usernameOf(theirs(o)));
    const byKey: Record<OrderSort, (a: OrderRecord, b: OrderRecord) => number> = {
      id: (a, b) => compare(a.sellerId, b.sellerId),
      buyer: (a, b) => compare(name(a), name(b)),
      seller: (a, b) => compare(name(a), name(b)),
      created: (a, b) => compare(a.created.getTime(), b.created.getTime()),
      status: (a, b) => compare(a.status, b.status),
      last_activity: (a, b) => compare(a.lastActivity.getTime(), b.lastActivity.getTime()),
    };
    // Ties are broken by the order id's parts (seller, number), as the SQL adapter does.
    const ascending = (a: OrderRecord, b: OrderRecord): number => byKey[q.sort](a, b) || compare(a.sellerId, b.sellerId) || compare(a.number, b.number);
    found.sort((a, b) => (q.descending ? -ascending(a, b) : ascending(a, b)));
    return { total: found.length, items: found.slice(q.offset, q.offset + q.limit).map((o) => Order.restore(o)) };
  }

  /** Forgets the user's cart and read marks; orders, their logs and feedback stay (they are the other party's too). */
  eraseUser(userId: number): void {
    for (const [k, i] of [...this.state.carts]) if (i.userId === userId) this.state.carts.delete(k);
    for (const k of [...this.state.readMarks.keys()]) if (k.endsWith(`/${userId}`)) this.state.readMarks.delete(k);
  }

  snapshot(): unknown {
    return copy(this.state);
  }

  restore(snapshot: unknown): void {
    this.state = copy(snapshot as State);
  }
}
