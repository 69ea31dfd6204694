import type { MikroORM } from '@mikro-orm/postgresql';
import type { MediaCondition, SleeveCondition } from '../../../domain/marketplace/conditions.js';
import type { Currency } from '../../../domain/marketplace/currency.js';
import { Money } from '../../../domain/marketplace/money.js';
import type { Order, OrderItem } from '../../../domain/orders/order.js';
import { parseOrderId } from '../../../domain/orders/order-id.js';
import type { OrderRepository } from '../../../domain/orders/order-repository.js';
import type { OrderStatus } from '../../../domain/orders/order-status.js';
import { query } from '../mikro-orm-unit-of-work.js';
import { dateOf } from '../sql-values.js';

type Row = Record<string, unknown>;

const minor = (value: unknown): bigint => BigInt(String(value));

function itemOf(r: Row): OrderItem {
  return {
    listingId: Number(r.listing_id),
    releaseId: Number(r.release_id),
    price: Money.fromMinorUnits(minor(r.price_minor), String(r.currency).trim() as Currency),
    mediaCondition: r.media_condition as MediaCondition,
    sleeveCondition: (r.sleeve_condition as SleeveCondition | null) ?? null,
  };
}

/** Orders and their items in PostgreSQL (and PGlite), through the current unit of work. */
export class SqlOrderRepository implements OrderRepository {
  constructor(private readonly orm: MikroORM) {}

  async nextNumber(sellerId: number): Promise<number> {
    // One statement that both creates the seller's row and counts on: the row lock it takes serialises concurrent
    // checkouts of one seller until the first commits, so no two get the same number.
    const [row] = await query(
      this.orm,
      `insert into seller_order_sequence (seller_id, last_number) values (?, 1)
       on conflict (seller_id) do update set last_number = seller_order_sequence.last_number + 1
       returning last_number`,
      [sellerId],
    );
    return Number(row!.last_number);
  }

  async add(o: Order): Promise<void> {
    await query(
      this.orm,
      `insert into market_order (id, seller_id, number, buyer_id, status, currency, total_minor, fee_minor, shipping_minor,
         shipping_address, additional_instructions, created, last_activity, archived, version)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        o.id,
        o.sellerId,
        o.number,
        o.buyerId,
        o.status,
        o.currency,
        o.total.minorUnits.toString(),
        o.fee.minorUnits.toString(),
        o.shipping.minorUnits.toString(),
        o.shippingAddress,
        o.additionalInstructions,
        o.created,
        o.lastActivity,
        o.archived,
        o.version,
      ],
    );
    for (const [position, item] of o.items.entries()) {
      await query(
        this.orm,
        `insert into market_order_item (order_id, listing_id, position, release_id, price_minor, currency, media_condition, sleeve_condition)
         values (?, ?, ?, ?, ?, ?, ?, ?)`,
        [o.id, item.listingId, position, item.releaseId, item.price.minorUnits.toString(), item.price.currency, item.mediaCondition, item.sleeveCondition],
      );
    }
  }

  async byId(id: string): Promise<Order | null> {
    if (parseOrderId(id) === null) return null;
    const [r] = await query(this.orm, 'select * from market_order where id = ?', [id]);
    if (!r) return null;
    const items = await query(this.orm, 'select * from market_order_item where order_id = ? order by position', [id]);
    const currency = String(r.currency).trim() as Currency;
    return {
      id: String(r.id),
      sellerId: Number(r.seller_id),
      number: Number(r.number),
      buyerId: Number(r.buyer_id),
      status: r.status as OrderStatus,
      currency,
      items: items.map(itemOf),
      total: Money.fromMinorUnits(minor(r.total_minor), currency),
      fee: Money.fromMinorUnits(minor(r.fee_minor), currency),
      shipping: Money.fromMinorUnits(minor(r.shipping_minor), currency),
      shippingAddress: String(r.shipping_address),
      additionalInstructions: String(r.additional_instructions ?? ''),
      created: dateOf(r.created),
      lastActivity: dateOf(r.last_activity),
      archived: r.archived === true || r.archived === 't',
      version: Number(r.version),
    };
  }

  async save(o: Order): Promise<boolean> {
    const rows = await query(
      this.orm,
      `update market_order set status = ?, shipping_minor = ?, archived = ?, last_activity = ?, version = version + 1
       where id = ? and version = ? returning id`,
      [o.status, o.shipping.minorUnits.toString(), o.archived, o.lastActivity, o.id, o.version],
    );
    return rows.length > 0;
  }
}
