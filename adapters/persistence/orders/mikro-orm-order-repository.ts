import type { FilterQuery, QueryOrderMap } from '@mikro-orm/core';
import { LockMode, raw, type MikroORM } from '@mikro-orm/postgresql';
import type { MediaCondition, SleeveCondition } from '../../../domain/marketplace/conditions.js';
import type { Currency } from '../../../domain/marketplace/currency.js';
import { Money } from '../../../domain/marketplace/money.js';
import { Order, type OrderItem } from '../../../domain/orders/order.js';
import type { FeedbackCounts, FeedbackRating, OrderFeedback } from '../../../domain/orders/order-feedback.js';
import { parseOrderId } from '../../../domain/orders/order-id.js';
import type { OrderMessage, OrderMessageType } from '../../../domain/orders/order-message.js';
import type { OrderParty } from '../../../domain/orders/order-party.js';
import type { OrderListQuery, OrderPage, OrderRepository } from '../../../domain/orders/order-repository.js';
import type { OrderSort } from '../../../domain/orders/order-sort.js';
import type { OrderStatus } from '../../../domain/orders/order-status.js';
import { currentEntityManager } from '../mikro-orm-unit-of-work.js';
import { dateOf } from '../sql-values.js';
import { MarketOrderItemRow, MarketOrderRow, OrderFeedbackRow, OrderMessageRow, OrderReadMarkRow, SellerOrderSequenceRow } from './order-rows.js';

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

/** An order from its row and its items' rows: the one mapper of the order's rows, with `orderRowOf`. */
function orderOf(r: Row, items: readonly OrderItem[]): Order {
  const currency = currencyOf(r.currency);
  return Order.restore({
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
  });
}

