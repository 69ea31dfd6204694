import { Refusal } from '../shared/refusal.js';
import type { Money } from '../marketplace/money.js';
import { withShipping, type Order } from './order.js';
import type { OrderMessage } from './order-message.js';
import type { OrderParty } from './order-party.js';
import { SPEC_STATUS_WORDS, type OrderStatus, type StatusWords } from './order-status.js';

/*
 * The order lifecycle as data. `NEXT_STATUS` is the whole table: from each status, where each party may move the
 * order. The seller runs the order (invoice, payment, shipping, refunds, cancellations); the buyer may only say they
 * have paid an invoice and ask to cancel before paying. The spec's rules sit on top: an edit with a status must name
 * one of `next_status`; an edit with shipping moves the order to Invoice Sent from any status but the cancelled
 * ones, Payment Received and Shipped (the spec's list, kept as it is); every change writes the message log.
 */

const CANCEL_UNPAID: readonly OrderStatus[] = ['Cancelled (Non-Paying Buyer)', 'Cancelled (Item Unavailable)', "Cancelled (Per Buyer's Request)"];
const CANCEL_REFUNDED: readonly OrderStatus[] = ['Cancelled (Item Unavailable)', "Cancelled (Per Buyer's Request)"];

/** The three cancelled statuses: nothing follows them. */
export const CANCELLED_STATUSES: readonly OrderStatus[] = CANCEL_UNPAID;

/**
 * From each status, the statuses each party may move the order to (the order's `next_status` as that party reads
 * it). A status never lists itself: moving to the status an order is in changes nothing.
 */
export const NEXT_STATUS: Readonly<Record<OrderParty, Readonly<Record<OrderStatus, readonly OrderStatus[]>>>> = {
  seller: {
    'New Order': ['Buyer ed', 'Invoice Sent', 'Payment Pending', 'Payment Received', 'Cancelled (Item Unavailable)', "Cancelled (Per Buyer's Request)"],
    'Buyer ed': ['Invoice Sent', 'Payment Pending', 'Payment Received', ...CANCEL_UNPAID],
    'Invoice Sent': ['Buyer ed', 'Payment Pending', 'Payment Received', ...CANCEL_UNPAID],
    'Payment Pending': ['Buyer ed', 'Payment Received', ...CANCEL_UNPAID],
    'Payment Received': ['In Progress', 'Shipped', 'Refund Sent'],
    'In Progress': ['Shipped', 'Refund Sent'],
    Shipped: ['Refund Sent'],
    'Refund Sent': ['In Progress', 'Shipped', ...CANCEL_REFUNDED],
    'Cancelled (Non-Paying Buyer)': [],
    'Cancelled (Item Unavailable)': [],
    "Cancelled (Per Buyer's Request)": [],
  },
  buyer: {
    'New Order': ["Cancelled (Per Buyer's Request)"],
    'Buyer ed': ["Cancelled (Per Buyer's Request)"],
    'Invoice Sent': ['Payment Pending', "Cancelled (Per Buyer's Request)"],
    'Payment Pending': [],
    'Payment Received': [],
    'In Progress': [],
    Shipped: [],
    'Refund Sent': [],
    'Cancelled (Non-Paying Buyer)': [],
    'Cancelled (Item Unavailable)': [],
    "Cancelled (Per Buyer's Request)": [],
  },
};

/** The statuses from which an edit with shipping may not move the order to Invoice Sent (the spec's part 3). */
export const SHIPPING_LOCKED_STATUSES: readonly OrderStatus[] = [...CANCELLED_STATUSES, 'Payment Received', 'Shipped'];

/** The statuses in which the buyer has paid, so a refund may be sent. */
export const REFUNDABLE_STATUSES: readonly OrderStatus[] = ['Payment Received', 'In Progress', 'Shipped', 'Refund Sent'];

/**
 * An order change the lifecycle refuses: an `invalid` Refusal (422 at the HTTP edge); the order is left as it was. A
 * refusal that names statuses is written by a function of the status words, so that each dialect reads it in its own
 * (`Refusal.spelledBy`); its message is in the spec's words. A change one party may not make at all (the buyer setting
 * shipping) is a `forbidden` Refusal instead.
 */
