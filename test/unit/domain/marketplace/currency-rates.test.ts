import { expect } from 'chai';
import { CurrencyRates, type RateEntry } from '../../../../domain/marketplace/currency-rates.js';
import { isMoneyRefusal } from '../../../../domain/marketplace/money-refusal.js';
import { Refusal } from '../../../../domain/shared/refusal.js';

function invalid(entries: RateEntry[]): Refusal {
  try {
    CurrencyRates.fromEntries(entries);
  } catch (err) {
    expect(isMoneyRefusal(err), String(err)).to.equal(true);
    return err as Refusal;
  }
  throw new Error('expected a money refusal');
}

describe('CurrencyRates', () => {
  const rates = CurrencyRates.fromEntries([
    { currency: 'JPY', rate: '150.120' },
    { currency: 'EUR', rate: '0.92340' },
    { currency: 'GBP', rate: '0.79' },
  ]);

  it('reads entries back in the order of CURRENCIES, the base included, rates in their shortest form', () => {
    expect(rates.entries()).to.deep.equal([
      { currency: 'USD', rate: '1' },
      { currency: 'GBP', rate: '0.79' },
      { currency: 'EUR', rate: '0.9234' },
      { currency: 'JPY', rate: '150.12' },
    ]);
    expect(CurrencyRates.fromEntries(rates.entries()).entries()).to.deep.equal(rates.entries());
  });

  it('takes the base currency given as 1, or none at all', () => {
    expect(CurrencyRates.fromEntries([{ currency: 'USD', rate: '1.000' }]).entries()).to.deep.equal([{ currency: 'USD', rate: '1' }]);
    expect(CurrencyRates.fromEntries([]).entries()).to.deep.equal([{ currency: 'USD', rate: '1' }]);
  });

  it('holds the extremes of precision exactly', () => {
    const table = CurrencyRates.fromEntries([
      { currency: 'SEK', rate: '0.000000000001' },
      { currency: 'ZAR', rate: '999999999999.999999999999' },
    ]);
    expect(table.entries().slice(1)).to.deep.equal([
      { currency: 'SEK', rate: '0.000000000001' },
      { currency: 'ZAR', rate: '999999999999.999999999999' },
    ]);
    expect(table.rate('USD', 'SEK')).to.deep.equal({ numerator: 1n, denominator: 10n ** 12n });
  });

  describe('rate(from, to) is exact and in lowest terms', () => {
    const cases: Array<[Parameters<CurrencyRates['rate']>, bigint, bigint]> = [
      [['USD', 'EUR'], 4617n, 5000n],
      [['EUR', 'USD'], 5000n, 4617n],
      [['EUR', 'GBP'], 3950n, 4617n],
      [['USD', 'JPY'], 3753n, 25n],
      [['JPY', 'USD'], 25n, 3753n],
      [['USD', 'USD'], 1n, 1n],
      [['GBP', 'GBP'], 1n, 1n],
    ];
    for (const [[from, to], numerator, denominator] of cases) {
      it(`${from} → ${to} = ${numerator}/${denominator}`, () => {
        expect(rates.has(from) && rates.has(to)).to.equal(true);
        expect(rates.rate(from, to)).to.deep.equal({ numerator, denominator });
      });
    }

    it('names a currency the table lacks', () => {
      expect(rates.has('CHF')).to.equal(false);
      expect(() => rates.rate('USD', 'CHF')).to.throw(Refusal, 'There is no conversion rate for CHF.');
      expect(() => rates.rate('CHF', 'EUR')).to.throw(Refusal, 'There is no conversion rate for CHF.');
    });
  });

  describe('refuses bad entries', () => {
    const cases: Array<[string, string, string]> = [
      ['XYZ', '1', '"XYZ" is not an accepted currency (USD, GBP, EUR, CAD, AUD, JPY, CHF, MXN, BRL, NZD, SEK, ZAR)'],
      ['eur', '0.9', '"eur" is not an accepted currency (USD, GBP, EUR, CAD, AUD, JPY, CHF, MXN, BRL, NZD, SEK, ZAR)'],
      ['EUR', '-1', '"-1" is not a plain decimal number such as 0.9234'],
      ['EUR', '+1', '"+1" is not a plain decimal number such as 0.9234'],
      ['EUR', 'abc', '"abc" is not a plain decimal number such as 0.9234'],
      ['EUR', '', '"" is not a plain decimal number such as 0.9234'],
      ['EUR', '1e3', '"1e3" is not a plain decimal number such as 0.9234'],
      ['EUR', ' 1', '" 1" is not a plain decimal number such as 0.9234'],
      ['EUR', '1.', '"1." is not a plain decimal number such as 0.9234'],
      ['EUR', '.5', '".5" is not a plain decimal number such as 0.9234'],
      ['EUR', 'NaN', '"NaN" is not a plain decimal number such as 0.9234'],
      ['EUR', '0', 'the rate must be greater than zero, got "0"'],
      ['EUR', '0.000', 'the rate must be greater than zero, got "0.000"'],
      ['EUR', '0.0000000000001', '"0.0000000000001" has more than 12 digits after the point'],
      ['EUR', '1000000000000', '"1000000000000" has more than 12 digits before the point'],
      ['USD', '2', 'the rate of USD must be 1, got "2"'],
      ['USD', '0.99', 'the rate of USD must be 1, got "0.99"'],
    ];
    for (const [currency, rate, reason] of cases) {
      it(`${currency} "${rate}": ${reason}`, () => {
        const err = invalid([{ currency, rate }]);
        expect(err.problems).to.deep.equal([{ field: `entry 1 (${currency})`, message: reason }]);
        expect(err.message).to.equal(`Invalid currency rates: entry 1 (${currency}): ${reason}.`);
      });
    }

    it('reports every bad entry at once, and a currency listed twice', () => {
      const err = invalid([
        { currency: 'EUR', rate: '0.9234' },
        { currency: 'XYZ', rate: '1' },
        { currency: 'GBP', rate: '0' },
        { currency: 'EUR', rate: '0.95' },
        { currency: 'JPY', rate: '150' },
      ]);
      expect(err.problems.map((p) => p.field)).to.deep.equal(['entry 2 (XYZ)', 'entry 3 (GBP)', 'entry 4 (EUR)']);
      expect(err.problems[2]!.message).to.equal('EUR is listed more than once');
      expect(err.message).to.equal(
        'Invalid currency rates: entry 2 (XYZ): "XYZ" is not an accepted currency (USD, GBP, EUR, CAD, AUD, JPY, CHF, MXN, BRL, NZD, SEK, ZAR); ' +
          'entry 3 (GBP): the rate must be greater than zero, got "0"; entry 4 (EUR): EUR is listed more than once.',
      );
    });
  });
});