/** A message's row (`OrderMessageRow`'s properties): each kind fills its own columns, the rest null. */
function messageRowOf(m: OrderMessage) {
  const none = { text: null, statusFrom: null, statusTo: null, originalMinor: null, newMinor: null, method: null, amountMinor: null, currency: null };
  const carried = ((): Record<keyof typeof none, string | null> => {
    switch (m.type) {
      case 'message':
        return { ...none, text: m.text, statusFrom: m.statusChange?.from ?? null, statusTo: m.statusChange?.to ?? null };
      case 'status':
        return { ...none, statusFrom: m.statusChange.from, statusTo: m.statusChange.to };
      case 'shipping':
        return { ...none, originalMinor: m.original.minorUnits.toString(), newMinor: m.new.minorUnits.toString(), method: m.method, currency: m.new.currency };
      case 'refund_sent':
      case 'refund_received':
        return { ...none, amountMinor: m.amount.minorUnits.toString(), currency: m.amount.currency };
    }
  })();
  return { order: m.orderId, type: m.type, created: m.timestamp, actorId: m.actorId, actorRole: m.actor, ...carried };
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
 * What each sort orders by, besides the order's own columns: the other party's name in its login form (lower-cased,
 * as `login_key` keeps it, joined through the order's relation as `u`). Names and statuses compare byte by byte
 * (`collate "C"`, a raw fragment: the ORM has no collation), so every server sorts alike and as the in-memory store
 * does.
 */
const SORT_KEYS: Record<OrderSort, (dir: 'asc' | 'desc') => QueryOrderMap<MarketOrderRow>> = {
  id: (dir) => ({ seller: dir }),
  buyer: (dir) => ({ [raw('u.login_key collate "C"')]: dir }),
  seller: (dir) => ({ [raw('u.login_key collate "C"')]: dir }),
  created: (dir) => ({ created: dir }),
  status: (dir) => ({ [raw('o.status collate "C"')]: dir }),
  last_activity: (dir) => ({ lastActivity: dir }),
};

/** An order's row (`MarketOrderRow`'s properties), from the order's record. */
function orderRowOf(order: Order) {
  const o = order.record();
  return {
    id: o.id,
    seller: o.sellerId,
    number: o.number,
    buyer: o.buyerId,
    status: o.status,
    currency: o.currency,
    totalMinor: o.total.minorUnits.toString(),
    feeMinor: o.fee.minorUnits.toString(),
    shippingMinor: o.shipping.minorUnits.toString(),
    shippingMethod: o.shippingMethod,
    refundedMinor: o.refunded.minorUnits.toString(),
    refundReceivedMinor: o.refundReceived.minorUnits.toString(),
    shippedAt: o.shippedAt,
    shippingAddress: o.shippingAddress,
    additionalInstructions: o.additionalInstructions,
    created: o.created,
    lastActivity: o.lastActivity,
    archived: o.archived,
    version: o.version,
  };
}

/**
 * Orders and their items, message logs and feedback through the ORM on their entity schemas, in the current unit of
 * work. Rows are read through the query builder unmapped (column names) into the one mapper of each row. An order id's
 * ties (in lists) are broken by the seller and their number, the id's own parts, not by its text. How many log entries
 * a user has not read is a read model of its own, `SqlUnreadOrderMessages`.
 */
export class MikroOrmOrderRepository implements OrderRepository {
  constructor(private readonly orm: MikroORM) {}

  async nextNumber(sellerId: number): Promise<number> {
    // One statement that both creates the seller's row and counts on: the row lock it takes serialises concurrent
    // checkouts of one seller until the first commits, so no two get the same number.
    const row = await currentEntityManager(this.orm)
      .createQueryBuilder(SellerOrderSequenceRow)
      .insert({ seller: sellerId, lastNumber: 1 })
      .onConflict('seller')
      .merge({ lastNumber: raw('seller_order_sequence.last_number + 1') })
      .returning('lastNumber')
      .execute<Row>('get', false);
    return Number(row.last_number);
  }

  async add(o: Order): Promise<void> {
    const em = currentEntityManager(this.orm);
    await em.insert(MarketOrderRow, orderRowOf(o));
    if (o.items.length === 0) return;
    await em.insertMany(
      MarketOrderItemRow,
      o.items.map((item, position) => ({
        order: o.id,
        listingId: item.listingId,
        position,
        releaseId: item.releaseId,
        priceMinor: item.price.minorUnits.toString(),
        currency: item.price.currency,
        mediaCondition: item.mediaCondition,
        sleeveCondition: item.sleeveCondition,
      })),
    );
  }

  byId(id: string): Promise<Order | null> {
    return this.read(id, false);
  }

  async idsInStatuses(userId: number, statuses: readonly OrderStatus[]): Promise<string[]> {
    if (statuses.length === 0) return [];
    const found = await currentEntityManager(this.orm)
      .createQueryBuilder(MarketOrderRow)
      .select('id')
      .where({ $or: [{ seller: userId }, { buyer: userId }], status: { $in: [...statuses] } })
      .orderBy({ id: 'asc' })
      .execute<Array<{ id: string }>>('all', false);
    return found.map((r) => r.id);
  }

  lockById(id: string): Promise<Order | null> {
    return this.read(id, true);
  }

  private async read(id: string, lock: boolean): Promise<Order | null> {
    if (parseOrderId(id) === null) return null;
    const em = currentEntityManager(this.orm);
    const qb = em.createQueryBuilder(MarketOrderRow).select('*').where({ id });
    if (lock) qb.setLockMode(LockMode.PESSIMISTIC_WRITE);
    const r = await qb.execute<Row | undefined>('get', false);
    if (!r) return null;
    const items = await em.createQueryBuilder(MarketOrderItemRow).select('*').where({ order: id }).orderBy({ position: 'asc' }).execute<Row[]>('all', false);
    return orderOf(r, items.map(itemOf));
  }

  async save(o: Order): Promise<boolean> {
    const { status, totalMinor, shippingMinor, shippingMethod, refundedMinor, refundReceivedMinor, shippedAt, archived, lastActivity } = orderRowOf(o);
    const changed = await currentEntityManager(this.orm).nativeUpdate(
      MarketOrderRow,
      { id: o.id, version: o.version },
      { status, totalMinor, shippingMinor, shippingMethod, refundedMinor, refundReceivedMinor, shippedAt, archived, lastActivity, version: raw('version + 1') },
    );
    return changed > 0;
  }

  async appendMessages(messages: readonly OrderMessage[]): Promise<void> {
    if (messages.length === 0) return;
    // One statement: the rows take their ids (the log's order) in the order of its values list.
    await currentEntityManager(this.orm).insertMany(OrderMessageRow, messages.map(messageRowOf));
  }

  async messages(orderId: string, offset: number, limit: number): Promise<OrderPage<OrderMessage>> {
    // The page and the count in one statement, so one snapshot: the count is the log the page came from, whatever is
    // appended meanwhile (`count(*) over ()`, a raw fragment, is taken before the offset and limit).
    const em = currentEntityManager(this.orm);
    const rows = await em
      .createQueryBuilder(OrderMessageRow)
      .select(['*', raw('count(*) over ()::int as log_length')])
      .where({ order: orderId })
      .orderBy({ id: 'desc' })
      .offset(offset)
      .limit(limit)
      .execute<Row[]>('all', false);
    if (rows.length > 0) return { total: Number(rows[0]!.log_length), items: rows.map(messageOf) };
    return { total: await em.count(OrderMessageRow, { order: orderId }), items: [] };
  }

  async markRead(orderId: string, userId: number, position: number): Promise<void> {
    await currentEntityManager(this.orm)
      .createQueryBuilder(OrderReadMarkRow)
      .insert({ order: orderId, user: userId, readTo: position })
      .onConflict(['order', 'user'])
      .merge({ readTo: raw('greatest(order_read_mark.read_to, excluded.read_to)') })
      .execute();
  }

  async list(q: OrderListQuery): Promise<OrderPage<Order>> {
    const [mine, theirs] = q.party === 'seller' ? (['seller', 'buyer'] as const) : (['buyer', 'seller'] as const);
    const where: FilterQuery<MarketOrderRow> = {
      [mine]: q.userId,
      ...(q.statuses !== null ? { status: { $in: [...q.statuses] } } : {}),
      ...(q.refundReceived ? { refundReceivedMinor: { $gt: '0' } } : {}),
      ...(q.createdAfter !== null || q.createdBefore !== null
        ? { created: { ...(q.createdAfter !== null ? { $gte: q.createdAfter } : {}), ...(q.createdBefore !== null ? { $lt: q.createdBefore } : {}) } }
        : {}),
      ...(q.archived !== null ? { archived: q.archived } : {}),
    };
    const em = currentEntityManager(this.orm);
    const total = await em.count(MarketOrderRow, where);
    if (total === 0) return { total, items: [] };

    const dir = q.descending ? 'desc' : 'asc';
    const rows = await em
      .createQueryBuilder(MarketOrderRow, 'o')
      .select('o.*')
      .join(`o.${theirs}`, 'u')
      .where(where)
      .orderBy([SORT_KEYS[q.sort](dir), { seller: dir }, { number: dir }])
      .offset(q.offset)
      .limit(q.limit)
      .execute<Row[]>('all', false);
    if (rows.length === 0) return { total, items: [] };
    const itemRows = await em
      .createQueryBuilder(MarketOrderItemRow)
      .select('*')
      .where({ order: { $in: rows.map((r) => String(r.id)) } })
      .orderBy([{ order: 'asc' }, { position: 'asc' }])
      .execute<Row[]>('all', false);
    const items = new Map<string, OrderItem[]>();
    for (const r of itemRows) {
      const id = String(r.order_id);
      if (!items.has(id)) items.set(id, []);
      items.get(id)!.push(itemOf(r));
    }
    return { total, items: rows.map((r) => orderOf(r, items.get(String(r.id)) ?? [])) };
  }

  async putFeedback(f: OrderFeedback): Promise<void> {
    await currentEntityManager(this.orm).upsert(
      OrderFeedbackRow,
      { order: f.orderId, fromRole: f.from, author: f.authorId, subject: f.subjectId, rating: f.rating, comment: f.comment, given: f.given },
      { disableIdentityMap: true },
    );
  }

  async feedbackOn(orderId: string): Promise<readonly OrderFeedback[]> {
    const rows = await currentEntityManager(this.orm).createQueryBuilder(OrderFeedbackRow).select('*').where({ order: orderId }).execute<Row[]>('all', false);
    // The seller's first, then the buyer's (ORDER_PARTIES' order).
    return rows
      .sort((a, b) => Number(a.from_role === 'buyer') - Number(b.from_role === 'buyer'))
      .map((r) => ({
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
    const rows = await currentEntityManager(this.orm)
      .createQueryBuilder(OrderFeedbackRow)
      .select(['fromRole', 'rating', raw('count(*)::int as n')])
      .where({ subject: userId })
      .groupBy(['fromRole', 'rating'])
      .execute<Row[]>('all', false);
    const counts = { seller: { positive: 0, neutral: 0, negative: 0 }, buyer: { positive: 0, neutral: 0, negative: 0 } };
    // Feedback from a buyer rates the user as seller, and from a seller as buyer.
    for (const r of rows) counts[r.from_role === 'buyer' ? 'seller' : 'buyer'][r.rating as FeedbackRating] = Number(r.n);
    return counts;
  }
}
