import type { CartContents } from '../../application/ports/cart-contents.js';
import type { CartItem } from '../../domain/orders/cart.js';
import type { CartRepository } from '../../domain/orders/cart-repository.js';
import type { Order } from '../../domain/orders/order.js';
import type { OrderRepository } from '../../domain/orders/order-repository.js';
import type { InMemoryTransactional, InMemoryUnitOfWork } from './in-memory-unit-of-work.js';

interface State {
  readonly carts: Map<string, CartItem>;
  readonly orders: Map<string, Order>;
  readonly sequences: Map<number, number>;
}

const key = (userId: number, listingId: number): string => `${userId}/${listingId}`;

const copy = (s: State): State => ({ carts: new Map(s.carts), orders: new Map(s.orders), sequences: new Map(s.sequences) });

/**
 * Carts, orders and sellers' order numbers in memory, enlisted in an `InMemoryUnitOfWork` (a failed run puts them
 * back, order numbers included, as a rolled-back transaction does). One cart entry per user and listing, one order per
 * id, as the tables' keys keep them. It knows no listings: removing a listing does not empty carts here (the SQL
 * table's foreign key does that).
 */
export class InMemoryOrderStore implements InMemoryTransactional {
  private state: State = { carts: new Map(), orders: new Map(), sequences: new Map() };
  readonly carts: CartRepository & CartContents;
  readonly orders: OrderRepository;

  constructor(uow: InMemoryUnitOfWork) {
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
        this.state.orders.set(order.id, order);
      },
      byId: async (id) => this.state.orders.get(id) ?? null,
      save: async (order) => {
        const stored = this.state.orders.get(order.id);
        if (!stored || stored.version !== order.version) return false;
        this.state.orders.set(order.id, {
          ...stored,
          status: order.status,
          shipping: order.shipping,
          archived: order.archived,
          lastActivity: order.lastActivity,
          version: stored.version + 1,
        });
        return true;
      },
    };
  }

  snapshot(): unknown {
    return copy(this.state);
  }

  restore(snapshot: unknown): void {
    this.state = copy(snapshot as State);
  }
}
