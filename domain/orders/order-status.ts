/**
 * An order's statuses, as the spec's part 3 spells them (the default dialect; `Buyer ed` is the Discogs dialect's
 * `Buyer Contacted`, which a presenter writes). A checkout creates orders in `New Order`; the transitions between
 * the others are the order lifecycle's (a table of its own, beside this list).
 */
export const ORDER_STATUSES = [
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

/** An order's status. */
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The status every order starts in. */
export const INITIAL_ORDER_STATUS: OrderStatus = 'New Order';

/** Whether the value is one of ORDER_STATUSES, spelled exactly. */
export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The Discogs dialect's spelling of `Buyer ed`; accepted in requests of either dialect. */
export const BUYER_CONTACTED = 'Buyer Contacted' as const;

/** The status a request names (the spec's spelling, or `Buyer Contacted` for `Buyer ed`), or null for anything else. */
export function orderStatusNamed(value: unknown): OrderStatus | null {
  if (value === BUYER_CONTACTED) return 'Buyer ed';
  return isOrderStatus(value) ? value : null;
}

/** How a status is spelled for a reader: the spec's words (`SPEC_STATUS_WORDS`) or the public API's (`PUBLIC_STATUS_WORDS`). */
export type StatusWords = (status: OrderStatus) => string;

/** The spec's spelling of every status, as ORDER_STATUSES has it. */
export const SPEC_STATUS_WORDS = (status: OrderStatus): OrderStatus => status;

/** A status as the public API spells it. */
export type PublicOrderStatus = Exclude<OrderStatus, 'Buyer ed'> | typeof BUYER_CONTACTED;

/** The public API's spelling: `Buyer ed` is `Buyer Contacted`, the others as the spec spells them. */
export const PUBLIC_STATUS_WORDS = (status: OrderStatus): PublicOrderStatus => (status === 'Buyer ed' ? BUYER_CONTACTED : status);
