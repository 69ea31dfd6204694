import type { MikroORM } from '@mikro-orm/postgresql';
import type { UnreadOrderMessages } from '../../../application/ports/unread-order-messages.js';
import { query } from '../mikro-orm-unit-of-work.js';

/**
 * How many log entries of a user's orders they have not read, in SQL (a read model, ADR 0039): each order's log
 * numbered by a window function in a lateral join, which the ORM cannot say.
 */
export class SqlUnreadOrderMessages implements UnreadOrderMessages {
  constructor(private readonly orm: MikroORM) {}

  async count(userId: number): Promise<number> {
    // An entry's position is its place in its order's log by id: appends to one order hold the order's row lock
    // (`lockById`), so within an order ids follow the commits and a position, once seen, never changes.
    const [row] = await query(
      this.orm,
      `select count(*)::int as n
       from market_order o
       join lateral (select m.actor_id, row_number() over (order by m.id) as position from order_message m where m.order_id = o.id) m on true
       left join order_read_mark r on r.order_id = o.id and r.user_id = ?
       where (o.seller_id = ? or o.buyer_id = ?) and m.actor_id <> ? and m.position > coalesce(r.read_to, 0)`,
      [userId, userId, userId, userId],
    );
    return Number(row!.n);
  }
}
