import { expect } from 'chai';
import { countryOf } from '../../../../domain/marketplace/countries.js';
import { SHIPPING_RATES_REFUSAL, shippingRates, shippingRatesText, shippingTo, type ShippingRatesWritten } from '../../../../domain/marketplace/shipping-rates.js';
import { Refusal } from '../../../../domain/shared/refusal.js';

describe('Shipping rates (domain)', () => {
  describe('countryOf: the country a profile location names', () => {
    const cases: Array<[string | null, string | null]> = [
      ['London, UK', 'GB'],
      ['Glasgow, Scotland', 'GB'],
      ['United Kingdom', 'GB'],
      ['Berlin, Germany', 'DE'],
      ['de', 'DE'],
      ['Portland, OR, USA', 'US'],
      ['Portland, Oregon, United States', 'US'],
      ['Zürich, switzerland', 'CH'],
      ['São Paulo, Brasil', null],
      ['Bosnia and Herzegovina', 'BA'],
      ['Amsterdam, Holland', 'NL'],
      ['Paris', null],
      ['', null],
      [null, null],
      ['XX', null],
    ];
    for (const [location, country] of cases) {
      it(`${JSON.stringify(location)} → ${country}`, () => expect(countryOf(location)).to.equal(country));
    }
  });

  describe('shippingRates: what a seller writes', () => {
    const cases: Array<[string, ShippingRatesWritten, string, string]> = [
      ['a flat amount as a number', 5, 'USD', 'default=5.00'],
      ['a flat amount as text', ' 4.5 ', 'EUR', 'default=4.50'],
      ['pairs in any case and order, rounded half up', 'GB=2.505; Europe = 8, DEFAULT=15\nnorth america=9', 'GBP', 'default=15.00, europe=8.00, north_america=9.00, GB=2.51'],
      ['an object', { default: 0, us: 3 }, 'USD', 'default=0.00, US=3.00'],
      ['yen rounded to the yen', { default: '1000.5' }, 'JPY', 'default=1001'],
    ];
    for (const [name, value, currency, text] of cases) {
      it(name, () => expect(shippingRatesText(shippingRates(value, currency as 'USD'))).to.equal(text));
    }

    it('reads nothing as no rates', () => {
      for (const none of [null, undefined, '', '  ', {}]) expect(shippingRates(none, 'USD')).to.equal(null);
    });

    const refusals: Array<[ShippingRatesWritten, string]> = [
      ['GB=2', 'Shipping price needs a default amount (for every destination not named).'],
      ['default=2, mars=3', 'Shipping price: "mars" is not a destination (default, europe, north_america or a two-letter country code).'],
      ['default=-1', 'Shipping price for default must be a number of 0 or more, got "-1".'],
      [{ default: 'x' }, 'Shipping price for default must be a number of 0 or more, got "x".'],
      ['default=200000', 'Shipping price for default may be at most 100000, got 200000.'],
      ['default=1, DEFAULT=2', 'Shipping price names default twice.'],
      ['default 5', 'Shipping price for default must be a number of 0 or more, got "default 5".'],
      [{ default: true }, 'Shipping price for default must be a number of 0 or more, got true.'],
    ];
    for (const [value, message] of refusals) {
      it(`refuses ${JSON.stringify(value)}`, () => {
        expect(() => shippingRates(value, 'USD')).to.throw(Refusal, message).with.property('code', SHIPPING_RATES_REFUSAL);
      });
    }
  });

  describe('shippingTo: the price for a destination', () => {
    const rates = shippingRates('default=20, europe=10, north_america=15, GB=3, US=12', 'GBP')!;
    const cases: Array<[string | null, string]> = [
      ['GB', '3.00 GBP'],
      ['DE', '10.00 GBP'],
      ['US', '12.00 GBP'],
      ['CA', '15.00 GBP'],
      ['JP', '20.00 GBP'],
      [null, '20.00 GBP'],
    ];
    for (const [country, price] of cases) it(`${country} → ${price}`, () => expect(shippingTo(rates, country).toString()).to.equal(price));
    it('a flat price everywhere', () => expect(shippingTo(shippingRates(4, 'USD')!, 'DE').toString()).to.equal('4.00 USD'));
  });
});
