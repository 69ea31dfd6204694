import type { MikroORM } from '@mikro-orm/postgresql';
import type { MediaCondition, SleeveCondition } from '../../../domain/marketplace/conditions.js';
import type { Currency } from '../../../domain/marketplace/currency.js';
import { Money } from '../../../domain/marketplace/money.js';
import type { Order, OrderItem } from '../../../domain/orders/order.js';
import type { FeedbackCounts, FeedbackRating, OrderFeedback } from '../../../domain/orders/order-feedback.js';
import { parseOrderId } from '../../../domain/orders/order-id.js';
import type { OrderMessage, OrderMessageType } from '../../../domain/orders/order-message.js';
import type { OrderParty } from '../../../domain/orders/order-party.js';
import type { OrderListQuery, OrderPage, OrderRepository } from '../../../domain/orders/order-repository.js';
import type { OrderSort } from '../../../domain/orders/order-sort.js';
import type { OrderStatus } from '../../../domain/orders/order-status.js';
import { query } from '../mikro-orm-unit-of-work.js';
import { dateOf, textArray } from '../sql-values.js';

type Row = Record<string, unknown>;

const minor = (value: unknown): bigint => BigInt(String(value));
const currencyOf = (value: unknown): Currency => String(value).trim() as Currency;
const money = (value: unknown, currency: Currency): Money => Money.fromMinorUnits(minor(value), currency);

function itemOf(r: Row): OrderItem {
  return {
    listingId: Number(r.listing_id),
    releaseId: Number(r.release_id),
    price: money(r.price_minor, currencyOf(r.currency)),
    mediaCondition: r.media_condition as MediaCondition,
    sleeveCondition: (r.sleeve_condition as SleeveCondition | null) ?? null,
  };
}

function orderOf(r: Row, items: readonly OrderItem[]): Order {
  const currency = currencyOf(r.currency);
  return {
    id: String(r.id),
    sellerId: Number(r.seller_id),
    number: Number(r.number),
    buyerId: Number(r.buyer_id),
    status: r.status as OrderStatus,
    currency,
    items,
    total: money(r.total_minor, currency),
    fee: money(r.fee_minor, currency),
    shipping: money(r.shipping_minor, currency),
    shippingMethod: String(r.shipping_method ?? ''),
    refunded: money(r.refunded_minor, currency),
    refundReceived: money(r.refund_received_minor, currency),
    shippedAt: r.shipped_at === null || r.shipped_at === undefined ? null : dateOf(r.shipped_at),
    shippingAddress: String(r.shipping_address),
    additionalInstructions: String(r.additional_instructions ?? ''),
    created: dateOf(r.created),
    lastActivity: dateOf(r.last_activity),
    archived: r.archived === true || r.archived === 't',
    version: Number(r.version),
  };
}

/** The columns of an `order_message` row after `order_id`, in the order `appendMessages` inserts them. */
const MESSAGE_COLUMNS = ['type', 'created', 'actor_id', 'actor_role', 'text', 'status_from', 'status_to', 'original_minor', 'new_minor', 'method', 'amount_minor', 'currency'];

function messageValues(m: OrderMessage): unknown[] {
  const none = { text: null, from: null, to: null, original: null, new: null, method: null, amount: null, currency: null };
  const carried = ((): Record<keyof typeof none, unknown> => {
    switch (m.type) {
      case 'message':
        return { ...none, text: m.text, from: m.statusChange?.from ?? null, to: m.statusChange?.to ?? null };
      case 'status':
        return { ...none, from: m.statusChange.from, to: m.statusChange.to };
      case 'shipping':
        return { ...none, original: m.original.minorUnits.toString(), new: m.new.minorUnits.toString(), method: m.method, currency: m.new.currency };
      case 'refund_sent':
      case 'refund_received':
        return { ...none, amount: m.amount.minorUnits.toString(), currency: m.amount.currency };
    }
  })();
  return [m.orderId, m.type, m.timestamp, m.actorId, m.actor, carried.text, carried.from, carried.to, carried.original, carried.new, carried.method, carried.amount, carried.currency];
}

function messageOf(r: Row): OrderMessage {
  const base = { orderId: String(r.order_id), timestamp: dateOf(r.created), actorId: Number(r.actor_id), actor: r.actor_role as OrderParty };
  const type = r.type as OrderMessageType;
  const change = r.status_from === null || r.status_from === undefined ? null : { from: r.status_from as OrderStatus, to: r.status_to as OrderStatus };
  switch (type) {
    case 'message':
      return { ...base, type, text: String(r.text ?? ''), statusChange: change };
    case 'status':
      return { ...base, type, statusChange: change! };
    case 'shipping': {
      const currency = currencyOf(r.currency);
      return { ...base, type, original: money(r.original_minor, currency), new: money(r.new_minor, currency), method: String(r.method ?? '') };
    }
    case 'refund_sent':
    case 'refund_received':
      return { ...base, type, amount: money(r.amount_minor, currencyOf(r.currency)) };
  }
}