export function orderRefused(message: string | ((words: StatusWords) => string)): Refusal {
  if (typeof message === 'string') return new Refusal('invalid', message);
  return new Refusal('invalid', message(SPEC_STATUS_WORDS), { spelled: message });
}

/** An order after a command, with the entries to append to its message log (oldest first). */
export interface OrderChange {
  readonly order: Order;
  readonly messages: readonly OrderMessage[];
}

/** The statuses the party may move the order to now. */
export function nextStatuses(order: Order, party: OrderParty): readonly OrderStatus[] {
  return NEXT_STATUS[party][order.status];
}

/** Whether the order's status is one of the cancelled ones. */
export function isCancelled(status: OrderStatus): boolean {
  return CANCELLED_STATUSES.includes(status);
}

const list = (statuses: readonly OrderStatus[], w: StatusWords) => (statuses.length === 0 ? 'none' : statuses.map(w).join(', '));

function moved(order: Order, to: OrderStatus, now: Date): Order {
  return { ...order, status: to, lastActivity: now, shippedAt: order.shippedAt ?? (to === 'Shipped' ? now : null) };
}

function checkedMove(order: Order, party: OrderParty, to: OrderStatus): void {
  if (to === order.status) throw orderRefused((w) => `The order is already ${w(to)}.`);
  const next = nextStatuses(order, party);
  if (!next.includes(to)) {
    throw orderRefused((w) =>
      next.length === 0 && party === 'buyer'
        ? `A buyer cannot change the status of an order in status ${w(order.status)}.`
        : `An order in status ${w(order.status)} cannot move to ${w(to)}; it may move to: ${list(next, w)}.`,
    );
  }
}

/**
 * Edit with status: the party moves the order to `to`, which must be one of its `next_status`; the log gets a
 * `status` entry (the spec's "Seller changed status from Old Status to New Status").
 */
export function changeStatus(order: Order, party: OrderParty, actorId: number, to: OrderStatus, now: Date): OrderChange {
  checkedMove(order, party, to);
  return {
    order: moved(order, to, now),
    messages: [{ type: 'status', orderId: order.id, timestamp: now, actorId, actor: party, statusChange: { from: order.status, to } }],
  };
}

/**
 * Add a message, with or without a status: `text` (not blank) and `status` each optional, at least one. With both,
 * one `message` entry whose text is prefixed by the status sentence; with a status alone, a `status` entry. A status
 * equal to the order's present one changes nothing and is not mentioned.
 */
export function addMessage(order: Order, party: OrderParty, actorId: number, text: string | null, status: OrderStatus | null, now: Date): OrderChange {
  const to = status !== null && status !== order.status ? status : null;
  if (text === null && status === null) throw orderRefused('Give a message, a status or both.');
  if (text !== null && text.trim() === '') throw orderRefused('message may not be blank.');
  if (text === null && to === null) throw orderRefused((w) => `The order is already ${w(order.status)}.`);
  if (to !== null) checkedMove(order, party, to);
  const statusChange = to === null ? null : { from: order.status, to };
  const entry: OrderMessage =
    text === null
      ? { type: 'status', orderId: order.id, timestamp: now, actorId, actor: party, statusChange: statusChange! }
      : { type: 'message', orderId: order.id, timestamp: now, actorId, actor: party, text, statusChange };
  return { order: to === null ? { ...order, lastActivity: now } : moved(order, to, now), messages: [entry] };
}

/**
 * Edit with shipping (the seller only): sets the shipping amount (in the order's currency) and method, moving the
 * total by the difference (the fee stays on the items), and sends the invoice, moving the order to Invoice Sent, from any status but the cancelled ones, Payment Received and Shipped.
 * The log gets a `shipping` entry and, when the status changed, a `status` entry.
 */
export function setShipping(order: Order, party: OrderParty, actorId: number, amount: Money, method: string | null, now: Date): OrderChange {
  if (party !== 'seller') throw new Refusal('forbidden', 'Only the seller can set the shipping of an order.');
  if (SHIPPING_LOCKED_STATUSES.includes(order.status)) throw orderRefused((w) => `The shipping of an order in status ${w(order.status)} cannot be changed.`);
  if (amount.currency !== order.currency) throw orderRefused(`The shipping must be in the order's currency, ${order.currency}.`);
  if (amount.isNegative()) throw orderRefused('shipping may not be negative.');
  const shippingMethod = method ?? order.shippingMethod;
  const messages: OrderMessage[] = [
    { type: 'shipping', orderId: order.id, timestamp: now, actorId, actor: party, original: order.shipping, new: amount, method: shippingMethod },
  ];
  if (order.status !== 'Invoice Sent') {
    messages.push({ type: 'status', orderId: order.id, timestamp: now, actorId, actor: party, statusChange: { from: order.status, to: 'Invoice Sent' } });
  }
  return { order: { ...withShipping(moved(order, 'Invoice Sent', now), amount), shippingMethod }, messages };
}

