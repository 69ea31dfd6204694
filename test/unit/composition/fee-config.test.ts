import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../../composition/config.js';

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).to.be.instanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('config: the fee rule (FEE_RATE, FEE_MINIMUM, FEE_MAXIMUM, FEE_CURRENCY)', () => {
  it('defaults to 8 %, at least 0.10 USD, at most 150 USD', () => {
    const { feeRule } = loadConfig({});
    expect([feeRule.rate, feeRule.minimum.toString(), feeRule.maximum.toString()]).to.deep.equal(['0.08', '0.10 USD', '150.00 USD']);
  });

  it('reads every key; the amounts are in FEE_CURRENCY (any letter case), trailing zeros allowed', () => {
    const { feeRule } = loadConfig({ FEE_RATE: '0.065', FEE_MINIMUM: '0.50', FEE_MAXIMUM: '99.5000', FEE_CURRENCY: 'eur' });
    expect([feeRule.rate, feeRule.minimum.toString(), feeRule.maximum.toString()]).to.deep.equal(['0.065', '0.50 EUR', '99.50 EUR']);
    const yen = loadConfig({ FEE_MINIMUM: '15', FEE_MAXIMUM: '22500.00', FEE_CURRENCY: 'JPY' }).feeRule;
    expect([yen.minimum.toString(), yen.maximum.toString()]).to.deep.equal(['15 JPY', '22500 JPY']);
    expect(loadConfig({ FEE_RATE: '0.1', FEE_MAXIMUM: '20' }).feeRule.maximum.toString()).to.equal('20.00 USD');
  });

  const bad: Array<[Record<string, string>, string[]]> = [
    [{ FEE_RATE: '8%' }, ['FEE_RATE must be a decimal from 0 to 1 such as 0.08, got "8%"']],
    [{ FEE_RATE: '1.5' }, ['FEE_RATE must be a decimal from 0 to 1 such as 0.08, got "1.5"']],
    [{ FEE_CURRENCY: 'XYZ' }, ['FEE_CURRENCY must be one of USD, GBP, EUR, CAD, AUD, JPY, CHF, MXN, BRL, NZD, SEK, ZAR, got "XYZ"']],
    [{ FEE_MINIMUM: '-1' }, ['FEE_MINIMUM must be a plain decimal amount in USD such as 0.10, got "-1"']],
    [{ FEE_MAXIMUM: '1e3' }, ['FEE_MAXIMUM must be a plain decimal amount in USD such as 0.10, got "1e3"']],
    [{ FEE_MINIMUM: '0.105' }, ['FEE_MINIMUM has more decimals than USD has (2), got "0.105"']],
    [{ FEE_CURRENCY: 'JPY', FEE_MINIMUM: '15.5', FEE_MAXIMUM: '20000' }, ['FEE_MINIMUM has more decimals than JPY has (0), got "15.5"']],
    [
      { FEE_CURRENCY: 'GBP' },
      [
        'FEE_MINIMUM must be set when FEE_CURRENCY is GBP (its default, 0.10 USD, is in USD)',
        'FEE_MAXIMUM must be set when FEE_CURRENCY is GBP (its default, 150.00 USD, is in USD)',
      ],
    ],
    [{ FEE_MINIMUM: '200' }, ['FEE_MINIMUM, FEE_MAXIMUM: The fee minimum 200.00 USD is above the maximum 150.00 USD.']],
    [
      { FEE_RATE: 'x', PORT: 'y' },
      ['PORT must be a whole number from 0 to 65535, got "y"', 'FEE_RATE must be a decimal from 0 to 1 such as 0.08, got "x"'],
    ],
  ];
  for (const [env, problems] of bad) {
    it(`refuses ${JSON.stringify(env)} at start, naming the problem`, () => {
      expect(problemsOf(env)).to.deep.equal(problems);
    });
  }
});