/**
 * What each sort orders by. Names and statuses compare byte by byte (`collate "C"`), so every server sorts alike and
 * as the in-memory store does; the other party's name is compared in its login form (lower-cased, as `login_key`
 * keeps it).
 */
const SORT_KEYS: Record<OrderSort, string> = {
  id: 'o.seller_id',
  buyer: 'u.login_key collate "C"',
  seller: 'u.login_key collate "C"',
  created: 'o.created',
  status: 'o.status collate "C"',
  last_activity: 'o.last_activity',
};

/**
 * Orders and their items, message logs and feedback in PostgreSQL (and PGlite), through the current unit of work.
 * An order id's ties (in lists) are broken by the seller and their number, the id's own parts, not by its text.
 */
export class SqlOrderRepository implements OrderRepository {
  constructor(private readonly orm: MikroORM) {}

  async nextNumber(sellerId: number): Promise<number> {
    // One statement that both creates the seller's row and counts on: the row lock it takes serialises concurrent
    // checkouts of one seller until the first commits, so no two get the same number.
    const [row] = await query(
      this.orm,
      `insert into seller_order_sequence (seller_id, last_number) values (?, 1)
       on conflict (seller_id) do update set last_number = seller_order_sequence.last_number + 1
       returning last_number`,
      [sellerId],
    );
    return Number(row!.last_number);
  }