/**
 * The seller records a refund (beyond the spec). `sent`: the buyer has paid (status Payment Received, In Progress,
 * Shipped or Refund Sent), the amount is more than nothing and at most what was paid (the total: items and shipping) less what
 * was refunded before; the order moves to Refund Sent. `received`: the buyer has received that much of the refunds
 * sent (at most what is outstanding); the status stays. Each writes its log entry.
 */
export function recordRefund(order: Order, party: OrderParty, actorId: number, kind: 'sent' | 'received', amount: Money, now: Date): OrderChange {
  if (party !== 'seller') throw new Refusal('forbidden', 'Only the seller can record a refund.');
  if (amount.currency !== order.currency) throw orderRefused(`A refund must be in the order's currency, ${order.currency}.`);
  if (!amount.isPositive()) throw orderRefused('A refund must be more than nothing.');
  if (kind === 'sent') {
    if (!REFUNDABLE_STATUSES.includes(order.status)) {
      throw orderRefused((w) => `An order in status ${w(order.status)} has not been paid; a refund may be sent once it is Payment Received.`);
    }
    const left = order.total.minus(order.refunded);
    if (amount.isGreaterThan(left)) throw orderRefused(`A refund may be at most what is left of the payment, ${left.toDecimalString()} ${order.currency}.`);
    const messages: OrderMessage[] = [{ type: 'refund_sent', orderId: order.id, timestamp: now, actorId, actor: party, amount }];
    if (order.status !== 'Refund Sent') {
      messages.push({ type: 'status', orderId: order.id, timestamp: now, actorId, actor: party, statusChange: { from: order.status, to: 'Refund Sent' } });
    }
    return { order: { ...moved(order, 'Refund Sent', now), refunded: order.refunded.plus(amount) }, messages };
  }
  const outstanding = order.refunded.minus(order.refundReceived);
  if (amount.isGreaterThan(outstanding)) {
    throw orderRefused(
      outstanding.isZero()
        ? 'No refund sent is waiting to be received.'
        : `A refund received may be at most what was sent and not yet received, ${outstanding.toDecimalString()} ${order.currency}.`,
    );
  }
  return {
    order: { ...order, refundReceived: order.refundReceived.plus(amount), lastActivity: now },
    messages: [{ type: 'refund_received', orderId: order.id, timestamp: now, actorId, actor: party, amount }],
  };
}

/** The seller files the order away (or back): an archived order stays readable and listed under `archived=true`. */
export function setArchived(order: Order, party: OrderParty, archived: boolean): OrderChange {
  if (party !== 'seller') throw new Refusal('forbidden', 'Only the seller can archive an order.');
  return { order: { ...order, archived }, messages: [] };
}

/**
 * Each status's number in a `status` entry's `status_id`, as the public API numbers them: its documented message log
 * shows New Order 1, Invoice Sent 3, Payment Received 5 and Shipped 6, so the first six are the statuses of the
 * spec's list without In Progress (which the public API added later; some of its clients still lack it). The rest
 * follow in the spec's order, and In Progress, the latest, last.
 */
export const STATUS_IDS: Readonly<Record<OrderStatus, number>> = {
  'New Order': 1,
  'Buyer ed': 2,
  'Invoice Sent': 3,
  'Payment Pending': 4,
  'Payment Received': 5,
  Shipped: 6,
  'Refund Sent': 7,
  'Cancelled (Non-Paying Buyer)': 8,
  'Cancelled (Item Unavailable)': 9,
  "Cancelled (Per Buyer's Request)": 10,
  'In Progress': 11,
};

/** The status's number in a `status` entry's `status_id` (see STATUS_IDS). */
export function statusId(status: OrderStatus): number {
  return STATUS_IDS[status];
}
