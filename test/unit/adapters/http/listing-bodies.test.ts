import { expect } from 'chai';
import { ListingBodyRulesChecker, listingInput } from '../../../../adapters/http/marketplace/listing-bodies.js';
import { MEDIA_CONDITIONS, SLEEVE_CONDITIONS } from '../../../../domain/marketplace/conditions.js';
import type { Currency } from '../../../../domain/marketplace/currency.js';
import {
  LISTING_REFUSAL,
  listingPrice,
  listingProblemsOf,
  MAX_COMMENTS_LENGTH,
  MAX_EXTERNAL_ID_LENGTH,
  MAX_FORMAT_QUANTITY,
  MAX_LOCATION_LENGTH,
  MAX_WEIGHT_GRAMS,
  type ListingProblem,
} from '../../../../domain/marketplace/listing.js';
import { CREATE_STATUSES, LISTING_STATUSES } from '../../../../domain/marketplace/listing-status.js';
import { Money } from '../../../../domain/marketplace/money.js';
import { Refusal } from '../../../../domain/shared/refusal.js';

/**
 * A JSON body's listing fields as the listing use cases read them: the edge's rules (ListingBody), then the price in
 * `currency` (the domain's listingPrice), every problem in one listing refusal.
 */
function listingFields(body: Record<string, unknown>, currency: Currency): Record<string, unknown> {
  const { fields, problems } = listingInput({}, body);
  expect(new ListingBodyRulesChecker().check(body, 'json'), 'the rules run directly agree').to.deep.equal({ fields, problems });
  const all: ListingProblem[] = [...problems];
  const out: Record<string, unknown> = { ...fields };
  if (fields.price !== undefined) {
    try {
      out.price = listingPrice(fields.price, currency);
    } catch (err) {
      delete out.price;
      all.push({ field: 'price', message: (err as Error).message });
    }
  }
  if (all.length > 0) throw Refusal.ofProblems(all, LISTING_REFUSAL);
  return out;
}

/** The problems a call refuses with, by field; null when it is accepted. */
function problems(work: () => unknown): Record<string, string> | null {
  try {
    work();
    return null;
  } catch (err) {
    const refused = listingProblemsOf(err);
    if (!refused) throw err;
    return Object.fromEntries(refused.map((p) => [p.field, p.message]));
  }
}