  async add(o: Order): Promise<void> {
    await query(
      this.orm,
      `insert into market_order (id, seller_id, number, buyer_id, status, currency, total_minor, fee_minor, shipping_minor,
         shipping_method, refunded_minor, refund_received_minor, shipped_at, shipping_address, additional_instructions,
         created, last_activity, archived, version)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        o.id,
        o.sellerId,
        o.number,
        o.buyerId,
        o.status,
        o.currency,
        o.total.minorUnits.toString(),
        o.fee.minorUnits.toString(),
        o.shipping.minorUnits.toString(),
        o.shippingMethod,
        o.refunded.minorUnits.toString(),
        o.refundReceived.minorUnits.toString(),
        o.shippedAt,
        o.shippingAddress,
        o.additionalInstructions,
        o.created,
        o.lastActivity,
        o.archived,
        o.version,
      ],
    );
    for (const [position, item] of o.items.entries()) {
      await query(
        this.orm,
        `insert into market_order_item (order_id, listing_id, position, release_id, price_minor, currency, media_condition, sleeve_condition)
         values (?, ?, ?, ?, ?, ?, ?, ?)`,
        [o.id, item.listingId, position, item.releaseId, item.price.minorUnits.toString(), item.price.currency, item.mediaCondition, item.sleeveCondition],
      );
    }
  }

  byId(id: string): Promise<Order | null> {
    return this.read(id, '');
  }

  lockById(id: string): Promise<Order | null> {
    return this.read(id, ' for update');
  }

  private async read(id: string, lock: string): Promise<Order | null> {
    if (parseOrderId(id) === null) return null;
    const [r] = await query(this.orm, `select * from market_order where id = ?${lock}`, [id]);
    if (!r) return null;
    const items = await query(this.orm, 'select * from market_order_item where order_id = ? order by position', [id]);
    return orderOf(r, items.map(itemOf));
  }

  async save(o: Order): Promise<boolean> {
    const rows = await query(
      this.orm,
      `update market_order set status = ?, total_minor = ?, shipping_minor = ?, shipping_method = ?, refunded_minor = ?,
         refund_received_minor = ?, shipped_at = ?, archived = ?, last_activity = ?, version = version + 1
       where id = ? and version = ? returning id`,
      [
        o.status,
        o.total.minorUnits.toString(),
        o.shipping.minorUnits.toString(),
        o.shippingMethod,
        o.refunded.minorUnits.toString(),
        o.refundReceived.minorUnits.toString(),
        o.shippedAt,
        o.archived,
        o.lastActivity,
        o.id,
        o.version,
      ],
    );
    return rows.length > 0;
  }

  async appendMessages(messages: readonly OrderMessage[]): Promise<void> {
    if (messages.length === 0) return;
    // The rows take their ids (the log's order) in the order of the values list.
    const row = `(${['?', ...MESSAGE_COLUMNS.map(() => '?')].join(', ')})`;
    await query(
      this.orm,
      `insert into order_message (order_id, ${MESSAGE_COLUMNS.join(', ')}) values ${messages.map(() => row).join(', ')}`,
      messages.flatMap(messageValues),
    );
  }

  async messages(orderId: string, offset: number, limit: number): Promise<OrderPage<OrderMessage>> {
    // The page and the count in one statement, so one snapshot: the count is the log the page came from, whatever is
    // appended meanwhile (`count(*) over ()` is taken before the offset and limit).
    const rows = await query(
      this.orm,
      'select m.*, count(*) over ()::int as log_length from order_message m where m.order_id = ? order by m.id desc offset ? limit ?',
      [orderId, offset, limit],
    );
    if (rows.length > 0) return { total: Number(rows[0]!.log_length), items: rows.map(messageOf) };
    const [count] = await query(this.orm, 'select count(*)::int as n from order_message where order_id = ?', [orderId]);
    return { total: Number(count!.n), items: [] };
  }

  async markRead(orderId: string, userId: number, position: number): Promise<void> {
    await query(
      this.orm,
      `insert into order_read_mark (order_id, user_id, read_to) values (?, ?, ?)
       on conflict (order_id, user_id) do update set read_to = greatest(order_read_mark.read_to, excluded.read_to)`,
      [orderId, userId, position],
    );
  }

  async unreadCount(userId: number): Promise<number> {
    // An entry's position is its place in its order's log by id: appends to one order hold the order's row lock
    // (`lockById`), so within an order ids follow the commits and a position, once seen, never changes.
    const [row] = await query(
      this.orm,
      `select count(*)::int as n
       from market_order o
       join lateral (select m.actor_id, row_number() over (order by m.id) as position from order_message m where m.order_id = o.id) m on true
       left join order_read_mark r on r.order_id = o.id and r.user_id = ?
       where (o.seller_id = ? or o.buyer_id = ?) and m.actor_id <> ? and m.position > coalesce(r.read_to, 0)`,
      [userId, userId, userId, userId],
    );
    return Number(row!.n);
  }

  async list(q: OrderListQuery): Promise<OrderPage<Order>> {
    const [mine, theirs] = q.party === 'seller' ? ['seller_id', 'buyer_id'] : ['buyer_id', 'seller_id'];
    const where = [`o.${mine} = ?`];
    const params: unknown[] = [q.userId];
    if (q.statuses !== null) {
      where.push('o.status = any(?::text[])');
      params.push(textArray(q.statuses));
    }
    if (q.refundReceived) where.push('o.refund_received_minor > 0');
    if (q.createdAfter !== null) {
      where.push('o.created >= ?');
      params.push(q.createdAfter);
    }
    if (q.createdBefore !== null) {
      where.push('o.created < ?');
      params.push(q.createdBefore);
    }
    if (q.archived !== null) {
      where.push('o.archived = ?');
      params.push(q.archived);
    }
    const filter = where.join(' and ');
    const [count] = await query(this.orm, `select count(*)::int as n from market_order o where ${filter}`, params);
    const total = Number(count!.n);
    if (total === 0) return { total, items: [] };

    const dir = q.descending ? 'desc' : 'asc';
    const rows = await query(
      this.orm,
      `select o.* from market_order o join app_user u on u.id = o.${theirs}
       where ${filter}
       order by ${SORT_KEYS[q.sort]} ${dir}, o.seller_id ${dir}, o.number ${dir}
       offset ? limit ?`,
      [...params, q.offset, q.limit],
    );
    if (rows.length === 0) return { total, items: [] };
    const itemRows = await query(this.orm, 'select * from market_order_item where order_id = any(?::text[]) order by order_id, position', [
      textArray(rows.map((r) => String(r.id))),
    ]);
    const items = new Map<string, OrderItem[]>();
    for (const r of itemRows) {
      const id = String(r.order_id);
      if (!items.has(id)) items.set(id, []);
      items.get(id)!.push(itemOf(r));
    }
    return { total, items: rows.map((r) => orderOf(r, items.get(String(r.id)) ?? [])) };
  }

  async putFeedback(f: OrderFeedback): Promise<void> {
    await query(
      this.orm,
      `insert into order_feedback (order_id, from_role, author_id, subject_id, rating, comment, given) values (?, ?, ?, ?, ?, ?, ?)
       on conflict (order_id, from_role) do update
         set author_id = excluded.author_id, subject_id = excluded.subject_id, rating = excluded.rating, comment = excluded.comment, given = excluded.given`,
      [f.orderId, f.from, f.authorId, f.subjectId, f.rating, f.comment, f.given],
    );
  }

  async feedbackOn(orderId: string): Promise<readonly OrderFeedback[]> {
    // The seller's first, then the buyer's (ORDER_PARTIES' order).
    const rows = await query(this.orm, "select * from order_feedback where order_id = ? order by from_role = 'buyer'", [orderId]);
    return rows.map((r) => ({
      orderId: String(r.order_id),
      from: r.from_role as OrderParty,
      authorId: Number(r.author_id),
      subjectId: Number(r.subject_id),
      rating: r.rating as FeedbackRating,
      comment: String(r.comment),
      given: dateOf(r.given),
    }));
  }

  async feedbackCounts(userId: number): Promise<{ readonly seller: FeedbackCounts; readonly buyer: FeedbackCounts }> {
    const rows = await query(this.orm, 'select from_role, rating, count(*)::int as n from order_feedback where subject_id = ? group by from_role, rating', [userId]);
    const counts = { seller: { positive: 0, neutral: 0, negative: 0 }, buyer: { positive: 0, neutral: 0, negative: 0 } };
    // Feedback from a buyer rates the user as seller, and from a seller as buyer.
    for (const r of rows) counts[r.from_role === 'buyer' ? 'seller' : 'buyer'][r.rating as FeedbackRating] = Number(r.n);
    return counts;
  }
}
