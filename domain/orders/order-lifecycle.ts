import { Refusal } from '../shared/refusal.js';
import type { OrderParty } from './order-party.js';
import { SPEC_STATUS_WORDS, type OrderStatus, type StatusWords } from './order-status.js';

/*
 * The order lifecycle as data. `NEXT_STATUS` is the whole table: from each status, where each party may move the
 * order. The seller runs the order (invoice, payment, shipping, refunds, cancellations); the buyer may only say they
 * have paid an invoice and ask to cancel before paying. The spec's rules sit on top: an edit with a status must name
 * one of `next_status`; an edit with shipping moves the order to Invoice Sent from any status but the cancelled
 * ones, Payment Received and Shipped (the spec's list, kept as it is); every change writes the message log. The
 * order's commands (`Order.changeStatus`, `addMessage`, `setShipping`, `recordRefund`, …) consult these tables.
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

/**
 * The statuses of an order still under way: not cancelled and not shipped (Refund Sent may go back to In Progress or
 * Shipped). A party to an order in one of them cannot delete their account (ADR 0060).
 */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = (Object.keys(NEXT_STATUS.seller) as OrderStatus[]).filter(
  (status) => status !== 'Shipped' && !CANCELLED_STATUSES.includes(status),
);

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

/** The statuses the party may move an order in `status` to now. */
export function nextStatuses(status: OrderStatus, party: OrderParty): readonly OrderStatus[] {
  return NEXT_STATUS[party][status];
}

/** Whether the order's status is one of the cancelled ones. */
export function isCancelled(status: OrderStatus): boolean {
  return CANCELLED_STATUSES.includes(status);
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
