import { expect } from 'chai';
import {
  isCompleteSeller,
  MAX_TERMS_LENGTH,
  sellerSettings,
  type SellerSettings,
} from '../../../../domain/marketplace/seller.js';
import { Refusal } from '../../../../domain/shared/refusal.js';

describe('Seller settings (domain)', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  const settings = (paymentTerms: string, shippingTerms: string): SellerSettings => ({ userId: 7, paymentTerms, shippingTerms, shippingRates: null, minOrderTotal: null, updatedAt: now });

  describe('isCompleteSeller: both terms written, neither blank', () => {
    const cases: Array<[string, SellerSettings | null, boolean]> = [
      ['no settings at all', null, false],
      ['both terms written', settings('PayPal', 'From Bristol'), true],
      ['payment terms blank', settings('', 'From Bristol'), false],
      ['shipping terms blank', settings('PayPal', ''), false],
      ['payment terms only white space', settings(' \n\t ', 'From Bristol'), false],
      ['shipping terms only white space', settings('PayPal', '   '), false],
      ['both blank', settings('', ''), false],
      ['one character each', settings('x', 'y'), true],
    ];
    for (const [what, value, expected] of cases) {
      it(`${what} → ${expected}`, () => expect(isCompleteSeller(value)).to.equal(expected));
    }
  });

  describe('sellerSettings', () => {
    it('keeps the terms as given, with the user and the time', () => {
      expect(sellerSettings(7, '[b]PayPal[/b]', 'UK only', now)).to.deep.equal({ userId: 7, paymentTerms: '[b]PayPal[/b]', shippingTerms: 'UK only', shippingRates: null, minOrderTotal: null, updatedAt: now });
    });

    it('accepts blank terms (a user who is not a seller) and terms of exactly the longest length', () => {
      expect(sellerSettings(7, '', '', now).paymentTerms).to.equal('');
      const longest = 'x'.repeat(MAX_TERMS_LENGTH);
      expect(sellerSettings(7, longest, longest, now).shippingTerms).to.have.length(MAX_TERMS_LENGTH);
    });

    // Whether the terms are text at all is the edge's to check (seller-settings-bodies.ts); their length is the rule.
    const refusals: Array<[string, string, string, Array<[string, string]>]> = [
      ['payment terms one character too long', 'x'.repeat(MAX_TERMS_LENGTH + 1), 'ok', [['payment', `Payment terms may be at most ${MAX_TERMS_LENGTH} characters long, got ${MAX_TERMS_LENGTH + 1}.`]]],
      ['both too long: every problem named', 'x'.repeat(MAX_TERMS_LENGTH + 2), 'y'.repeat(MAX_TERMS_LENGTH + 10), [
        ['payment', `Payment terms may be at most ${MAX_TERMS_LENGTH} characters long, got ${MAX_TERMS_LENGTH + 2}.`],
        ['shipping', `Shipping terms may be at most ${MAX_TERMS_LENGTH} characters long, got ${MAX_TERMS_LENGTH + 10}.`],
      ]],
    ];
    for (const [what, payment, shipping, problems] of refusals) {
      it(`refuses ${what}`, () => {
        let caught: unknown;
        try {
          sellerSettings(7, payment, shipping, now);
        } catch (err) {
          caught = err;
        }
        expect(caught).to.be.instanceOf(Refusal).with.property('kind', 'invalid');
        const err = caught as Refusal;
        expect(err.problems.map((p) => [p.field, p.message])).to.deep.equal(problems);
        expect(err.message).to.equal(problems.map(([, m]) => m).join(' '));
      });
    }
  });
});
