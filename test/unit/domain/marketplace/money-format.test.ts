import { expect } from 'chai';
import { Money } from '../../../../domain/marketplace/money.js';
import { formatMoney } from '../../../../domain/marketplace/money-format.js';

describe('formatMoney', () => {
  const cases: Array<[string, Parameters<typeof Money.fromDecimal>[1], string]> = [
    ['75.5', 'USD', '$75.50'],
    ['10', 'EUR', '€10.00'],
    ['10', 'GBP', '£10.00'],
    ['1000', 'JPY', '¥1,000'],
    ['1234567.891', 'USD', '$1,234,567.89'],
    ['0', 'CAD', 'CA$0.00'],
    ['999.99', 'AUD', 'A$999.99'],
    ['-0.05', 'USD', '-$0.05'],
    ['12', 'CHF', 'CHF12.00'],
    ['12', 'SEK', 'SEK12.00'],
  ];
  for (const [amount, currency, expected] of cases) {
    it(`${amount} ${currency} → ${expected}`, () => {
      expect(formatMoney(Money.fromDecimal(amount, currency))).to.equal(expected);
    });
  }
});
