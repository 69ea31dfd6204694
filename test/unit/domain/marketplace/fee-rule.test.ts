import { expect } from 'chai';
import { CURRENCIES, MINOR_UNIT_DIGITS, type Currency } from '../../../../domain/marketplace/currency.js';
import { BOUNDS, TEST_RATES } from '../../../support/fee-bounds.js';
import { CurrencyRates } from '../../../../domain/marketplace/currency-rates.js';
import { DEFAULT_FEE_RULE, feeFor, feeRule } from '../../../../domain/marketplace/fee-rule.js';
import { Money } from '../../../../domain/marketplace/money.js';
import { Refusal } from '../../../../domain/shared/refusal.js';

/** The fee by plain integer arithmetic on minor units (8 % rounded half up, clamped), independent of Money. */
function expectedFee(price: string, currency: Currency): string {
  const minor = (text: string) => BigInt(text.replace('.', ''));
  const p = minor(price);
  let fee = (p * 8n + 50n) / 100n;
  const { min, max } = BOUNDS[currency];
  if (fee < minor(min)) fee = minor(min);
  if (fee > minor(max)) fee = minor(max);
  return Money.fromMinorUnits(fee, currency).toDecimalString();
}

/** One minor unit more (+1) or less (-1) than the price. */
function step(price: string, currency: Currency, by: 1 | -1): string {
  return Money.fromDecimal(price, currency).plus(Money.fromMinorUnits(by, currency)).toDecimalString();
}

