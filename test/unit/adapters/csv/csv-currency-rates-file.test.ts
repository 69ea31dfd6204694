import { expect } from 'chai';
import { parseCurrencyRatesCsv } from '../../../../adapters/csv/csv-currency-rates-file.js';
import { Invalid } from '../../../../application/errors.js';

const refusal = (text: string): string => {
  try {
    parseCurrencyRatesCsv(text);
  } catch (err) {
    expect(err).to.be.instanceOf(Invalid);
    return (err as Error).message;
  }
  throw new Error('expected a refusal');
};

describe('parseCurrencyRatesCsv', () => {
  it('reads currency,rate lines with an optional header, comments, blank lines, spaces, a BOM and CRLF', () => {
    const text = '\uFEFF# rates per US dollar\r\ncurrency,rate\r\nUSD,1\r\n\r\n eur , 0.9231 \r\nJPY,151.42 # yen\r\n';
    expect(parseCurrencyRatesCsv(text)).to.deep.equal([
      { currency: 'USD', rate: '1' },
      { currency: 'EUR', rate: '0.9231' },
      { currency: 'JPY', rate: '151.42' },
    ]);
  });

  it('leaves judging codes and rates to the domain', () => {
    expect(parseCurrencyRatesCsv('XYZ,abc')).to.deep.equal([{ currency: 'XYZ', rate: 'abc' }]);
  });

  it('names the line of a row that is not two columns', () => {
    expect(refusal('USD,1\n\nEUR,0.9,extra\n')).to.equal('Rate file line 3 must be "currency,rate", got "EUR,0.9,extra"');
    expect(refusal('USD\n')).to.match(/line 1/);
  });

  it('refuses an empty file and malformed CSV', () => {
    expect(refusal('# nothing\n\n')).to.equal('The rate file holds no rates.');
    expect(refusal('currency,rate\n')).to.equal('The rate file holds no rates.');
    expect(refusal('"USD,1\n')).to.match(/not valid CSV/);
  });
});
