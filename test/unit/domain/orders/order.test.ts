import { expect } from 'chai';
import { CurrencyRates } from '../../../../domain/marketplace/currency-rates.js';
import type { Currency } from '../../../../domain/marketplace/currency.js';
import { DEFAULT_FEE_RULE } from '../../../../domain/marketplace/fee-rule.js';
import { Listing } from '../../../../domain/marketplace/listing.js';
import { LISTING_STATUSES, type ListingStatus } from '../../../../domain/marketplace/listing-status.js';
import { Money } from '../../../../domain/marketplace/money.js';
import { isVisibleTo, purchaseProblem } from '../../../../domain/orders/cart.js';
import { Order } from '../../../../domain/orders/order.js';
import { orderId, parseOrderId } from '../../../../domain/orders/order-id.js';
import { isOrderStatus, ORDER_STATUSES } from '../../../../domain/orders/order-status.js';
import { Refusal } from '../../../../domain/shared/refusal.js';

const NOW = new Date('2026-11-23T01:00:00Z');
const RATES = CurrencyRates.fromEntries([
  { currency: 'EUR', rate: '0.9' },
  { currency: 'JPY', rate: '150' },
]);

let nextId = 1;
function listing(sellerId: number, price: string, currency: Currency = 'USD', status: ListingStatus = 'For Sale'): Listing {
  return Listing.restore({
    id: nextId++,
    sellerId,
    releaseId: 100,
    condition: 'Near Mint (NM or M-)',
    sleeveCondition: 'Generic',
    price: Money.fromDecimal(price, currency),
    comments: '',
    allowOffers: false,
    status,
    externalId: null,
    location: null,
    weight: null,
    formatQuantity: null,
    posted: NOW,
    updated: NOW,
  });
}

const order = (listings: Listing[], currency: Currency = 'USD', sellerId = 7) =>
  Order.place({ sellerId, number: 3, buyerId: 9, currency, listings, feeRule: DEFAULT_FEE_RULE, rates: RATES, shippingAddress: 'Here', additionalInstructions: '', now: NOW });