describe('Listing bodies: the listing field rules of a JSON body (ListingBody)', () => {
  it('takes only For Sale (the default) or Draft as a status', () => {
    for (const status of LISTING_STATUSES) {
      const found = problems(() => listingFields({ status }, 'USD'));
      expect(found, status).to.deep.equal(CREATE_STATUSES.includes(status) ? null : { status: `status must be "For Sale" or "Draft", got "${status}".` });
    }
  });

  describe('conditions, exactly as spelled', () => {
    for (const condition of MEDIA_CONDITIONS) {
      it(`accepts "${condition}" for media and sleeve`, () => {
        expect(listingFields({ condition, sleeve_condition: condition }, 'USD')).to.deep.equal({ condition, sleeveCondition: condition });
      });
    }
    for (const sleeve of ['Generic', 'Not Graded', 'No Cover'] as const) {
      it(`accepts "${sleeve}" for a sleeve only`, () => {
        expect(listingFields({ sleeve_condition: sleeve }, 'USD')).to.deep.equal({ sleeveCondition: sleeve });
        expect(problems(() => listingFields({ condition: sleeve }, 'USD'))).to.have.property('condition');
      });
    }
    for (const wrong of ['mint (m)', 'Mint', 'M', 'Near Mint (NM or M−)', ' Mint (M)', 'Very Good Plus (VG+) ', 'VG+', '', 1, null, true]) {
      it(`refuses ${JSON.stringify(wrong)}`, () => {
        const found = problems(() => listingFields({ condition: wrong }, 'USD'))!;
        expect(found.condition).to.equal(`condition must be one of ${MEDIA_CONDITIONS.slice(0, -1).map((c) => `"${c}"`).join(', ')} or "Poor (P)", got ${JSON.stringify(wrong)}.`);
      });
    }
    it('clears the sleeve condition with null or an empty string; lists every sleeve condition when refusing', () => {
      expect(listingFields({ sleeve_condition: null }, 'USD')).to.deep.equal({ sleeveCondition: null });
      expect(listingFields({ sleeve_condition: '' }, 'USD')).to.deep.equal({ sleeveCondition: null });
      expect(problems(() => listingFields({ sleeve_condition: 'generic' }, 'USD'))!.sleeve_condition).to.include(`"${SLEEVE_CONDITIONS.at(-1)}"`);
    });
  });

  describe('listingFields, field by field', () => {
    const cases: Array<[string, Record<string, unknown>, 'USD' | 'JPY' | 'EUR', object | string]> = [
      ['price 12.5', { price: 12.5 }, 'USD', { price: '12.50 USD' }],
      ['price "12.50"', { price: '12.50' }, 'USD', { price: '12.50 USD' }],
      ['price " 7 "', { price: ' 7 ' }, 'USD', { price: '7.00 USD' }],
      ['price 1.230 (trailing zero)', { price: '1.230' }, 'USD', { price: '1.23 USD' }],
      ['price 100 JPY', { price: 100 }, 'JPY', { price: '100 JPY' }],
      ['price -1', { price: -1 }, 'USD', 'price must be a number, got -1.'],
      ['price "-1"', { price: '-1' }, 'USD', 'price must be a number, got "-1".'],
      ['price 0', { price: 0 }, 'USD', 'price must be greater than 0, got 0.'],
      ['price "0.00"', { price: '0.00' }, 'USD', 'price must be greater than 0, got 0.00.'],
      ['price 1.234 USD (rounded down)', { price: 1.234 }, 'USD', { price: '1.23 USD' }],
      ['price "1.235" USD (rounded half up)', { price: '1.235' }, 'USD', { price: '1.24 USD' }],
      ['price 9.999 USD (rounded up)', { price: 9.999 }, 'USD', { price: '10.00 USD' }],
      ['price 100.5 JPY (rounded half up)', { price: 100.5 }, 'JPY', { price: '101 JPY' }],
      ['price 0.004 USD (nothing once rounded)', { price: 0.004 }, 'USD', 'price must be greater than 0, got 0.004.'],
      ['price huge', { price: 1e15 }, 'USD', 'price may be at most 1000000000, got 1000000000000000.'],
      ['price huger', { price: '9'.repeat(40) }, 'USD', `price may be at most 1000000000, got ${'9'.repeat(40)}.`],
      ['price over the maximum', { price: '1000000000.01' }, 'USD', 'price may be at most 1000000000, got 1000000000.01.'],
      ['price at the maximum', { price: '1000000000' }, 'USD', { price: '1000000000.00 USD' }],
      ['price 1e3', { price: '1e3' }, 'USD', 'price must be a number, got "1e3".'],
      ['price text', { price: 'ten' }, 'USD', 'price must be a number, got "ten".'],
      ['price null', { price: null }, 'USD', 'price must be a number, got null.'],
      ['price NaN', { price: Number.NaN }, 'USD', 'price must be a number, got null.'],
      ['release_id 5', { release_id: 5 }, 'USD', { releaseId: 5 }],
      ['release_id "5"', { release_id: '5' }, 'USD', { releaseId: 5 }],
      ['release_id 0', { release_id: 0 }, 'USD', 'release_id must be a release id (a positive whole number), got 0.'],
      ['release_id 1.5', { release_id: 1.5 }, 'USD', 'release_id must be a release id (a positive whole number), got 1.5.'],
      ['release_id "x"', { release_id: 'x' }, 'USD', 'release_id must be a release id (a positive whole number), got "x".'],
      ['comments', { comments: 'Hello [b]there[/b]' }, 'USD', { comments: 'Hello [b]there[/b]' }],
      ['comments null', { comments: null }, 'USD', { comments: '' }],
      ['comments too long', { comments: 'x'.repeat(MAX_COMMENTS_LENGTH + 1) }, 'USD', `comments may be at most ${MAX_COMMENTS_LENGTH} characters long, got ${MAX_COMMENTS_LENGTH + 1}.`],
      ['comments a list', { comments: ['a'] }, 'USD', 'comments must be text, got ["a"].'],
      ['allow_offers true', { allow_offers: true }, 'USD', { allowOffers: true }],
      ['allow_offers "false"', { allow_offers: 'false' }, 'USD', { allowOffers: false }],
      ['allow_offers 1', { allow_offers: 1 }, 'USD', { allowOffers: true }],
      ['allow_offers "Y"', { allow_offers: 'Y' }, 'USD', { allowOffers: true }],
      ['allow_offers 2', { allow_offers: 2 }, 'USD', 'allow_offers must be true or false, got 2.'],
      ['status Draft', { status: 'Draft' }, 'USD', { status: 'Draft' }],
      ['status for sale', { status: 'for sale' }, 'USD', 'status must be "For Sale" or "Draft", got "for sale".'],
      ['external_id', { external_id: 'SKU-1' }, 'USD', { externalId: 'SKU-1' }],
      ['external_id number', { external_id: 12 }, 'USD', { externalId: '12' }],
      ['external_id empty', { external_id: '' }, 'USD', { externalId: null }],
      ['external_id too long', { external_id: 'x'.repeat(MAX_EXTERNAL_ID_LENGTH + 1) }, 'USD', `external_id may be at most ${MAX_EXTERNAL_ID_LENGTH} characters long, got ${MAX_EXTERNAL_ID_LENGTH + 1}.`],
      ['location', { location: 'Shelf 3' }, 'USD', { location: 'Shelf 3' }],
      ['location null', { location: null }, 'USD', { location: null }],
      ['location too long', { location: 'x'.repeat(MAX_LOCATION_LENGTH + 1) }, 'USD', `location may be at most ${MAX_LOCATION_LENGTH} characters long, got ${MAX_LOCATION_LENGTH + 1}.`],
      ['weight 230', { weight: 230 }, 'USD', { weight: 230 }],
      ['weight "auto"', { weight: 'auto' }, 'USD', { weight: 'auto' }],
      ['weight "AUTO"', { weight: ' AUTO ' }, 'USD', { weight: 'auto' }],
      ['weight empty', { weight: '' }, 'USD', { weight: null }],
      ['weight -1', { weight: -1 }, 'USD', `weight must be a whole number from 0 to ${MAX_WEIGHT_GRAMS} or "auto", got -1.`],
      ['weight 2.5', { weight: 2.5 }, 'USD', `weight must be a whole number from 0 to ${MAX_WEIGHT_GRAMS} or "auto", got 2.5.`],
      ['weight too heavy', { weight: MAX_WEIGHT_GRAMS + 1 }, 'USD', `weight must be a whole number from 0 to ${MAX_WEIGHT_GRAMS} or "auto", got ${MAX_WEIGHT_GRAMS + 1}.`],
      ['format_quantity "3"', { format_quantity: '3' }, 'USD', { formatQuantity: 3 }],
      ['format_quantity auto', { format_quantity: 'auto' }, 'USD', { formatQuantity: 'auto' }],
      ['format_quantity too many', { format_quantity: MAX_FORMAT_QUANTITY + 1 }, 'USD', `format_quantity must be a whole number from 0 to ${MAX_FORMAT_QUANTITY} or "auto", got ${MAX_FORMAT_QUANTITY + 1}.`],
    ];
    for (const [name, body, currency, expected] of cases) {
      it(`${name}: ${typeof expected === 'string' ? 'refused' : 'accepted'}`, () => {
        const field = Object.keys(body)[0]!;
        if (typeof expected === 'string') {
          expect(problems(() => listingFields(body, currency))).to.deep.equal({ [field]: expected });
          return;
        }
        const fields = listingFields(body, currency) as Record<string, unknown>;
        const shown = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v instanceof Money ? v.toString() : v]));
        expect(shown).to.deep.equal(expected);
      });
    }

    it('reports every bad field at once, in one message', () => {
      const err = (() => {
        try {
          listingFields({ release_id: 'a', condition: 'b', price: 'c', weight: 'd' }, 'USD');
        } catch (e) {
          return e as Refusal;
        }
        return undefined;
      })()!;
      expect(err.problems.map((p) => p.field)).to.deep.equal(['release_id', 'condition', 'price', 'weight']);
      expect(err.message).to.equal(err.problems.map((p) => p.message).join(' '));
    });

    it('leaves fields not given undefined, and ignores unknown keys', () => {
      expect(listingFields({}, 'USD')).to.deep.equal({});
      expect(() => listingInput({}, [1])).to.throw('The body must be a JSON object of listing fields.');
      expect(listingFields({ colour: 'red', token: 'x' }, 'USD')).to.deep.equal({});
    });
  });

});
