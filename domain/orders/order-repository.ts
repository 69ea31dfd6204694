import type { Order } from './order.js';

/**
 * Stores orders with their items, and gives each seller's orders their numbers. Writes run inside the caller's
 * `UnitOfWork`.
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
   * Stores an order's changed status, shipping, archived flag and last activity over the version it was read at
   * (`order.version`), and the stored version becomes one more; false (and nothing stored) when the stored order is
   * at another version (changed since it was read) or is gone.
   */
  save(order: Order): Promise<boolean>;
}
