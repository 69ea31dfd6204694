import { expect } from 'chai';
import { releasePriceRanges } from '../../../../application/marketplace/release-price-ranges.js';
import type { Currency } from '../../../../domain/marketplace/currency.js';
import { CurrencyRates } from '../../../../domain/marketplace/currency-rates.js';
import { Money } from '../../../../domain/marketplace/money.js';

const RATES = CurrencyRates.fromEntries([
  { currency: 'USD', rate: '1' },
  { currency: 'EUR', rate: '0.8' },
  { currency: 'GBP', rate: '0.5' },
]);
const at = (releaseId: number, price: string, currency: Currency = 'USD') => ({ releaseId, price: Money.fromDecimal(price, currency) });
const shown = (ranges: Map<number, { minimum: Money; median: Money; maximum: Money }>) =>
  Object.fromEntries([...ranges].map(([id, r]) => [id, [r.minimum.toString(), r.median.toString(), r.maximum.toString()]]));

describe('What releases sell for (lowest, median, highest)', () => {
  it('of one price: that price three times', () => {
    expect(shown(releasePriceRanges([at(1, '5')], 'USD', null))).to.deep.equal({ 1: ['5.00 USD', '5.00 USD', '5.00 USD'] });
  });

  it('of an odd number: the middle one; of an even number: the mean of the middle two, rounded half away from zero', () => {
    const ranges = releasePriceRanges([at(1, '9'), at(1, '1'), at(1, '4'), at(2, '1.00'), at(2, '1.01'), at(2, '7')], 'USD', null);
    expect(shown(ranges)).to.deep.equal({ 1: ['1.00 USD', '4.00 USD', '9.00 USD'], 2: ['1.00 USD', '1.01 USD', '7.00 USD'] });
    expect(shown(releasePriceRanges([at(3, '1.00'), at(3, '1.01')], 'USD', null))).to.deep.equal({ 3: ['1.00 USD', '1.01 USD', '1.01 USD'] });
  });

  it('converts every price into the currency asked for before comparing', () => {
    // 10 USD = 8.00 EUR, 8 GBP = 12.80 EUR, 9 EUR.
    const ranges = releasePriceRanges([at(1, '10'), at(1, '8', 'GBP'), at(1, '9', 'EUR')], 'EUR', RATES);
    expect(shown(ranges)).to.deep.equal({ 1: ['8.00 EUR', '9.00 EUR', '12.80 EUR'] });
  });

  it('leaves out a price the rate table cannot convert, and a release left with none', () => {
    const ranges = releasePriceRanges([at(1, '10'), at(1, '1000', 'JPY' as Currency), at(2, '5', 'JPY' as Currency)], 'EUR', RATES);
    expect(shown(ranges)).to.deep.equal({ 1: ['8.00 EUR', '8.00 EUR', '8.00 EUR'] });
    expect(shown(releasePriceRanges([at(1, '10', 'EUR'), at(1, '3')], 'EUR', null))).to.deep.equal({ 1: ['10.00 EUR', '10.00 EUR', '10.00 EUR'] });
  });
});
