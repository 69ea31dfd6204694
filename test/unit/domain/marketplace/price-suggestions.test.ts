import { expect } from 'chai';
import { MEDIA_CONDITIONS, type MediaCondition } from '../../../../domain/marketplace/conditions.js';
import type { Currency } from '../../../../domain/marketplace/currency.js';
import type { PriceObservation } from '../../../../domain/marketplace/listing-repository.js';
import { CONDITION_FACTORS, suggestPrices } from '../../../../domain/marketplace/price-suggestions.js';
import { TEST_RATES } from '../../../support/fee-bounds.js';

const obs = (condition: MediaCondition, price: string, currency: Currency, sold = false): PriceObservation => ({
  condition,
  currency,
  minorUnits: BigInt(price.replace('.', '')),
  sold,
});

/** The suggestions as `condition → "12.34 USD"`, in the order of MEDIA_CONDITIONS. */
const shown = (observations: PriceObservation[], currency: Currency, rates = TEST_RATES): Record<string, string> =>
  Object.fromEntries(Object.entries(suggestPrices(observations, currency, rates)).map(([c, m]) => [c, m!.toString()]));

/** Every condition's suggestion from a Mint price, by hand: the factors 1, .85, .65, .45, .30, .22, .15, .10. */
const fromMint = (values: readonly string[], currency: Currency): Record<string, string> =>
  Object.fromEntries(MEDIA_CONDITIONS.map((c, i) => [c, `${values[i]} ${currency}`]));

describe('suggestPrices (price suggestions)', () => {
  it('has a factor for every media condition, falling from Mint to Poor', () => {
    const factors = MEDIA_CONDITIONS.map((c) => CONDITION_FACTORS[c]);
    expect(factors).to.deep.equal([10_000n, 8_500n, 6_500n, 4_500n, 3_000n, 2_200n, 1_500n, 1_000n]);
  });

  const cases: Array<[string, PriceObservation[], Currency, Record<string, string>]> = [
    ['nothing to go by', [], 'USD', {}],
    ['one Mint asking price', [obs('Mint (M)', '20.00', 'USD')], 'USD', fromMint(['20.00', '17.00', '13.00', '9.00', '6.00', '4.40', '3.00', '2.00'], 'USD')],
    [
      'a Very Good copy scaled up to Mint and back down',
      [obs('Very Good (VG)', '9.00', 'USD')],
      'USD',
      fromMint(['20.00', '17.00', '13.00', '9.00', '6.00', '4.40', '3.00', '2.00'], 'USD'),
    ],
    [
      'the median of asking prices: one absurd price moves nothing',
      [obs('Mint (M)', '10.00', 'USD'), obs('Mint (M)', '12.00', 'USD'), obs('Mint (M)', '9999.00', 'USD')],
      'USD',
      fromMint(['12.00', '10.20', '7.80', '5.40', '3.60', '2.64', '1.80', '1.20'], 'USD'),
    ],
    [
      'the lower median when the weights split evenly',
      [obs('Mint (M)', '10.00', 'USD'), obs('Mint (M)', '12.00', 'USD')],
      'USD',
      fromMint(['10.00', '8.50', '6.50', '4.50', '3.00', '2.20', '1.50', '1.00'], 'USD'),
    ],
    [
      'a sale weighs three asking prices',
      [obs('Mint (M)', '10.00', 'USD'), obs('Mint (M)', '11.00', 'USD'), obs('Mint (M)', '30.00', 'USD', true)],
      'USD',
      fromMint(['30.00', '25.50', '19.50', '13.50', '9.00', '6.60', '4.50', '3.00'], 'USD'),
    ],
    [
      'three asking prices below and one sale: the sale does not outweigh four',
      [obs('Mint (M)', '10.00', 'USD'), obs('Mint (M)', '10.00', 'USD'), obs('Mint (M)', '10.00', 'USD'), obs('Mint (M)', '10.00', 'USD'), obs('Mint (M)', '30.00', 'USD', true)],
      'USD',
      fromMint(['10.00', '8.50', '6.50', '4.50', '3.00', '2.20', '1.50', '1.00'], 'USD'),
    ],
    [
      'prices in other currencies converted first (8 GBP = 10 USD)',
      [obs('Mint (M)', '8.00', 'GBP')],
      'USD',
      fromMint(['10.00', '8.50', '6.50', '4.50', '3.00', '2.20', '1.50', '1.00'], 'USD'),
    ],
    [
      'in yen, rounded to whole yen (10 USD = 1500 JPY)',
      [obs('Near Mint (NM or M-)', '10.00', 'USD')],
      'JPY',
      // 1500 / 0.85 = 1764.705…: × .85 = 1500, × .65 = 1147.06, × .45 = 794.12, × .30 = 529.41, × .22 = 388.24, × .15 = 264.71, × .10 = 176.47.
      fromMint(['1765', '1500', '1147', '794', '529', '388', '265', '176'], 'JPY'),
    ],
  ];
  for (const [what, observations, currency, expected] of cases) {
    it(what, () => {
      expect(shown(observations, currency)).to.deep.equal(expected);
    });
  }

  it('leaves out what cannot be converted, and gives {} when nothing can be', () => {
    const noRates = suggestPrices([obs('Mint (M)', '8.00', 'GBP')], 'USD', null);
    expect(noRates).to.deep.equal({});
    const mixed = suggestPrices([obs('Mint (M)', '8.00', 'GBP'), obs('Mint (M)', '15.00', 'USD')], 'USD', null);
    expect(mixed['Mint (M)']?.toString()).to.equal('15.00 USD');
  });
});
