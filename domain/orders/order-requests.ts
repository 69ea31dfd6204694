import type { Money } from '../marketplace/money.js';
import type { OrderStatus } from './order-status.js';

/*
 * What the order endpoints' requests ask of an order, as typed values: the commands' inputs. The HTTP edge checks a
 * request's body into them (adapters/http/orders/order-bodies.ts); the order's commands keep the invariants.
 */

/** The longest shipping method text, in characters. */
export const MAX_SHIPPING_METHOD_LENGTH = 200;

/** An edit of an order (`POST /marketplace/orders/{id}`): a status, or shipping (and its method), and/or archived. */
export interface OrderEdit {
  readonly status: OrderStatus | null;
  readonly shipping: Money | null;
  readonly shippingMethod: string | null;
  readonly archived: boolean | null;
}

/** A message added to an order: text and/or a status. */
export interface OrderMessageRequest {
  readonly text: string | null;
  readonly status: OrderStatus | null;
}

/** A refund recorded on an order. */
export interface RefundRequest {
  readonly kind: 'sent' | 'received';
  readonly amount: Money;
}
