import type { User } from '../../domain/identity/accounts.js';
import type { Order } from '../../domain/orders/order.js';
import type { OrderFeedback } from '../../domain/orders/order-feedback.js';
import type { OrderMessage } from '../../domain/orders/order-message.js';
import type { OrderParty } from '../../domain/orders/order-party.js';
import type { OrderStatus } from '../../domain/orders/order-status.js';
import type { ListedRelease } from '../marketplace/listing-access.js';

/**
 * An order as one of its parties sees it: the order, both parties, which one the viewer is (the seller alone sees
 * the fee), where the viewer may move it (`next_status`), its items' releases, and the feedback given on it.
 */
export interface OrderView {
  readonly order: Order;
  readonly seller: User;
  readonly buyer: User;
  readonly viewer: OrderParty;
  readonly next: readonly OrderStatus[];
  readonly releases: ReadonlyMap<number, ListedRelease>;
  readonly feedback: readonly OrderFeedback[];
}

/** A log entry with the users it names (its actor), for presenting. */
export interface OrderMessageView {
  readonly message: OrderMessage;
  readonly actor: User;
  /** The other party: who the entry was written to. */
  readonly recipient: User;
  readonly buyer: User;
  /** The order's first item's release title ('' when that release is no longer stored), for subjects. */
  readonly firstTitle: string;
  /** How many items the order has. */
  readonly itemCount: number;
}
