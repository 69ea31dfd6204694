import { expect } from 'chai';
import { ClassValidatorListingFieldsChecker, ListingBodyRulesChecker } from '../../../../adapters/http/marketplace/listing-bodies.js';
import { uploadRow as checkedRow } from '../../../../application/inventory/upload-row.js';
import { uploadChangedListing, uploadedListing, uploadHeader, type UploadRow } from '../../../../domain/inventory/inventory-upload.js';
import { Listing, type ListingRecord } from '../../../../domain/marketplace/listing.js';
import type { ListingStatus } from '../../../../domain/marketplace/listing-status.js';
import { Money } from '../../../../domain/marketplace/money.js';

/**
 * A record of an upload checked as the upload checker checks it: by the listing field rules of the API's bodies, run
 * directly (ListingBodyRulesChecker), which must agree with class-validator's run of the same DTO on every row.
 */
const uploadRow = (header: Parameters<typeof checkedRow>[0], cells: readonly string[], row: number) => {
  const byRules = checkedRow(header, cells, row, new ListingBodyRulesChecker());
  expect(checkedRow(header, cells, row, new ClassValidatorListingFieldsChecker()), 'class-validator agrees').to.deep.equal(byRules);
  return byRules;
};

const POSTED = new Date('2026-11-01T00:00:00Z');
const NOW = new Date('2026-11-23T10:00:00Z');

const stored = (status: ListingStatus = 'For Sale', more: Partial<ListingRecord> = {}): Listing =>
  Listing.restore({
  id: 7,
  sellerId: 1,
  releaseId: 301,
  status,
  condition: 'Very Good Plus (VG+)',
  sleeveCondition: 'Generic',
  price: Money.fromDecimal('12.50', 'EUR'),
  comments: 'Corner dent',
  allowOffers: true,
  externalId: 'SKU-1',
  location: 'Box 3',
  weight: 230,
  formatQuantity: 1,
  posted: POSTED,
  updated: POSTED,
  ...more,
  });

/** A row of a file with these columns, read as a change (or an add) file reads it. */
function row(type: 'add' | 'change', cells: Record<string, string>): UploadRow {
  const read = uploadRow(uploadHeader(type, Object.keys(cells)), Object.values(cells), 2);
  if (Array.isArray(read)) throw new Error(read.map((p) => p.message).join(' '));
  return read;
}

/** The listing's own export row: every column as the export writes it. */
const exported = (l: Listing): Record<string, string> => ({
  listing_id: String(l.id),
  release_id: String(l.releaseId),
  status: l.status,
  price: l.price.toDecimalString(),
  media_condition: l.condition,
  sleeve_condition: l.sleeveCondition ?? '',
  comments: l.comments,
  accept_offer: l.allowOffers ? 'Y' : 'N',
  location: l.location ?? '',
  external_id: l.externalId ?? '',
  weight: l.weight === null ? '' : String(l.weight),
  format_quantity: l.formatQuantity === null ? '' : String(l.formatQuantity),
});

describe('Inventory upload rows (add and change)', () => {
  it('makes a For Sale listing of an add row, in the seller’s currency, auto weight estimated', () => {
    const added = uploadedListing(
      row('add', { release_id: '301', price: '9.5', media_condition: 'Mint (M)', comments: 'Sealed', accept_offer: 'Y', weight: 'auto', format_quantity: '' }),
      1,
      'USD',
      { weight: 280, formatQuantity: 2 },
      NOW,
    );

    expect(added).to.deep.equal({
      sellerId: 1,
      releaseId: 301,
      condition: 'Mint (M)',
      sleeveCondition: null,
      price: Money.fromDecimal('9.50', 'USD'),
      comments: 'Sealed',
      allowOffers: true,
      status: 'For Sale',
      externalId: null,
      location: null,
      weight: 280,
      formatQuantity: null,
      posted: NOW,
      updated: NOW,
    });
  });

  it('names the price problems of an add row', () => {
    const added = uploadedListing(row('add', { release_id: '301', price: '0.001', media_condition: 'Mint (M)' }), 1, 'USD', null, NOW);

    expect(added).to.deep.equal([{ row: 2, column: 'price', value: '0.001', message: 'price must be greater than 0.' }]);
  });

  for (const status of ['For Sale', 'Draft', 'Sold', 'Suspended'] as const) {
    it(`finds a ${status} listing’s own export row unchanged (whatever its status), and a price of the same amount too`, () => {
      const listing = stored(status);
      expect(uploadChangedListing(row('change', exported(listing)), listing, null, NOW)).to.equal('unchanged');
      expect(uploadChangedListing(row('change', { ...exported(listing), price: '12.5000' }), listing, null, NOW)).to.equal('unchanged');
      expect(uploadChangedListing(row('change', { listing_id: '7', price: '', accept_offer: '', media_condition: '' }), listing, null, NOW)).to.equal('unchanged');
    });
  }

  it('changes a listing by any one field a row gives, an empty optional cell clearing it', () => {
    const changes: ReadonlyArray<readonly [Record<string, string>, Partial<ListingRecord>]> = [
      [{ price: '13' }, { price: Money.fromDecimal('13', 'EUR') }],
      [{ release_id: '302' }, { releaseId: 302 }],
      [{ media_condition: 'Mint (M)' }, { condition: 'Mint (M)' }],
      [{ sleeve_condition: '' }, { sleeveCondition: null }],
      [{ comments: '' }, { comments: '' }],
      [{ accept_offer: 'N' }, { allowOffers: false }],
      [{ status: 'Draft' }, { status: 'Draft' }],
      [{ external_id: '' }, { externalId: null }],
      [{ location: 'Box 4' }, { location: 'Box 4' }],
      [{ weight: '231' }, { weight: 231 }],
      [{ format_quantity: '' }, { formatQuantity: null }],
    ];
    for (const [cells, changed] of changes) {
      const listing = stored();
      const result = uploadChangedListing(row('change', { ...exported(listing), ...cells }), listing, null, NOW);
      expect(result, JSON.stringify(cells)).to.equal(listing);
      expect(listing.toView(), JSON.stringify(cells)).to.deep.equal({ ...stored().toView(), ...changed, updated: NOW });
    }
  });

  it('refuses a change of a listing that may not be edited, and a status it may not take', () => {
    expect(uploadChangedListing(row('change', { ...exported(stored('Sold')), price: '13' }), stored('Sold'), null, NOW)).to.deep.equal([
      { row: 2, column: null, value: null, message: 'Listing 7: This listing is Sold and cannot be edited; it can only be deleted (list the item again as a new listing).' },
    ]);
    expect(uploadChangedListing(row('change', { listing_id: '7', status: 'Sold' }), stored(), null, NOW)).to.deep.equal([
      { row: 2, column: 'status', value: 'Sold', message: 'Listing 7: status may only be set to For Sale or Draft.' },
    ]);
  });
});
