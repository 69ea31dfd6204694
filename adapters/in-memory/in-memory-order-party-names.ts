import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { OrderListQuery, OrderRepository } from '../../domain/orders/order-repository.js';

/** Everything a list matches, on one page. */
const EVERY_ORDER = { sort: 'id', descending: false, offset: 0, limit: Number.MAX_SAFE_INTEGER } as const;

/**
 * The other parties' names an `InMemoryOrderStore` sorts order lists by (`usernameOf`), which it asks for at once:
 * `withNamesFrom` gives its order repository, which, before a list sorted by buyer or seller, reads the names of the
 * other parties of every order the list matches from the users (as the SQL adapter joins the user table), so a
 * renamed user sorts under their new name.
 */
export class InMemoryOrderPartyNames {
  private readonly names = new Map<number, string>();

  /** A user's name as last read; their id, as text, before it has been read. */
  readonly usernameOf = (userId: number): string => this.names.get(userId) ?? String(userId);

  /** The store's order repository, with the names read before each list sorted by name. */
  withNamesFrom(orders: OrderRepository, users: UserRepository): OrderRepository {
    return {
      ...orders,
      list: async (q) => {
        if (q.sort === 'buyer' || q.sort === 'seller') await this.read(orders, users, q);
        return orders.list(q);
      },
    };
  }

  private async read(orders: OrderRepository, users: UserRepository, q: OrderListQuery): Promise<void> {
    const matched = await orders.list({ ...q, ...EVERY_ORDER });
    const others = new Set(matched.items.map((o) => (q.party === 'seller' ? o.buyerId : o.sellerId)));
    for (const id of others) {
      const user = await users.byId(id);
      if (user) this.names.set(id, user.username);
    }
  }
}
