import { expect } from 'chai';
import { MEDIA_CONDITIONS, SLEEVE_CONDITIONS } from '../../../../domain/marketplace/conditions.js';
import {
  canMoveListing,
  editedListing,
  listingProblemsOf,
  listingFields,
  MAX_COMMENTS_LENGTH,
  MAX_EXTERNAL_ID_LENGTH,
  MAX_FORMAT_QUANTITY,
  MAX_LOCATION_LENGTH,
  MAX_WEIGHT_GRAMS,
  newListing,
  soldListing,
  suspendedListing,
  type Listing,
} from '../../../../domain/marketplace/listing.js';
import { CREATE_STATUSES, LISTING_LIFECYCLE, LISTING_STATUSES, type ListingStatus } from '../../../../domain/marketplace/listing-status.js';
import { Money } from '../../../../domain/marketplace/money.js';
import { Refusal } from '../../../../domain/shared/refusal.js';

const NOW = new Date('2026-11-23T10:00:00Z');
const LATER = new Date('2026-11-24T10:00:00Z');

function aListing(status: ListingStatus): Listing {
  return {
    ...newListing(7, { releaseId: 1, condition: 'Mint (M)', price: Money.fromDecimal('10', 'USD'), comments: 'c', externalId: 'x' }, NOW),
    id: 3,
    status,
  };
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

describe('Listing rules', () => {
  describe('the lifecycle: every status × every status an edit may ask', () => {
    const EDITABLE: readonly ListingStatus[] = ['For Sale', 'Draft', 'Expired'];
    for (const from of LISTING_STATUSES) {
      for (const to of LISTING_STATUSES) {
        const allowed = EDITABLE.includes(from) && (to === 'For Sale' || to === 'Draft');
        it(`${from} → ${to}: ${allowed ? 'edited' : 'refused'}`, () => {
          const listing = aListing(from);
          const found = problems(() => editedListing(listing, { status: to, price: Money.fromDecimal('12', 'USD') }, LATER));
          if (allowed) {
            expect(found).to.equal(null);
            const edited = editedListing(listing, { status: to, price: Money.fromDecimal('12', 'USD') }, LATER);
            expect(edited).to.deep.include({ status: to, updated: LATER, posted: NOW, comments: 'c', externalId: 'x', id: 3, sellerId: 7 });
            expect(edited.price.toString()).to.equal('12.00 USD');
          } else {
            expect(found).to.have.property('status');
            expect(found!.status).to.equal(
              EDITABLE.includes(from)
                ? 'status may only be set to For Sale or Draft.'
                : `This listing is ${from} and cannot be edited; it can only be deleted${from === 'Sold' ? ' (list the item again as a new listing)' : ''}.`,
            );
          }
        });
      }
      it(`${from}: an edit without a status ${EDITABLE.includes(from) ? 'keeps it' : 'is refused'}`, () => {
        const found = problems(() => editedListing(aListing(from), { comments: 'new' }, LATER));
        if (EDITABLE.includes(from)) {
          expect(found).to.equal(null);
          expect(editedListing(aListing(from), { comments: 'new' }, LATER)).to.deep.include({ status: from, comments: 'new' });
        } else expect(found).to.have.property('status');
      });
      it(`${from}: the table says ${LISTING_LIFECYCLE[from].public ? 'public' : 'seller only'}, ${LISTING_LIFECYCLE[from].buyable ? 'buyable' : 'not buyable'}`, () => {
        expect(LISTING_LIFECYCLE[from].public).to.equal(from === 'For Sale');
        expect(LISTING_LIFECYCLE[from].buyable).to.equal(from === 'For Sale');
        expect(problems(() => soldListing(aListing(from), LATER))).to.deep.equal(from === 'For Sale' ? null : { status: 'Listing 3 is not for sale.' });
      });
      it(`${from}: the service ${from === 'For Sale' ? 'sells it (Sold) and suspends it (Suspended)' : 'neither sells nor suspends it'}, as the table says`, () => {
        const movable = from === 'For Sale';
        expect(canMoveListing(aListing(from), 'sell')).to.equal(movable);
        expect(canMoveListing(aListing(from), 'suspend')).to.equal(movable);
        expect(problems(() => suspendedListing(aListing(from), LATER))).to.deep.equal(movable ? null : { status: 'Listing 3 is not for sale.' });
        if (movable) {
          expect(soldListing(aListing(from), LATER)).to.deep.include({ status: 'Sold', updated: LATER, comments: 'c' });
          expect(suspendedListing(aListing(from), LATER)).to.deep.include({ status: 'Suspended', updated: LATER, comments: 'c' });
        }
      });
    }
    it('creates only For Sale (the default) or Draft', () => {
      expect(CREATE_STATUSES).to.deep.equal(['For Sale', 'Draft']);
      const base = { releaseId: 1, condition: 'Mint (M)' as const, price: Money.fromDecimal('1', 'USD') };
      expect(newListing(1, base, NOW).status).to.equal('For Sale');
      expect(newListing(1, { ...base, status: 'Draft' }, NOW).status).to.equal('Draft');
      for (const status of LISTING_STATUSES) {
        const found = problems(() => listingFields({ status }, 'USD'));
        expect(found, status).to.deep.equal(CREATE_STATUSES.includes(status) ? null : { status: `status must be "For Sale" or "Draft", got "${status}".` });
      }
    });
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
      expect(listingFields({ colour: 'red', token: 'x' }, 'USD')).to.deep.equal({});
    });
  });

  describe('newListing', () => {
    it('requires the release, condition and price, naming each missing one', () => {
      expect(problems(() => newListing(1, {}, NOW))).to.deep.equal({
        release_id: 'release_id is required.',
        condition: 'condition is required.',
        price: 'price is required.',
      });
      expect(problems(() => newListing(1, { releaseId: 1, condition: 'Mint (M)' }, NOW))).to.deep.equal({ price: 'price is required.' });
    });
    it('fills the defaults: For Sale, no offers, no optional fields, posted now', () => {
      const l = newListing(4, { releaseId: 9, condition: 'Poor (P)', price: Money.fromDecimal('1', 'GBP') }, NOW);
      expect(l).to.deep.include({
        sellerId: 4,
        releaseId: 9,
        status: 'For Sale',
        allowOffers: false,
        sleeveCondition: null,
        comments: '',
        externalId: null,
        location: null,
        weight: null,
        formatQuantity: null,
        posted: NOW,
        updated: NOW,
      });
    });
  });
});