describe('An order', () => {
  it('starts as New Order with its id, items, zero shipping, not archived, at version 1', () => {
    const l = listing(7, '10');
    const o = order([l]);
    expect([o.id, o.sellerId, o.number, o.buyerId, o.status, o.archived, o.version]).to.deep.equal(['7-3', 7, 3, 9, 'New Order', false, 1]);
    expect(o.items).to.deep.equal([{ listingId: l.id, releaseId: 100, price: l.price, mediaCondition: 'Near Mint (NM or M-)', sleeveCondition: 'Generic' }]);
    expect(o.shipping.toString()).to.equal('0.00 USD');
    expect([o.created, o.lastActivity]).to.deep.equal([NOW, NOW]);
  });

  // [prices (USD unless given), order currency, total, fee]: the fee rule per item (8%, at least 0.10 USD, at most
  // 150 USD, the bounds converted), items in other currencies converted first.
  const cases: Array<[Array<[string, Currency?]>, Currency, string, string]> = [
    [[['10']], 'USD', '10.00 USD', '0.80 USD'],
    [[['10'], ['25.50']], 'USD', '35.50 USD', '2.84 USD'],
    [[['1']], 'USD', '1.00 USD', '0.10 USD'], // the minimum
    [[['1'], ['1']], 'USD', '2.00 USD', '0.20 USD'], // the minimum per item
    [[['1.25']], 'USD', '1.25 USD', '0.10 USD'], // 8% is 0.10
    [[['1.88']], 'USD', '1.88 USD', '0.15 USD'], // 0.1504 rounds down
    [[['1.8125']], 'USD', '1.81 USD', '0.14 USD'], // the price rounds first: 1.81 × 8% = 0.1448
    [[['1875']], 'USD', '1875.00 USD', '150.00 USD'], // 8% is the maximum
    [[['5000']], 'USD', '5000.00 USD', '150.00 USD'], // capped
    [[['20', 'EUR']], 'EUR', '20.00 EUR', '1.60 EUR'],
    [[['30', 'USD']], 'EUR', '27.00 EUR', '2.16 EUR'], // converted into the order's currency
    [[['20', 'EUR'], ['30', 'USD']], 'EUR', '47.00 EUR', '3.76 EUR'],
    [[['1', 'EUR']], 'EUR', '1.00 EUR', '0.09 EUR'], // minimum 0.10 USD is 0.09 EUR
    [[['3000', 'EUR']], 'EUR', '3000.00 EUR', '135.00 EUR'], // maximum 150 USD is 135 EUR
    [[['1000', 'JPY']], 'JPY', '1000 JPY', '80 JPY'],
    [[['100', 'JPY']], 'JPY', '100 JPY', '15 JPY'], // minimum 0.10 USD is 15 JPY
    [[['10', 'USD']], 'JPY', '1500 JPY', '120 JPY'],
  ];
  for (const [prices, currency, total, fee] of cases) {
    it(`of ${prices.map(([p, c]) => `${p} ${c ?? 'USD'}`).join(' + ')} in ${currency}: total ${total}, fee ${fee}`, () => {
      const o = order(prices.map(([p, c]) => listing(7, p, c ?? 'USD')), currency);
      expect([o.total.toString(), o.fee.toString(), o.currency]).to.deep.equal([total, fee, currency]);
      expect(o.items.map((i) => i.price.currency)).to.deep.equal(prices.map(([, c]) => c ?? 'USD'));
    });
  }

  it('refuses no items, another seller\'s listing, a listing twice, a buyer who is the seller, a bad number', () => {
    expect(() => order([])).to.throw(Refusal, 'An order needs at least one item.').with.property('kind', 'invalid');
    const other = listing(8, '5');
    expect(() => order([other])).to.throw(Refusal, `Listing ${other.id} is not seller 7's.`).with.property('kind', 'invalid');
    const l = listing(7, '5');
    expect(() => order([l, l])).to.throw(Refusal, `Listing ${l.id} is in the order twice.`).with.property('kind', 'invalid');
    expect(() => order([listing(9, '5')], 'USD', 9)).to.throw(Refusal, 'A seller cannot buy from themselves.').with.property('kind', 'invalid');
    expect(() =>
      Order.place({ sellerId: 7, number: 0, buyerId: 9, currency: 'USD', listings: [listing(7, '1')], feeRule: DEFAULT_FEE_RULE, rates: RATES, shippingAddress: 'x', additionalInstructions: '', now: NOW }),
    ).to.throw(Refusal, 'positive whole number').with.property('kind', 'invalid');
  });

  for (const status of LISTING_STATUSES.filter((s) => s !== 'For Sale')) {
    it(`refuses a listing that is ${status}`, () => {
      const l = listing(7, '5', 'USD', status);
      expect(() => order([l])).to.throw(Refusal, `Listing ${l.id} is not for sale.`).with.property('kind', 'invalid');
    });
  }

  it('needs a rate for an item in a currency the table lacks', () => {
    expect(() => order([listing(7, '5', 'GBP')])).to.throw(Refusal, 'no conversion rate for GBP');
  });
});

describe('Buying a listing', () => {
  const cases: Array<[ListingStatus, 'own' | 'not for sale' | null, boolean]> = LISTING_STATUSES.map((s) => [s, s === 'For Sale' ? null : 'not for sale', s === 'For Sale']);
  for (const [status, problem, visible] of cases) {
    it(`of another seller, ${status}: ${problem ?? 'allowed'}, ${visible ? 'visible' : 'hidden'}`, () => {
      const l = listing(7, '5', 'USD', status);
      expect(purchaseProblem(l, 9)).to.equal(problem);
      expect(isVisibleTo(l, 9)).to.equal(visible);
    });
    it(`of one's own, ${status}: own, visible`, () => {
      const l = listing(9, '5', 'USD', status);
      expect(purchaseProblem(l, 9)).to.equal('own');
      expect(isVisibleTo(l, 9)).to.equal(true);
    });
  }
});

describe('Order ids and statuses', () => {
  it('writes and reads <seller id>-<number>', () => {
    expect(orderId(42, 7)).to.equal('42-7');
    expect(parseOrderId('42-7')).to.deep.equal({ sellerId: 42, number: 7 });
    expect(parseOrderId('2147483647-2147483647')).to.deep.equal({ sellerId: 2147483647, number: 2147483647 });
    for (const bad of ['', '42', '42-', '-7', '0-1', '1-0', '01-1', '1-01', '1-1-1', ' 1-1', '1-1 ', 'a-1', '2147483648-1', '1-2147483648', '1.5-1']) {
      expect(parseOrderId(bad), bad).to.equal(null);
    }
  });

  it('lists the eleven statuses of the spec', () => {
    expect(ORDER_STATUSES).to.have.length(11);
    expect(isOrderStatus('New Order')).to.equal(true);
    expect(isOrderStatus("Cancelled (Per Buyer's Request)")).to.equal(true);
    expect(isOrderStatus('All')).to.equal(false);
    expect(isOrderStatus('Merged')).to.equal(false);
  });
});
