import { Refusal } from '../shared/refusal.js';
import type { MediaCondition, SleeveCondition } from '../marketplace/conditions.js';
import type { Currency } from '../marketplace/currency.js';
import type { CurrencyRates } from '../marketplace/currency-rates.js';
import { feeFor, type FeeRule } from '../marketplace/fee-rule.js';
import type { Listing } from '../marketplace/listing.js';
import { LISTING_LIFECYCLE } from '../marketplace/listing-status.js';
import { Money } from '../marketplace/money.js';
import { orderId } from './order-id.js';
import { INITIAL_ORDER_STATUS, type OrderStatus } from './order-status.js';

/** The longest shipping address an order keeps, in characters. */
export const MAX_SHIPPING_ADDRESS_LENGTH = 2000;
/** The longest additional instructions an order keeps, in characters. */
export const MAX_INSTRUCTIONS_LENGTH = 2000;

/** One item of an order: the listing sold as it was at the sale (its price in the listing's own currency). */
export interface OrderItem {
  readonly listingId: number;
  readonly releaseId: number;
  readonly price: Money;
  readonly mediaCondition: MediaCondition;
  readonly sleeveCondition: SleeveCondition | null;
}

/**
 * An order: what one buyer bought from one seller in one checkout. `total`, `fee` and `shipping` are in the order's
 * currency (the seller's at the sale); items keep their own prices. `total` is what the buyer pays: the items plus
 * the shipping (never less than the shipping); the fee is on the items alone. `version` counts the stored changes, for
 * optimistic concurrency: a change is stored only over the version it was made from.
 */
export interface Order {
  /** `<seller id>-<number>` (see `orderId`). */
  readonly id: string;
  readonly sellerId: number;
  /** The seller's order number, 1, 2, … in the order of their sales. */
  readonly number: number;
  readonly buyerId: number;
  readonly status: OrderStatus;
  readonly currency: Currency;
  readonly items: readonly OrderItem[];
  /** What the buyer pays: the items' prices, converted into the order's currency, added up, plus the shipping. */
  readonly total: Money;
  /** The marketplace fee: the fee rule at the sale, applied to each item's converted price, added up (not the shipping). */
  readonly fee: Money;
  /** What the seller charges for shipping: their shipping terms' price for the buyer at checkout (nothing without terms), then what they set. */
  readonly shipping: Money;
  /** How the seller ships (free text they give with the shipping amount; empty until then). */
  readonly shippingMethod: string;
  /** What the seller has refunded the buyer so far (the refunds recorded as sent, added up). */
  readonly refunded: Money;
  /** Of `refunded`, how much the buyer has received (the refunds recorded as received, added up). */
  readonly refundReceived: Money;
  /** When the order was first marked Shipped, or null: feedback may be left from then on. */
  readonly shippedAt: Date | null;
  /** The buyer's address as they wrote it (personal data: only the buyer and the seller see it). */
  readonly shippingAddress: string;
  readonly additionalInstructions: string;
  readonly created: Date;
  readonly lastActivity: Date;
  readonly archived: boolean;
  readonly version: number;
}

/** What a new order is made of. */
export interface NewOrderInput {
  readonly sellerId: number;
  readonly number: number;
  readonly buyerId: number;
  /** The seller's currency: the order's total and fee are in it. */
  readonly currency: Currency;
  /** The seller's listings bought, each For Sale, in the order the items are kept. */
  readonly listings: readonly Listing[];
  readonly feeRule: FeeRule;
  /** Consulted for items priced in another currency than the order's, and for fee bounds in another currency. */
  readonly rates: CurrencyRates;
  readonly shippingAddress: string;
  readonly additionalInstructions: string;
  /** The seller's shipping price for the buyer from their shipping terms (in any currency the rates convert), or nothing. */
  readonly shipping?: Money;
  readonly now: Date;
}

/**
 * A new order in status New Order: at least one listing, every one the seller's, For Sale and not the buyer's own,
 * none twice. The total converts each price into the order's currency and adds them, plus the shipping the seller's
 * terms ask of the buyer (nothing without terms); the fee applies the rule to each converted price and adds those (so a
 * fee minimum applies per item, as it would had each been bought alone), never to the shipping.
 * Throws an `invalid` Refusal for a broken rule, a money Refusal (`code` money) when a needed rate is missing.
 */
export function newOrder(input: NewOrderInput): Order {
  const { listings, currency, rates } = input;
  if (listings.length === 0) throw new Refusal('invalid', 'An order needs at least one item.');
  if (input.buyerId === input.sellerId) throw new Refusal('invalid', 'A seller cannot buy from themselves.');
  if (!Number.isSafeInteger(input.number) || input.number < 1) throw new Refusal('invalid', `An order number must be a positive whole number, got ${input.number}.`);
  const seen = new Set<number>();
  for (const l of listings) {
    if (l.sellerId !== input.sellerId) throw new Refusal('invalid', `Listing ${l.id} is not seller ${input.sellerId}'s.`);
    if (!LISTING_LIFECYCLE[l.status].buyable) throw new Refusal('invalid', `Listing ${l.id} is not for sale.`);
    if (seen.has(l.id)) throw new Refusal('invalid', `Listing ${l.id} is in the order twice.`);
    seen.add(l.id);
  }
  let total = Money.zero(currency);
  let fee = Money.zero(currency);
  for (const l of listings) {
    const price = l.price.convertTo(currency, rates);
    total = total.plus(price);
    fee = fee.plus(feeFor(price, input.feeRule, rates));
  }
  const shipping = input.shipping ? input.shipping.convertTo(currency, rates) : Money.zero(currency);
  return {
    id: orderId(input.sellerId, input.number),
    sellerId: input.sellerId,
    number: input.number,
    buyerId: input.buyerId,
    status: INITIAL_ORDER_STATUS,
    currency,
    items: listings.map((l) => ({ listingId: l.id, releaseId: l.releaseId, price: l.price, mediaCondition: l.condition, sleeveCondition: l.sleeveCondition })),
    total: total.plus(shipping),
    fee,
    shipping,
    shippingMethod: '',
    refunded: Money.zero(currency),
    refundReceived: Money.zero(currency),
    shippedAt: null,
    shippingAddress: input.shippingAddress,
    additionalInstructions: input.additionalInstructions,
    created: input.now,
    lastActivity: input.now,
    archived: false,
    version: 1,
  };
}

/** The items' part of the order's total: the total less the shipping. */
export function itemsTotal(order: Order): Money {
  return order.total.minus(order.shipping);
}

/** The order with its shipping set to `amount` (in the order's currency): the total moves by the difference. */
export function withShipping(order: Order, amount: Money): Order {
  return { ...order, shipping: amount, total: itemsTotal(order).plus(amount) };
}