describe('feeFor (the marketplace fee rule)', () => {
  it('converts the bounds as worked out by hand', () => {
    for (const currency of CURRENCIES) {
      expect(DEFAULT_FEE_RULE.minimum.convertTo(currency, TEST_RATES).toDecimalString(), currency).to.equal(BOUNDS[currency].min);
      expect(DEFAULT_FEE_RULE.maximum.convertTo(currency, TEST_RATES).toDecimalString(), currency).to.equal(BOUNDS[currency].max);
    }
  });

  describe('every boundary in every currency', () => {
    for (const currency of CURRENCIES) {
      const { min, max, atMin, atMax } = BOUNDS[currency];
      const rows: Array<[string, string, string]> = [
        ['zero pays the minimum', MINOR_UNIT_DIGITS[currency] === 0 ? '0' : '0.00', min],
        ['one minor unit pays the minimum', Money.fromMinorUnits(1, currency).toDecimalString(), min],
        ['one minor unit below the minimum boundary', step(atMin, currency, -1), expectedFee(step(atMin, currency, -1), currency)],
        ['at the minimum boundary', atMin, expectedFee(atMin, currency)],
        ['one minor unit above the minimum boundary', step(atMin, currency, 1), expectedFee(step(atMin, currency, 1), currency)],
        ['one minor unit below the maximum boundary', step(atMax, currency, -1), max],
        ['at the maximum boundary', atMax, max],
        ['one minor unit above the maximum boundary', step(atMax, currency, 1), max],
        ['far above the maximum', step(atMax, currency, 1).replace(/^\d+/, (w) => w + '0'), max],
      ];
      for (const [what, price, fee] of rows) {
        it(`${currency} ${price}: ${what} → ${fee}`, () => {
          const charged = feeFor(Money.fromDecimal(price, currency), DEFAULT_FEE_RULE, TEST_RATES);
          expect(charged.currency).to.equal(currency);
          expect(charged.toDecimalString()).to.equal(fee);
          expect(fee).to.equal(expectedFee(price, currency));
        });
      }
    }
  });

  it('charges the share between the bounds, rounded half away from zero', () => {
    const cases: Array<[string, Currency, string]> = [
      ['1.32', 'USD', '0.11'], // 0.1056
      ['10.00', 'USD', '0.80'],
      ['20.50', 'USD', '1.64'],
      ['10.06', 'USD', '0.80'], // 0.8048
      ['10.07', 'USD', '0.81'], // 0.8056
      ['1874.93', 'USD', '149.99'], // 149.9944
      ['1874.94', 'USD', '150.00'], // 149.9952
      ['193', 'JPY', '15'], // 15.44
      ['194', 'JPY', '16'], // 15.52
      ['281243', 'JPY', '22499'], // 22499.44
      ['281244', 'JPY', '22500'], // 22499.52
      ['1.12', 'EUR', '0.09'], // 0.0896 → 0.09 (the minimum)
      ['1.19', 'EUR', '0.10'], // 0.0952
    ];
    for (const [price, currency, fee] of cases) {
      expect(feeFor(Money.fromDecimal(price, currency), DEFAULT_FEE_RULE, TEST_RATES).toDecimalString(), `${price} ${currency}`).to.equal(fee);
    }
  });

  it('needs no rate table when the price is in the bounds’ currency', () => {
    const empty = CurrencyRates.fromEntries([]);
    expect(feeFor(Money.fromDecimal('20.50', 'USD'), DEFAULT_FEE_RULE, empty).toString()).to.equal('1.64 USD');
  });

  it('refuses a price in a currency the table has no rate for, and a negative price', () => {
    const empty = CurrencyRates.fromEntries([]);
    expect(() => feeFor(Money.fromDecimal('20', 'EUR'), DEFAULT_FEE_RULE, empty)).to.throw(Refusal, 'There is no conversion rate for EUR.');
    expect(() => feeFor(Money.fromDecimal('-1', 'USD'), DEFAULT_FEE_RULE, TEST_RATES)).to.throw(Refusal, 'A price may not be negative');
  });

  it('applies a rule set in another currency, converting its bounds into USD', () => {
    const rule = feeRule('0.1', Money.fromDecimal('1', 'EUR'), Money.fromDecimal('90', 'EUR'));
    // 1 EUR = 1/0.9 USD = 1.11; 90 EUR = 100 USD.
    expect(feeFor(Money.fromDecimal('5', 'USD'), rule, TEST_RATES).toString()).to.equal('1.11 USD');
    expect(feeFor(Money.fromDecimal('50', 'USD'), rule, TEST_RATES).toString()).to.equal('5.00 USD');
    expect(feeFor(Money.fromDecimal('5000', 'USD'), rule, TEST_RATES).toString()).to.equal('100.00 USD');
    expect(feeFor(Money.fromDecimal('50', 'EUR'), rule, TEST_RATES).toString()).to.equal('5.00 EUR');
  });

  describe('feeRule checks its settings', () => {
    const usd = (t: string) => Money.fromDecimal(t, 'USD');
    it('accepts a rate from 0 to 1 and bounds in order', () => {
      expect(feeRule('0', usd('0'), usd('0')).rate).to.equal('0');
      expect(feeRule('1', usd('1'), usd('1')).rate).to.equal('1');
      expect(feeRule('0.125', usd('0.10'), usd('150')).maximum.toString()).to.equal('150.00 USD');
    });
    const bad: Array<[string, Money, Money, string]> = [
      ['1.5', usd('0.10'), usd('150'), 'The fee rate must be a decimal from 0 to 1, got "1.5".'],
      ['-0.1', usd('0.10'), usd('150'), 'The fee rate must be a decimal from 0 to 1, got "-0.1".'],
      ['8%', usd('0.10'), usd('150'), 'The fee rate must be a decimal from 0 to 1, got "8%".'],
      ['0.08', usd('-1'), usd('150'), 'The fee minimum and maximum may not be negative.'],
      ['0.08', usd('200'), usd('150'), 'The fee minimum 200.00 USD is above the maximum 150.00 USD.'],
    ];
    for (const [rate, min, max, message] of bad) {
      it(`refuses ${rate}, ${min}, ${max}`, () => {
        expect(() => feeRule(rate, min, max)).to.throw(Refusal, message);
      });
    }
  });
});
