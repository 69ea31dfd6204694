import { expect } from 'chai';
import { sellerSettingsChange } from '../../../../adapters/http/marketplace/seller-settings-bodies.js';
import { Invalid } from '../../../../application/errors.js';
import { CURRENCIES } from '../../../../domain/marketplace/currency.js';

describe('adapters/http/marketplace/seller-settings-bodies', () => {
  it('gives the fields sent, typed (a currency code in any case and spacing), and no problem', () => {
    expect(sellerSettingsChange({ curr_abbr: ' eur ', payment: ' Cash ', shipping: '', shipping_price: { default: 5 }, min_order_total: null })).to.deep.equal({
      fields: { currency: 'EUR', paymentTerms: ' Cash ', shippingTerms: '', shippingPrice: { default: 5 }, minOrderTotal: null },
      problems: [],
    });
    expect(sellerSettingsChange(undefined)).to.deep.equal({
      fields: { currency: undefined, paymentTerms: undefined, shippingTerms: undefined, shippingPrice: undefined, minOrderTotal: undefined },
      problems: [],
    });
  });

  it('keeps every refused field’s problem, by the use case’s field names, in the order currency, amounts, terms; leaves those fields out', () => {
    const change = sellerSettingsChange({ shipping: ['x'], payment: 'ok', min_order_total: {}, shipping_price: true, curr_abbr: null });
    expect(change.problems).to.deep.equal([
      { field: 'currency', message: `Currency must be one of ${CURRENCIES.join(', ')}, got null.` },
      { field: 'shippingPrice', message: 'Shipping price must be an amount or destination=amount pairs, got true.' },
      { field: 'minOrderTotal', message: 'Minimum order total must be a number of 0 or more, got {}.' },
      { field: 'shipping', message: 'Shipping terms must be text.' },
    ]);
    expect(change.fields).to.deep.equal({ currency: undefined, paymentTerms: 'ok', shippingTerms: undefined, shippingPrice: undefined, minOrderTotal: undefined });
  });

  it('refuses a body that is not an object at once', () => {
    for (const body of [[{ payment: 'x' }], 'payment=x', 5]) {
      expect(() => sellerSettingsChange(body)).to.throw(Invalid, 'The body must be a JSON object of seller settings.');
    }
  });
});
