import { expect } from 'chai';
import { Listing, listingProblemsOf, newListing, type ResolvedListingFields } from '../../../../domain/marketplace/listing.js';
import { CREATE_STATUSES, LISTING_LIFECYCLE, LISTING_STATUSES, type ListingStatus } from '../../../../domain/marketplace/listing-status.js';
import { Money } from '../../../../domain/marketplace/money.js';

const NOW = new Date('2026-11-23T10:00:00Z');
const LATER = new Date('2026-11-24T10:00:00Z');

function aListing(status: ListingStatus): Listing {
  return Listing.restore({
    ...newListing(7, { releaseId: 1, condition: 'Mint (M)', price: Money.fromDecimal('10', 'USD'), comments: 'c', externalId: 'x' }, NOW),
    id: 3,
    status,
  });
}

/** The listing after its commands: each changes it in place and returns nothing. */
const editedListing = (listing: Listing, fields: ResolvedListingFields, now: Date): Listing => (listing.edit(fields, now), listing);
const soldListing = (listing: Listing, now: Date): Listing => (listing.sell(now), listing);
const suspendedListing = (listing: Listing, now: Date): Listing => (listing.suspend(now), listing);

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
          const before = listing.toView();
          const found = problems(() => editedListing(aListing(from), { status: to, price: Money.fromDecimal('12', 'USD') }, LATER));
          if (allowed) {
            expect(found).to.equal(null);
            const edited = editedListing(listing, { status: to, price: Money.fromDecimal('12', 'USD') }, LATER);
            expect(edited).to.deep.include({ status: to, updated: LATER, posted: NOW, comments: 'c', externalId: 'x', id: 3, sellerId: 7 });
            expect(edited.price.toString()).to.equal('12.00 USD');
          } else {
            expect(problems(() => editedListing(listing, { status: to, price: Money.fromDecimal('12', 'USD') }, LATER))).to.deep.equal(found);
            expect(listing.toView(), 'a refused edit changes nothing').to.equal(before);
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
        expect(aListing(from).canMove('sell')).to.equal(movable);
        expect(aListing(from).canMove('suspend')).to.equal(movable);
        const refused = aListing(from);
        const before = refused.toView();
        if (!movable) {
          expect(() => refused.suspend(LATER)).to.throw('Listing 3 is not for sale.');
          expect(() => refused.sell(LATER)).to.throw('Listing 3 is not for sale.');
          expect(refused.toView(), 'a refused move changes nothing').to.equal(before);
        }
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
