import type { Order } from './order.js';
import type { OrderFeedback, FeedbackCounts } from './order-feedback.js';
import type { OrderMessage } from './order-message.js';
import type { OrderParty } from './order-party.js';
import type { OrderStatus } from './order-status.js';
import type { OrderSort } from './order-sort.js';


/** Which of a user's orders to list, in what order, which page. */
export interface OrderListQuery {
  /** The user's orders as seller (their sales) or as buyer (their purchases). */
  readonly party: OrderParty;
  readonly userId: number;
  /** Only orders in one of these statuses; null for every status. */
  readonly statuses: readonly OrderStatus[] | null;
  /** Only orders with a refund received (the filter `Cancelled (Refund Received)`). */
  readonly refundReceived: boolean;
  /** Only orders created at or after / before these instants; null for no bound. */
  readonly createdAfter: Date | null;
  readonly createdBefore: Date | null;
  /** Only archived (true) or only not archived (false) orders; null for both. */
  readonly archived: boolean | null;
  readonly sort: OrderSort;
  readonly descending: boolean;
  readonly offset: number;
  readonly limit: number;
}

/** A page of a list and how many there are in all. */
export interface OrderPage<T> {
  readonly total: number;
  readonly items: readonly T[];
}

/**
 * Stores orders with their items and message logs, and gives each seller's orders their numbers. Writes run inside
 * the caller's `UnitOfWork`.
 */
export interface OrderRepository {
  /**
   * The seller's next order number (1 for their first order), taken for good: concurrent units of work never get the
   * same number, and a number taken by a unit of work that rolls back is taken again by the next.
   */
  nextNumber(sellerId: number): Promise<number>;
  /** Stores a new order and its items; throws when an order with its id exists. */
  add(order: Order): Promise<void>;
  /** The order with this id, or null (also for text that is no order id). */
  byId(id: string): Promise<Order | null>;
  /**
   * The order with this id, locked until the unit of work ends (`select … for update`): a second unit of work that
   * locks it waits, then reads what the first stored. Null when there is none.
   */
  lockById(id: string): Promise<Order | null>;
  /**
   * Stores an order's changed status, shipping (and method), refunds, shipped time, archived flag and last activity
   * over the version it was read at (`order.version`), and the stored version becomes one more; false (and nothing
   * stored) when the stored order is at another version (changed since it was read) or is gone.
   */
  save(order: Order): Promise<boolean>;
  /** Appends entries to the order's message log, in the order given (after every entry already there). */
  appendMessages(messages: readonly OrderMessage[]): Promise<void>;
  /**
   * A page of the order's message log, the most recent first (entries of one instant: the last appended first). The
   * total is the length of the very log the page came from (one snapshot), so `total - offset` is the position (see
   * `markRead`) of the newest entry returned, whatever is appended meanwhile.
   */
  messages(orderId: string, offset: number, limit: number): Promise<OrderPage<OrderMessage>>;
  /**
   * Marks the order's log read by the user up to its `position`th entry (counted from the oldest: 1 is the first
   * entry appended). A mark only moves forward: a position at or before the stored one changes nothing, so of two reads
   * at one moment the further one stays.
   */
  markRead(orderId: string, userId: number, position: number): Promise<void>;
  /**
   * A page of a user's orders (see OrderListQuery). `id` sorts by the id's parts, the seller id then the order number
   * (numerically: `1-2` before `1-10`); names (`buyer`, `seller`: the other party's login name, lower-cased) and
   * statuses compare byte by byte. Ties are broken by seller id and number, in the same direction.
   */
  list(query: OrderListQuery): Promise<OrderPage<Order>>;
  /** The ids of the orders the user is the buyer or the seller of that are in one of the statuses, by id. */
  idsInStatuses(userId: number, statuses: readonly OrderStatus[]): Promise<string[]>;
  /** Stores a party's feedback on an order, replacing what that party gave on it before. */
  putFeedback(feedback: OrderFeedback): Promise<void>;
  /** The feedback given on the order, by either party (none, one or two). */
  feedbackOn(orderId: string): Promise<readonly OrderFeedback[]>;
  /** The feedback a user has received as seller (from their buyers) and as buyer (from their sellers), counted. */
  feedbackCounts(userId: number): Promise<{ readonly seller: FeedbackCounts; readonly buyer: FeedbackCounts }>;
}
