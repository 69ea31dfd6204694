import { expect } from 'chai';
import type { Currency } from '../../../../domain/marketplace/currency.js';
import { CurrencyRates } from '../../../../domain/marketplace/currency-rates.js';
import { MAX_MINOR_UNITS, Money } from '../../../../domain/marketplace/money.js';
import { isMoneyRefusal } from '../../../../domain/marketplace/money-refusal.js';
import { Refusal } from '../../../../domain/shared/refusal.js';

const usd = (text: string) => Money.fromDecimal(text, 'USD');
const jpy = (text: string) => Money.fromDecimal(text, 'JPY');

function refusal(work: () => unknown): Refusal {
  try {
    work();
  } catch (err) {
    expect(isMoneyRefusal(err), String(err)).to.equal(true);
    return err as Refusal;
  }
  throw new Error('expected a money refusal');
}

describe('Money', () => {
  describe('fromDecimal rounds half away from zero to the minor unit', () => {
    const cases: Array<[string | number, Currency, string]> = [
      ['12.345', 'USD', '12.35'],
      ['-12.345', 'USD', '-12.35'],
      ['12.344', 'USD', '12.34'],
      ['-12.344', 'USD', '-12.34'],
      ['12.3449999999', 'USD', '12.34'],
      ['0.005', 'USD', '0.01'],
      ['-0.005', 'USD', '-0.01'],
      ['0.0049999', 'USD', '0.00'],
      ['-0.004', 'USD', '0.00'],
      ['0', 'USD', '0.00'],
      ['-0', 'USD', '0.00'],
      ['12', 'USD', '12.00'],
      ['.5', 'USD', '0.50'],
      ['5.', 'USD', '5.00'],
      ['+1.5', 'USD', '1.50'],
      ['000123.4500', 'USD', '123.45'],
      ['1.2e3', 'USD', '1200.00'],
      ['1.2345E1', 'USD', '12.35'],
      ['5e-3', 'USD', '0.01'],
      ['-5e-3', 'USD', '-0.01'],
      ['1e-40', 'USD', '0.00'],
      ['1234.5', 'JPY', '1235'],
      ['-1234.5', 'JPY', '-1235'],
      ['1234.49', 'JPY', '1234'],
      ['0.5', 'JPY', '1'],
      ['-0.5', 'JPY', '-1'],
      ['0.49', 'JPY', '0'],
      ['1200', 'JPY', '1200'],
      ['90071992547409.91', 'USD', '90071992547409.91'],
      ['-90071992547409.91', 'USD', '-90071992547409.91'],
      ['90071992547409.914', 'USD', '90071992547409.91'],
      ['9007199254740991', 'JPY', '9007199254740991'],
      ['9007199254740991.4', 'JPY', '9007199254740991'],
      [12.345, 'USD', '12.35'],
      [-12.345, 'USD', '-12.35'],
      [1.005, 'USD', '1.01'],
      [-1.005, 'USD', '-1.01'],
      [0.1 + 0.2, 'USD', '0.30'],
      [1e-7, 'USD', '0.00'],
      [1200, 'JPY', '1200'],
      [2.5, 'JPY', '3'],
      [-2.5, 'JPY', '-3'],
    ];
    for (const [input, currency, text] of cases) {
      it(`${typeof input === 'string' ? `'${input}'` : input} ${currency} → ${text}`, () => {
        const money = Money.fromDecimal(input, currency);
        expect(money.toDecimalString()).to.equal(text);
        expect(money.currency).to.equal(currency);
      });
    }
  });

  describe('fromDecimal refuses what is not a decimal amount in range', () => {
    const cases: Array<[string | number, Currency, string]> = [
      ['NaN', 'USD', '"NaN" is not a decimal number.'],
      ['Infinity', 'USD', '"Infinity" is not a decimal number.'],
      ['-Infinity', 'USD', '"-Infinity" is not a decimal number.'],
      ['', 'USD', '"" is not a decimal number.'],
      [' 1', 'USD', '" 1" is not a decimal number.'],
      ['1 ', 'USD', '"1 " is not a decimal number.'],
      ['1,5', 'USD', '"1,5" is not a decimal number.'],
      ['0x10', 'USD', '"0x10" is not a decimal number.'],
      ['1.2.3', 'USD', '"1.2.3" is not a decimal number.'],
      ['12abc', 'USD', '"12abc" is not a decimal number.'],
      ['.', 'USD', '"." is not a decimal number.'],
      ['-', 'USD', '"-" is not a decimal number.'],
      ['1e', 'USD', '"1e" is not a decimal number.'],
      ['e5', 'USD', '"e5" is not a decimal number.'],
      ['1e41', 'USD', '"1e41" has an exponent beyond ±40.'],
      ['1e-41', 'USD', '"1e-41" has an exponent beyond ±40.'],
      ['1'.repeat(65), 'USD', `"${'1'.repeat(20)}…" is too long to be an amount.`],
      [Number.NaN, 'USD', 'NaN is not a finite number.'],
      [Number.POSITIVE_INFINITY, 'USD', 'Infinity is not a finite number.'],
      [Number.NEGATIVE_INFINITY, 'USD', '-Infinity is not a finite number.'],
      [1e21, 'USD', 'The amount is out of range: 1000000000000000000000.00 USD.'],
      ['90071992547409.92', 'USD', 'The amount is out of range: 90071992547409.92 USD.'],
      ['-90071992547409.92', 'USD', 'The amount is out of range: -90071992547409.92 USD.'],
      ['90071992547409.915', 'USD', 'The amount is out of range: 90071992547409.92 USD.'],
      ['9007199254740992', 'JPY', 'The amount is out of range: 9007199254740992 JPY.'],
      ['1', 'XYZ' as Currency, '"XYZ" is not an accepted currency.'],
    ];
    for (const [input, currency, message] of cases) {
      it(`${typeof input === 'string' ? `'${input.slice(0, 24)}'` : input} ${currency}: ${message}`, () => {
        expect(refusal(() => Money.fromDecimal(input, currency)).message).to.equal(message);
      });
    }
  });

  describe('minor units', () => {
    const cases: Array<[bigint | number, Currency, string, number]> = [
      [1235n, 'USD', '12.35', 12.35],
      [1235, 'USD', '12.35', 12.35],
      [-5n, 'USD', '-0.05', -0.05],
      [0n, 'USD', '0.00', 0],
      [100n, 'EUR', '1.00', 1],
      [1200n, 'JPY', '1200', 1200],
      [-1n, 'JPY', '-1', -1],
      [MAX_MINOR_UNITS, 'USD', '90071992547409.91', 90071992547409.91],
      [-MAX_MINOR_UNITS, 'JPY', '-9007199254740991', -9007199254740991],
    ];
    for (const [minor, currency, text, number] of cases) {
      it(`${minor} ${currency} is ${text}`, () => {
        const money = Money.fromMinorUnits(minor, currency);
        expect(money.toDecimalString()).to.equal(text);
        expect(money.toNumber()).to.equal(number);
        expect(money.minorUnits).to.equal(BigInt(minor));
        expect(money.toString()).to.equal(`${text} ${currency}`);
      });
    }

    it('refuses fractions, unsafe numbers and amounts beyond the range', () => {
      expect(refusal(() => Money.fromMinorUnits(1.5, 'USD')).message).to.equal('1.5 is not a whole number of minor units.');
      expect(refusal(() => Money.fromMinorUnits(2 ** 53, 'USD')).message).to.equal('9007199254740992 is not a whole number of minor units.');
      expect(refusal(() => Money.fromMinorUnits(Number.NaN, 'USD')).message).to.equal('NaN is not a whole number of minor units.');
      expect(refusal(() => Money.fromMinorUnits(MAX_MINOR_UNITS + 1n, 'USD')).message).to.equal('The amount is out of range: 90071992547409.92 USD.');
      expect(refusal(() => Money.fromMinorUnits(-MAX_MINOR_UNITS - 1n, 'JPY')).message).to.equal('The amount is out of range: -9007199254740992 JPY.');
    });

    it('zero is zero in every currency', () => {
      expect(Money.zero('JPY').toDecimalString()).to.equal('0');
      expect(Money.zero('GBP').toDecimalString()).to.equal('0.00');
      expect(Money.zero('GBP').isZero()).to.equal(true);
    });
  });

  describe('plus and minus', () => {
    const cases: Array<[string, '+' | '-', string, string]> = [
      ['0.10', '+', '0.20', '0.30'],
      ['12.35', '-', '12.36', '-0.01'],
      ['-0.01', '+', '0.01', '0.00'],
      ['90071992547409.90', '+', '0.01', '90071992547409.91'],
      ['-90071992547409.90', '-', '0.01', '-90071992547409.91'],
    ];
    for (const [a, op, b, sum] of cases) {
      it(`${a} ${op} ${b} = ${sum}`, () => {
        expect((op === '+' ? usd(a).plus(usd(b)) : usd(a).minus(usd(b))).toDecimalString()).to.equal(sum);
      });
    }

    it('refuses to leave the range', () => {
      expect(refusal(() => usd('90071992547409.91').plus(usd('0.01'))).message).to.equal('The amount is out of range: 90071992547409.92 USD.');
      expect(refusal(() => usd('-90071992547409.91').minus(usd('0.01'))).message).to.equal('The amount is out of range: -90071992547409.92 USD.');
    });

    it('refuses two currencies', () => {
      expect(refusal(() => usd('1').plus(jpy('1'))).message).to.equal('Cannot add USD and JPY amounts; convert one first.');
      expect(refusal(() => jpy('1').minus(usd('1'))).message).to.equal('Cannot subtract JPY and USD amounts; convert one first.');
    });

    it('leaves both operands unchanged', () => {
      const a = usd('1.00');
      const b = usd('2.00');
      a.plus(b);
      a.minus(b);
      a.times(3);
      expect([a.toDecimalString(), b.toDecimalString()]).to.deep.equal(['1.00', '2.00']);
    });
  });

  describe('times rounds half away from zero once', () => {
    const cases: Array<[string, Currency, number | string, string]> = [
      ['10.00', 'USD', 3, '30.00'],
      ['10.00', 'USD', '0.08', '0.80'],
      ['0.05', 'USD', '0.5', '0.03'],
      ['-0.05', 'USD', '0.5', '-0.03'],
      ['0.05', 'USD', -0.5, '-0.03'],
      ['-0.05', 'USD', -0.5, '0.03'],
      ['0.03', 'USD', '0.5', '0.02'],
      ['0.01', 'USD', '0.49', '0.00'],
      ['19.99', 'USD', '0.075', '1.50'],
      ['101', 'JPY', '0.5', '51'],
      ['-101', 'JPY', '0.5', '-51'],
      ['1.00', 'USD', '1e-3', '0.00'],
      ['1.00', 'USD', 0, '0.00'],
      ['12.34', 'USD', 1, '12.34'],
      ['45035996273704.95', 'USD', 2, '90071992547409.90'],
    ];
    for (const [amount, currency, factor, product] of cases) {
      it(`${amount} ${currency} × ${factor} = ${product}`, () => {
        expect(Money.fromDecimal(amount, currency).times(factor).toDecimalString()).to.equal(product);
      });
    }

    it('refuses bad factors and products beyond the range', () => {
      expect(refusal(() => usd('1').times('abc')).message).to.equal('"abc" is not a decimal number.');
      expect(refusal(() => usd('1').times(Number.NaN)).message).to.equal('NaN is not a finite number.');
      expect(refusal(() => usd('1').times(Number.POSITIVE_INFINITY)).message).to.equal('Infinity is not a finite number.');
      expect(refusal(() => usd('90071992547409.91').times(2)).message).to.equal('The amount is out of range: 180143985094819.82 USD.');
    });
  });

  describe('comparisons', () => {
    const cases: Array<[string, string, -1 | 0 | 1]> = [
      ['1.00', '2.00', -1],
      ['2.00', '1.00', 1],
      ['1.00', '1.00', 0],
      ['-0.01', '0.00', -1],
      ['-1.00', '-2.00', 1],
    ];
    for (const [a, b, order] of cases) {
      it(`${a} vs ${b}: ${order}`, () => {
        expect(usd(a).compareTo(usd(b))).to.equal(order);
        expect(usd(a).isLessThan(usd(b))).to.equal(order < 0);
        expect(usd(a).isGreaterThan(usd(b))).to.equal(order > 0);
        expect(usd(a).equals(usd(b))).to.equal(order === 0);
      });
    }

    it('tells the sign', () => {
      expect([usd('0').isZero(), usd('0').isNegative(), usd('0').isPositive()]).to.deep.equal([true, false, false]);
      expect([usd('-0.01').isZero(), usd('-0.01').isNegative(), usd('-0.01').isPositive()]).to.deep.equal([false, true, false]);
      expect([usd('0.01').isZero(), usd('0.01').isNegative(), usd('0.01').isPositive()]).to.deep.equal([false, false, true]);
    });

    it('never finds amounts of two currencies equal, and refuses to order them', () => {
      expect(Money.fromDecimal('1', 'USD').equals(Money.fromDecimal('1', 'CAD'))).to.equal(false);
      expect(Money.fromMinorUnits(100n, 'JPY').equals(Money.fromMinorUnits(100n, 'USD'))).to.equal(false);
      expect(refusal(() => usd('1').compareTo(jpy('1'))).message).to.equal('Cannot compare USD and JPY amounts; convert one first.');
      expect(refusal(() => usd('1').isLessThan(jpy('1'))).message).to.equal('Cannot compare USD and JPY amounts; convert one first.');
    });
  });

  describe('convertTo', () => {
    const rates = CurrencyRates.fromEntries([
      { currency: 'EUR', rate: '0.9234' },
      { currency: 'GBP', rate: '0.79' },
      { currency: 'JPY', rate: '150.12' },
      { currency: 'SEK', rate: '0.0001' },
    ]);
    const halves = CurrencyRates.fromEntries([
      { currency: 'EUR', rate: '0.5' },
      { currency: 'JPY', rate: '150' },
      { currency: 'CAD', rate: '200' },
    ]);
    const jpyAt200 = CurrencyRates.fromEntries([{ currency: 'JPY', rate: '200' }]);

    const cases: Array<[string, Currency, Currency, CurrencyRates, string, string]> = [
      ['10.00', 'USD', 'EUR', rates, '9.23', 'at 0.9234'],
      ['9.23', 'EUR', 'USD', rates, '10.00', 'back at 0.9234 (9.9957…)'],
      ['100.00', 'EUR', 'GBP', rates, '85.55', 'across two rates'],
      ['100.00', 'EUR', 'JPY', rates, '16257', 'to a currency without minor units'],
      ['12.34', 'USD', 'JPY', rates, '1852', 'USD → JPY (1852.4808)'],
      ['1852', 'JPY', 'USD', rates, '12.34', 'JPY → USD (12.3368…)'],
      ['1', 'JPY', 'USD', rates, '0.01', 'one yen (0.00666…)'],
      ['0.01', 'USD', 'JPY', rates, '2', 'one cent (1.5012 yen)'],
      ['0.01', 'USD', 'EUR', rates, '0.01', 'tiny (0.009234)'],
      ['0.01', 'USD', 'SEK', rates, '0.00', 'tiny rate rounds to nothing'],
      ['0.05', 'USD', 'EUR', halves, '0.03', '.5 up (0.025)'],
      ['-0.05', 'USD', 'EUR', halves, '-0.03', '.5 down (-0.025)'],
      ['0.01', 'USD', 'EUR', halves, '0.01', '.5 up (0.005)'],
      ['-0.01', 'USD', 'EUR', halves, '-0.01', '.5 down (-0.005)'],
      ['0.03', 'USD', 'EUR', halves, '0.02', '.5 up (0.015)'],
      ['0.01', 'EUR', 'USD', halves, '0.02', 'into a weaker rate'],
      ['0.01', 'USD', 'JPY', halves, '2', '.5 up into JPY (1.5)'],
      ['-0.01', 'USD', 'JPY', halves, '-2', '.5 down into JPY (-1.5)'],
      ['1', 'JPY', 'USD', jpyAt200, '0.01', '.5 up out of JPY (0.005)'],
      ['-1', 'JPY', 'USD', jpyAt200, '-0.01', '.5 down out of JPY (-0.005)'],
      ['1', 'JPY', 'CAD', halves, '1.33', 'JPY → CAD without USD (1.3333…)'],
      ['-3', 'JPY', 'CAD', halves, '-4.00', 'JPY → CAD exactly'],
      ['0', 'USD', 'JPY', rates, '0', 'nothing stays nothing'],
      ['90071992547409.91', 'USD', 'EUR', rates, '83172477918278.31', 'the largest amount'],
      ['-90071992547409.91', 'USD', 'EUR', rates, '-83172477918278.31', 'the most negative amount'],
      ['9007199254740991', 'JPY', 'USD', rates, '59999995035578.14', 'the largest yen amount'],
    ];
    for (const [amount, from, to, table, converted, label] of cases) {
      it(`${amount} ${from} → ${converted} ${to}: ${label}`, () => {
        const result = Money.fromDecimal(amount, from).convertTo(to, table);
        expect(result.toDecimalString()).to.equal(converted);
        expect(result.currency).to.equal(to);
      });
    }

    it('gives the same amount for the same currency, even without a rate for it', () => {
      const empty = CurrencyRates.fromEntries([]);
      for (const money of [usd('12.35'), jpy('1200'), Money.fromDecimal('0.01', 'CHF')]) {
        expect(money.convertTo(money.currency, empty).equals(money)).to.equal(true);
      }
    });

    it('round-trips USD → JPY → USD exactly, and through EUR within one cent', () => {
      for (const amount of ['0.01', '0.99', '12.34', '-12.34', '1000.01', '123456.78']) {
        const start = usd(amount);
        expect(start.convertTo('JPY', rates).convertTo('USD', rates).toDecimalString(), `${amount} via JPY`).to.equal(amount);
        const back = start.convertTo('EUR', rates).convertTo('USD', rates);
        const drift = back.minus(start).minorUnits;
        expect(drift >= -1n && drift <= 1n, `${amount} via EUR came back as ${back.toDecimalString()}`).to.equal(true);
      }
      expect(usd('123.45').convertTo('EUR', rates).convertTo('USD', rates).toDecimalString()).to.equal('123.45');
      expect(usd('0.01').convertTo('EUR', halves).convertTo('USD', halves).toDecimalString()).to.equal('0.02');
    });

    it('refuses a currency the table has no rate for, either way', () => {
      expect(refusal(() => usd('1').convertTo('CHF', rates)).message).to.equal('There is no conversion rate for CHF.');
      expect(refusal(() => Money.fromDecimal('1', 'CHF').convertTo('USD', rates)).message).to.equal('There is no conversion rate for CHF.');
    });

    it('refuses a result beyond the range', () => {
      expect(refusal(() => usd('90071992547409.91').convertTo('JPY', rates)).message).to.match(/^The amount is out of range: \d+ JPY\.$/);
      expect(refusal(() => usd('59999999999.99').convertTo('JPY', rates).convertTo('JPY', rates).times(1000)).message).to.match(/out of range/);
    });
  });
});
