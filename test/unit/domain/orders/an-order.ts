import { CurrencyRates } from '../../../../domain/marketplace/currency-rates.js';
import type { Currency } from '../../../../domain/marketplace/currency.js';
import { DEFAULT_FEE_RULE } from '../../../../domain/marketplace/fee-rule.js';
import { Listing } from '../../../../domain/marketplace/listing.js';
import { Money } from '../../../../domain/marketplace/money.js';
import { Order, type OrderRecord } from '../../../../domain/orders/order.js';

/** When the order tests' orders were made. */
export const CREATED = new Date('2026-11-20T10:00:00Z');
/** When the order tests' commands run. */
export const NOW = new Date('2026-11-23T01:00:00Z');
export const SELLER = 7;
const RATES = CurrencyRates.fromEntries([
  { currency: 'EUR', rate: '0.9' },
  { currency: 'JPY', rate: '150' },
]);
export const BUYER = 9;

/** An amount in major units as decimal text, in `currency` (USD unless told). */
export const money = (amount: string, currency: Currency = 'USD') => Money.fromDecimal(amount, currency);

/**
 * Seller 7's order number 3 to buyer 9 of one listing priced `price` (in the order's currency), made by `Order.place`
 * at CREATED; `more` overrides fields after (a status, shipping, refunds …), as if earlier commands had run: given
 * shipping, the total is the items' plus it.
 */
export function anOrder(more: Partial<OrderRecord> = {}, price = '10', currency: Currency = 'USD'): Order {
  const listing = Listing.restore({
    id: 1,
    sellerId: SELLER,
    releaseId: 100,
    condition: 'Near Mint (NM or M-)',
    sleeveCondition: 'Generic',
    price: money(price, currency),
    comments: '',
    allowOffers: false,
    status: 'For Sale',
    externalId: null,
    location: null,
    weight: null,
    formatQuantity: null,
    posted: CREATED,
    updated: CREATED,
  });
  const order = Order.place({
    sellerId: SELLER,
    number: 3,
    buyerId: BUYER,
    currency,
    listings: [listing],
    feeRule: DEFAULT_FEE_RULE,
    rates: RATES,
    shippingAddress: 'Here',
    additionalInstructions: '',
    now: CREATED,
  });
  // An order given shipping has it in its total, as one that was invoiced would (unless the total is given too).
  const total = more.total ?? (more.shipping ? order.total.plus(more.shipping) : order.total);
  return Order.restore({ ...order.record(), ...more, total });
}

/**
 * The order frozen (a command that wrote to its items would throw; its record is private and read-only) and a copy of
 * it, to check that a command left its input as it was.
 */
export function frozen(order: Order): { order: Order; before: Order } {
  const before = Order.restore(order.record());
  for (const i of order.items) Object.freeze(i);
  Object.freeze(order.items);
  Object.freeze(order);
  return { order, before };
}
