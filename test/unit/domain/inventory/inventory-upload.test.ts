import { expect } from 'chai';
import { ClassValidatorListingFieldsChecker, ListingBodyRulesChecker } from '../../../../adapters/http/marketplace/listing-bodies.js';
import { uploadRow as checkedRow } from '../../../../application/inventory/upload-row.js';
import { INVENTORY_EXPORT_COLUMNS, inventoryCsvRecord, neutraliseCell } from '../../../../domain/inventory/inventory-csv.js';
import {
  CSV_MEDIA_TYPES,
  isCsvMediaType,
  MAX_LISTED_PROBLEMS,
  UPLOAD_TYPES,
  uploadChangedListing,
  uploadedListing,
  uploadFilename,
  uploadHeader,
  uploadProblemText,
  uploadRefusalText,
  uploadProblemsOf,
  uploadResults,
  type UploadHeader,
  type UploadProblem,
  type UploadRow,
  type UploadType,
} from '../../../../domain/inventory/inventory-upload.js';
import { MEDIA_CONDITIONS, SLEEVE_CONDITIONS } from '../../../../domain/marketplace/conditions.js';
import type { Currency } from '../../../../domain/marketplace/currency.js';
import {
  MAX_COMMENTS_LENGTH,
  MAX_EXTERNAL_ID_LENGTH,
  MAX_FORMAT_QUANTITY,
  MAX_LOCATION_LENGTH,
  MAX_WEIGHT_GRAMS,
  Listing,
  newListing,
  type ListingRecord,
} from '../../../../domain/marketplace/listing.js';
import { LISTING_STATUSES, type ListingStatus } from '../../../../domain/marketplace/listing-status.js';
import { Money } from '../../../../domain/marketplace/money.js';
import { Refusal } from '../../../../domain/shared/refusal.js';

/**
 * A record of an upload checked as the upload checker checks it: by the listing field rules of the API's bodies, run
 * directly (ListingBodyRulesChecker), which must agree with class-validator's run of the same DTO on every row.
 */
const uploadRow = (header: Parameters<typeof checkedRow>[0], cells: readonly string[], row: number) => {
  const byRules = checkedRow(header, cells, row, new ListingBodyRulesChecker());
  expect(checkedRow(header, cells, row, new ClassValidatorListingFieldsChecker()), 'class-validator agrees').to.deep.equal(byRules);
  return byRules;
};

const NOW = new Date('2026-11-23T10:00:00Z');
const POSTED = new Date('2026-11-01T00:00:00Z');

/** The problems uploadHeader refuses with, or the header. */
function headerOf(type: UploadType, cells: readonly string[]): UploadHeader | readonly UploadProblem[] {
  try {
    return uploadHeader(type, cells);
  } catch (err) {
    const refused = uploadProblemsOf(err);
    if (!refused) throw err;
    return refused;
  }
}

/** A row of a file whose header is exactly these columns, the cells given by column (missing ones empty). */
function rowOf(type: UploadType, cells: Readonly<Record<string, string>>, columns: readonly string[] = Object.keys(cells), row = 2): UploadRow | UploadProblem[] {
  const header = uploadHeader(type, columns);
  return uploadRow(
    header,
    columns.map((c) => cells[c] ?? ''),
    row,
  );
}

/** Whether text holds no lone surrogate (half of a character that UTF-8 and PostgreSQL's JSON cannot hold). */
function wellFormed(text: string): boolean {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/** The row, failing the test when it has problems. */
function good(result: UploadRow | UploadProblem[]): UploadRow {
  if (Array.isArray(result)) throw new Error(`expected a row, got problems: ${result.map(uploadProblemText).join(' | ')}`);
  return result;
}

/** The problems, failing the test when the row was accepted. */
function bad(result: UploadRow | UploadProblem[]): UploadProblem[] {
  if (!Array.isArray(result)) throw new Error(`expected problems, got the row ${JSON.stringify(result)}`);
  return result;
}

const ADD = { release_id: '301', price: '12.50', media_condition: 'Mint (M)' };
const CHANGE = { listing_id: '17' };

function aListing(more: Partial<ListingRecord> = {}): Listing {
  return Listing.restore({
    ...newListing(
      5,
      {
        releaseId: 301,
        condition: 'Very Good Plus (VG+)',
        sleeveCondition: 'Generic',
        price: Money.fromDecimal('12.50', 'USD'),
        comments: 'Plays fine',
        allowOffers: true,
        externalId: 'E-1',
        location: 'Box 3',
        weight: 230,
        formatQuantity: 1,
        status: 'For Sale',
      },
      POSTED,
    ),
    id: 17,
    ...more,
  });
}

/** A change row read from the cells of a listing's export record (the way a seller sends an export back). */
function exportedRow(listing: Listing, changes: Readonly<Record<string, string>> = {}): UploadRow {
  const record = inventoryCsvRecord(listing);
  const cells = Object.fromEntries(INVENTORY_EXPORT_COLUMNS.map((c, i) => [c, record[i]!]));
  return good(rowOf('change', { ...cells, ...changes }, INVENTORY_EXPORT_COLUMNS));
}

describe('Inventory upload (header, rows, listings, texts)', () => {
  describe('uploadHeader', () => {
    const ACCEPTED: ReadonlyArray<readonly [UploadType, readonly string[], Record<string, number>]> = [
      ['add', ['release_id', 'price', 'media_condition'], { release_id: 0, price: 1, media_condition: 2 }],
      ['add', ['media_condition', 'comments', 'price', 'release_id'], { media_condition: 0, comments: 1, price: 2, release_id: 3 }],
      // Letter case and spaces around a name are forgiven.
      ['add', [' Release_ID ', 'PRICE', '\tMedia_Condition'], { release_id: 0, price: 1, media_condition: 2 }],
      // Unknown columns (and those the type does not read) are ignored.
      ['add', ['listing_id', 'status', 'release_id', 'notes', 'price', 'media_condition', ''], { release_id: 2, price: 4, media_condition: 5 }],
      ['change', ['listing_id'], { listing_id: 0 }],
      ['change', ['listing_id', 'price', 'Status'], { listing_id: 0, price: 1, status: 2 }],
      // A change may name the seller's listing by its release instead.
      ['change', ['release_id', 'price'], { release_id: 0, price: 1 }],
      ['delete', ['listing_id'], { listing_id: 0 }],
      // A delete reads listing_id alone: the rest of an export is ignored, even twice.
      ['delete', ['release_id', 'Listing_Id', 'price', 'price', 'whatever'], { listing_id: 1 }],
      ['delete', [...INVENTORY_EXPORT_COLUMNS], { listing_id: 0 }],
    ];
    for (const [type, cells, index] of ACCEPTED) {
      it(`${type}: accepts ${JSON.stringify(cells)}`, () => {
        const header = uploadHeader(type, cells);
        expect(header.type).to.equal(type);
        expect(Object.fromEntries(header.index)).to.deep.equal(index);
        expect(header.width).to.equal(cells.length);
      });
    }

    it('accepts an exported file’s header as any of the three types', () => {
      for (const type of UPLOAD_TYPES) expect(() => uploadHeader(type, INVENTORY_EXPORT_COLUMNS)).not.to.throw();
      expect(uploadHeader('change', INVENTORY_EXPORT_COLUMNS).index.size).to.equal(INVENTORY_EXPORT_COLUMNS.length);
      expect(uploadHeader('add', INVENTORY_EXPORT_COLUMNS).index.has('listing_id')).to.equal(false);
    });

    const lacks = (missing: string, needs: string, type: UploadType, plural = false) =>
      `The header lacks the required column${plural ? 's' : ''} ${missing}. The first row must be a header of lower-case field names; ` +
      `a${type === 'add' ? 'n' : ''} ${type} file needs ${needs}.`;
    const REFUSED: ReadonlyArray<readonly [UploadType, readonly string[], string]> = [
      ['add', [], lacks('release_id, price, media_condition', 'release_id, price, media_condition', 'add', true)],
      ['add', ['price', 'media_condition'], lacks('release_id', 'release_id, price, media_condition', 'add')],
      ['add', ['release_id', 'media_condition'], lacks('price', 'release_id, price, media_condition', 'add')],
      ['add', ['release_id', 'price'], lacks('media_condition', 'release_id, price, media_condition', 'add')],
      ['add', ['release id', 'price', 'condition'], lacks('release_id, media_condition', 'release_id, price, media_condition', 'add', true)],
      ['change', ['price', 'status'], lacks('listing_id', 'listing_id (or release_id)', 'change')],
      ['delete', ['release_id'], lacks('listing_id', 'listing_id', 'delete')],
      ['delete', ['id'], lacks('listing_id', 'listing_id', 'delete')],
    ];
    for (const [type, cells, message] of REFUSED) {
      it(`${type}: refuses ${JSON.stringify(cells)} naming the missing columns in row 1`, () => {
        expect(headerOf(type, cells)).to.deep.equal([{ row: 1, column: null, value: null, message }]);
      });
    }

    it('refuses a column the type reads named twice (case and spaces aside), naming both places', () => {
      expect(headerOf('add', ['release_id', 'price', 'media_condition', ' Price '])).to.deep.equal([
        { row: 1, column: 'price', value: ' Price ', message: 'The header names price twice (columns 2 and 4).' },
      ]);
      expect(headerOf('delete', ['listing_id', 'LISTING_ID'])).to.deep.equal([
        { row: 1, column: 'listing_id', value: 'LISTING_ID', message: 'The header names listing_id twice (columns 1 and 2).' },
      ]);
    });

    it('names a duplicate and a missing column at once', () => {
      const found = headerOf('add', ['price', 'price', 'comments']) as UploadProblem[];
      expect(found.map((p) => p.column)).to.deep.equal(['price', null]);
      expect(found[1]!.message).to.include('release_id, media_condition');
    });

    it('throws an invalid Refusal whose message is the refusal text', () => {
      try {
        uploadHeader('delete', ['x']);
        expect.fail('accepted');
      } catch (err) {
        expect(err).to.be.instanceOf(Refusal).with.property('kind', 'invalid');
        expect(uploadProblemsOf(err)).to.have.length(1);
        expect((err as Error).message).to.equal(uploadRefusalText(uploadProblemsOf(err)!, 1));
      }
    });
  });

  describe('uploadRow: ids', () => {
    const IDS: ReadonlyArray<readonly [string, number | null]> = [
      ['1', 1],
      ['42', 42],
      [' 42 ', 42],
      ['007', 7],
      ['2147483647', 2147483647],
      ['0', null],
      ['-1', null],
      ['+1', null],
      ['1.0', null],
      ['1e3', null],
      ['0x10', null],
      ['2147483648', null],
      ['1234567890123456', null],
      ['abc', null],
      ['4 2', null],
    ];
    for (const [cell, id] of IDS) {
      it(`listing_id and release_id ${JSON.stringify(cell)}: ${id === null ? 'refused' : id}`, () => {
        const deleted = rowOf('delete', { listing_id: cell });
        const added = rowOf('add', { ...ADD, release_id: cell });
        if (id === null) {
          expect(bad(deleted)).to.deep.equal([{ row: 2, column: 'listing_id', value: cell, message: 'listing_id must be a listing id (a positive whole number).' }]);
          expect(bad(added)).to.deep.equal([{ row: 2, column: 'release_id', value: cell, message: 'release_id must be a release id (a positive whole number).' }]);
        } else {
          expect(good(deleted)).to.deep.equal({ row: 2, listingId: id });
          expect(good(added).releaseId).to.equal(id);
        }
      });
    }

    it('requires listing_id in a delete and a change, release_id in an add', () => {
      for (const blank of ['', '  ']) {
        expect(bad(rowOf('delete', { listing_id: blank }))).to.deep.equal([{ row: 2, column: 'listing_id', value: blank, message: 'listing_id is required.' }]);
        expect(bad(rowOf('change', { listing_id: blank, price: '1' }))).to.deep.equal([{ row: 2, column: 'listing_id', value: blank, message: 'listing_id is required.' }]);
        expect(bad(rowOf('add', { ...ADD, release_id: blank }))).to.deep.equal([{ row: 2, column: 'release_id', value: blank, message: 'release_id is required.' }]);
      }
    });

    it('in a change, needs release_id only when it names the listing (no listing_id column)', () => {
      expect(good(rowOf('change', { listing_id: '17', release_id: '', price: '2' }))).to.deep.equal({ row: 2, listingId: 17, price: '2' });
      expect(good(rowOf('change', { listing_id: '17', release_id: '302' }))).to.deep.equal({ row: 2, listingId: 17, releaseId: 302 });
      expect(good(rowOf('change', { release_id: '302', price: '2' }))).to.deep.equal({ row: 2, releaseId: 302, price: '2' });
      expect(bad(rowOf('change', { release_id: '', price: '2' }))).to.deep.equal([{ row: 2, column: 'release_id', value: '', message: 'release_id is required.' }]);
    });

    it('reads nothing but listing_id in a delete', () => {
      const columns = [...INVENTORY_EXPORT_COLUMNS];
      const cells = { listing_id: '9', release_id: 'nonsense', price: 'free', media_condition: 'great', accept_offer: 'maybe', weight: 'heavy' };
      expect(good(rowOf('delete', cells, columns))).to.deep.equal({ row: 2, listingId: 9 });
    });
  });

  describe('uploadRow: price', () => {
    const PRICES: ReadonlyArray<readonly [string, string | null]> = [
      ['12.50', '12.50'],
      [' 12.5 ', '12.5'],
      ['0', '0'],
      ['1200', '1200'],
      ['0.001', '0.001'],
      ['12,50', null],
      ['$12', null],
      ['12 EUR', null],
      ['.5', null],
      ['5.', null],
      ['-1', null],
      ['+1', null],
      ['1e3', null],
      ['1,000.00', null],
      ['NaN', null],
    ];
    for (const [cell, kept] of PRICES) {
      it(`price ${JSON.stringify(cell)}: ${kept === null ? 'refused' : `kept as text ${kept}`}`, () => {
        if (kept === null) {
          expect(bad(rowOf('add', { ...ADD, price: cell }))).to.deep.equal([{ row: 2, column: 'price', value: cell, message: 'price must be a number, such as 12.50.' }]);
          expect(bad(rowOf('change', { ...CHANGE, price: cell }))).to.have.length(1);
        } else {
          expect(good(rowOf('add', { ...ADD, price: cell })).price).to.equal(kept);
          expect(good(rowOf('change', { ...CHANGE, price: cell })).price).to.equal(kept);
        }
      });
    }

    it('is required in an add and left as it was by an empty cell in a change', () => {
      expect(bad(rowOf('add', { ...ADD, price: ' ' }))).to.deep.equal([{ row: 2, column: 'price', value: ' ', message: 'price is required.' }]);
      expect(good(rowOf('change', { ...CHANGE, price: '' }))).to.deep.equal({ row: 2, listingId: 17 });
    });
  });

  describe('uploadRow: conditions', () => {
    for (const condition of MEDIA_CONDITIONS) {
      it(`media_condition ${condition} as spelled (and trimmed)`, () => {
        expect(good(rowOf('add', { ...ADD, media_condition: condition })).condition).to.equal(condition);
        expect(good(rowOf('add', { ...ADD, media_condition: ` ${condition} ` })).condition).to.equal(condition);
      });
    }
    const conditionsList = MEDIA_CONDITIONS.map((c) => `"${c}"`);
    const MEDIA_MESSAGE = `media_condition must be one of ${conditionsList.slice(0, -1).join(', ')} or ${conditionsList.at(-1)}.`;
    for (const cell of ['mint (m)', 'Mint', 'M', 'NM', 'Near Mint', 'MINT (M)', 'Generic', 'No Cover', 'Mint  (M)']) {
      it(`refuses media_condition ${JSON.stringify(cell)}`, () => {
        expect(bad(rowOf('add', { ...ADD, media_condition: cell }))).to.deep.equal([{ row: 2, column: 'media_condition', value: cell, message: MEDIA_MESSAGE }]);
      });
    }

    it('media_condition is required in an add, left as it was by an empty cell in a change', () => {
      expect(bad(rowOf('add', { ...ADD, media_condition: '' }))).to.deep.equal([{ row: 2, column: 'media_condition', value: '', message: 'media_condition is required.' }]);
      expect(good(rowOf('change', { ...CHANGE, media_condition: '' }))).to.deep.equal({ row: 2, listingId: 17 });
    });

    for (const condition of SLEEVE_CONDITIONS) {
      it(`sleeve_condition ${condition}`, () => {
        expect(good(rowOf('add', { ...ADD, sleeve_condition: condition })).sleeveCondition).to.equal(condition);
        expect(good(rowOf('change', { ...CHANGE, sleeve_condition: condition })).sleeveCondition).to.equal(condition);
      });
    }

    it('refuses a sleeve_condition not spelled exactly, naming every one', () => {
      for (const cell of ['generic', 'Not graded', 'VG+', 'none']) {
        const [problem, ...rest] = bad(rowOf('add', { ...ADD, sleeve_condition: cell }));
        expect(rest).to.deep.equal([]);
        expect(problem).to.deep.include({ row: 2, column: 'sleeve_condition', value: cell });
        expect(problem!.message).to.match(/^sleeve_condition must be empty or one of "Mint \(M\)", /);
        expect(problem!.message).to.include('"Not Graded" or "No Cover".');
      }
    });

    it('clears sleeve_condition with an empty cell, in an add and a change', () => {
      expect(good(rowOf('add', { ...ADD, sleeve_condition: '' })).sleeveCondition).to.equal(null);
      expect(good(rowOf('change', { ...CHANGE, sleeve_condition: ' ' })).sleeveCondition).to.equal(null);
    });
  });

  describe('uploadRow: accept_offer', () => {
    const OFFERS: ReadonlyArray<readonly [string, boolean | null, boolean | undefined | null]> = [
      // cell, in an add, in a change (null: refused)
      ['Y', true, true],
      ['y', true, true],
      [' Y ', true, true],
      ['N', false, false],
      ['n', false, false],
      ['', false, undefined],
      ['Yes', null, null],
      ['No', null, null],
      ['true', null, null],
      ['1', null, null],
      ['0', null, null],
    ];
    for (const [cell, add, change] of OFFERS) {
      it(`accept_offer ${JSON.stringify(cell)}: ${add === null ? 'refused' : `${add} in an add, ${change} in a change`}`, () => {
        if (add === null) {
          expect(bad(rowOf('add', { ...ADD, accept_offer: cell }))).to.deep.equal([{ row: 2, column: 'accept_offer', value: cell, message: 'accept_offer must be Y or N.' }]);
          expect(bad(rowOf('change', { ...CHANGE, accept_offer: cell }))).to.have.length(1);
          return;
        }
        expect(good(rowOf('add', { ...ADD, accept_offer: cell })).allowOffers).to.equal(add);
        const changed = good(rowOf('change', { ...CHANGE, accept_offer: cell }));
        if (change === undefined) expect(changed).not.to.have.property('allowOffers');
        else expect(changed.allowOffers).to.equal(change);
      });
    }
  });

  describe('uploadRow: status (a change only)', () => {
    for (const status of LISTING_STATUSES) {
      it(`reads status ${status} in a change`, () => {
        expect(good(rowOf('change', { ...CHANGE, status })).status).to.equal(status);
        expect(good(rowOf('change', { ...CHANGE, status: ` ${status} ` })).status).to.equal(status);
      });
    }

    it('refuses a status not spelled exactly, and leaves it as it was when empty', () => {
      for (const cell of ['for sale', 'FOR SALE', 'ForSale', 'Active']) {
        const [problem, ...rest] = bad(rowOf('change', { ...CHANGE, status: cell }));
        expect(rest).to.deep.equal([]);
        expect(problem).to.deep.include({ row: 2, column: 'status', value: cell });
        expect(problem!.message).to.equal(
          'status must be one of "For Sale", "Draft", "Expired", "Sold", "Suspended", "Deleted" or "Violation" (a change may set For Sale or Draft).',
        );
      }
      expect(good(rowOf('change', { ...CHANGE, status: '' }))).to.deep.equal({ row: 2, listingId: 17 });
    });

    it('ignores a status column in an add (a new listing is For Sale) and in a delete', () => {
      expect(good(rowOf('add', { ...ADD, status: 'nonsense' }))).not.to.have.property('status');
      expect(good(rowOf('delete', { listing_id: '3', status: 'nonsense' }))).to.deep.equal({ row: 2, listingId: 3 });
    });
  });

  describe('uploadRow: weight and format_quantity', () => {
    const CASES: ReadonlyArray<readonly ['weight' | 'format_quantity', number]> = [
      ['weight', MAX_WEIGHT_GRAMS],
      ['format_quantity', MAX_FORMAT_QUANTITY],
    ];
    for (const [column, max] of CASES) {
      const key = column === 'weight' ? 'weight' : 'formatQuantity';
      const ACCEPTED: ReadonlyArray<readonly [string, number | 'auto' | null]> = [
        ['0', 0],
        ['1', 1],
        [' 230 ', 230],
        [String(max), max],
        ['auto', 'auto'],
        ['AUTO', 'auto'],
        [' Auto ', 'auto'],
        ['', null],
      ];
      for (const [cell, value] of ACCEPTED) {
        it(`${column} ${JSON.stringify(cell)}: ${String(value)}`, () => {
          expect(good(rowOf('add', { ...ADD, [column]: cell }))[key]).to.equal(value);
          expect(good(rowOf('change', { ...CHANGE, [column]: cell }))[key]).to.equal(value);
        });
      }
      for (const cell of [String(max + 1), '-1', '1.5', 'heavy', '1e3', '10 g', '99999999999999999']) {
        it(`refuses ${column} ${JSON.stringify(cell)}`, () => {
          expect(bad(rowOf('add', { ...ADD, [column]: cell }))).to.deep.equal([
            { row: 2, column, value: cell, message: `${column} must be a whole number from 0 to ${max} or "auto".` },
          ]);
        });
      }
    }
  });

  describe('uploadRow: text cells', () => {
    const TEXTS: ReadonlyArray<readonly ['comments' | 'external_id' | 'location', 'comments' | 'externalId' | 'location', number]> = [
      ['comments', 'comments', MAX_COMMENTS_LENGTH],
      ['external_id', 'externalId', MAX_EXTERNAL_ID_LENGTH],
      ['location', 'location', MAX_LOCATION_LENGTH],
    ];
    for (const [column, key, max] of TEXTS) {
      it(`${column}: kept as written (spaces, quotes, commas, newlines, unicode) up to ${max} characters`, () => {
        for (const text of [' padded ', 'say "hi", then\nleave', 'ünïcödé ✓', 'x'.repeat(max), '😀'.repeat(Math.floor(max / 2))]) {
          expect(good(rowOf('add', { ...ADD, [column]: text }))[key]).to.equal(text);
        }
      });

      it(`${column}: refuses ${max + 1} characters, showing the start of the cell`, () => {
        const long = 'y'.repeat(max + 1);
        expect(bad(rowOf('add', { ...ADD, [column]: long }))).to.deep.equal([
          { row: 2, column, value: `${'y'.repeat(57)}...`, message: `${column} may be at most ${max} characters long, got ${max + 1}.` },
        ]);
        // Its first 57 characters and an ellipsis: 60 in all.
        expect(bad(rowOf('add', { ...ADD, [column]: 'z'.repeat(max + 1) }))[0]!.value).to.have.length(60);
      });

      it(`${column}: a formula start neutralised by an export is restored, and counted restored`, () => {
        for (const text of ['=SUM(A1)', '+49 30 1234', '-5 off', '@x', "'=already quoted", '＝1']) {
          expect(good(rowOf('add', { ...ADD, [column]: neutraliseCell(text) }))[key]).to.equal(text);
        }
        // A leading quote before anything else is the seller's own.
        expect(good(rowOf('add', { ...ADD, [column]: "'quoted" }))[key]).to.equal("'quoted");
        // The length limit is of the restored text: an exported cell of the longest text is one longer.
        const longest = `=${'a'.repeat(max - 1)}`;
        expect(good(rowOf('add', { ...ADD, [column]: neutraliseCell(longest) }))[key]).to.equal(longest);
      });
    }

    it('an empty comments cell clears the comments; empty external_id and location clear them to null', () => {
      expect(good(rowOf('add', { ...ADD, comments: '', external_id: '', location: '' }))).to.deep.include({ comments: '', externalId: null, location: null });
      expect(good(rowOf('change', { ...CHANGE, comments: '', external_id: '', location: '' }))).to.deep.equal({
        row: 2,
        listingId: 17,
        comments: '',
        externalId: null,
        location: null,
      });
    });

    it('does not cut a character in two when it shows the start of a long cell', () => {
      const long = `${'a'.repeat(56)}${'😀'.repeat(MAX_LOCATION_LENGTH)}`;
      const [problem] = bad(rowOf('add', { ...ADD, location: long }));
      expect(problem!.value).to.equal(`${'a'.repeat(56)}😀...`);
      expect(wellFormed(problem!.value!)).to.equal(true);
    });
  });

  describe('uploadRow: the row as a whole', () => {
    it('reads every column of an add', () => {
      const row = good(
        rowOf('add', {
          release_id: '301',
          price: '12.50',
          media_condition: 'Mint (M)',
          sleeve_condition: 'Near Mint (NM or M-)',
          comments: 'Nice',
          accept_offer: 'Y',
          location: 'Shelf 2',
          external_id: 'A-1',
          weight: '230',
          format_quantity: 'auto',
        }, undefined, 7),
      );
      expect(row).to.deep.equal({
        row: 7,
        releaseId: 301,
        price: '12.50',
        condition: 'Mint (M)',
        sleeveCondition: 'Near Mint (NM or M-)',
        comments: 'Nice',
        allowOffers: true,
        location: 'Shelf 2',
        externalId: 'A-1',
        weight: 230,
        formatQuantity: 'auto',
      });
    });

    it('leaves out the fields whose columns the file does not have; an add’s offers default to N', () => {
      expect(good(rowOf('add', ADD))).to.deep.equal({ row: 2, releaseId: 301, price: '12.50', condition: 'Mint (M)' });
      expect(good(rowOf('add', { ...ADD, accept_offer: '' }))).to.deep.equal({ row: 2, releaseId: 301, price: '12.50', condition: 'Mint (M)', allowOffers: false });
    });

    it('in a change, empty cells leave price, condition, offers and status as they were and clear the rest', () => {
      const columns = [...INVENTORY_EXPORT_COLUMNS];
      expect(good(rowOf('change', { listing_id: '17' }, columns))).to.deep.equal({
        row: 2,
        listingId: 17,
        sleeveCondition: null,
        comments: '',
        externalId: null,
        location: null,
        weight: null,
        formatQuantity: null,
      });
    });

    it('in an add, every required cell empty is a problem of its own', () => {
      const found = bad(rowOf('add', { release_id: '', price: '', media_condition: '' }));
      expect(found.map((p) => p.message)).to.deep.equal(['release_id is required.', 'price is required.', 'media_condition is required.']);
    });

    it('reads a row shorter than the header as empty cells', () => {
      const header = uploadHeader('add', ['release_id', 'price', 'media_condition', 'comments', 'weight']);
      expect(good(uploadRow(header, ['301', '3', 'Poor (P)'], 4))).to.deep.equal({ row: 4, releaseId: 301, price: '3', condition: 'Poor (P)', comments: '', weight: null });
      expect(bad(uploadRow(header, ['301', '3'], 4))).to.deep.equal([{ row: 4, column: 'media_condition', value: '', message: 'media_condition is required.' }]);
    });

    it('refuses a row with more cells than the header has columns, and that problem alone', () => {
      const header = uploadHeader('add', ['release_id', 'price', 'media_condition']);
      expect(bad(uploadRow(header, ['x', 'y', 'z', ''], 9))).to.deep.equal([{ row: 9, column: null, value: null, message: 'The row has 4 cells; the header has 3 columns.' }]);
      expect(good(uploadRow(header, ['301', '1', 'Poor (P)'], 9)).row).to.equal(9);
      const wide = uploadHeader('delete', ['listing_id', 'notes']);
      expect(bad(uploadRow(wide, ['1', 'a', 'b'], 3))[0]!.message).to.equal('The row has 3 cells; the header has 2 columns.');
    });

    it('names every bad cell of a row, in column order', () => {
      const found = bad(
        rowOf('change', {
          listing_id: 'x',
          release_id: '0',
          status: 'Gone',
          price: 'free',
          media_condition: 'good',
          sleeve_condition: 'bad',
          comments: 'c'.repeat(MAX_COMMENTS_LENGTH + 1),
          accept_offer: 'maybe',
          location: 'l'.repeat(MAX_LOCATION_LENGTH + 1),
          external_id: 'e'.repeat(MAX_EXTERNAL_ID_LENGTH + 1),
          weight: '-3',
          format_quantity: 'many',
        }),
      );
      expect(found.map((p) => p.column)).to.deep.equal([
        'listing_id',
        'release_id',
        'price',
        'media_condition',
        'sleeve_condition',
        'comments',
        'accept_offer',
        'status',
        'external_id',
        'location',
        'weight',
        'format_quantity',
      ]);
      expect(found.every((p) => p.row === 2)).to.equal(true);
    });

    it('reads an exported record back as a change that restores every field', () => {
      const listing = aListing({ comments: '=1+1 "quoted", and\nmore', location: '-A3', externalId: '@ext' });
      expect(exportedRow(listing)).to.deep.equal({
        row: 2,
        listingId: 17,
        releaseId: 301,
        status: 'For Sale',
        price: '12.50',
        condition: 'Very Good Plus (VG+)',
        sleeveCondition: 'Generic',
        comments: '=1+1 "quoted", and\nmore',
        allowOffers: true,
        location: '-A3',
        externalId: '@ext',
        weight: 230,
        formatQuantity: 1,
      });
    });
  });

  describe('uploadedListing', () => {
    const row = (cells: Readonly<Record<string, string>> = {}) => good(rowOf('add', { ...ADD, ...cells }));

    it('makes a For Sale listing of the seller, posted now, with defaults for what the file leaves out', () => {
      const made = uploadedListing(row(), 5, 'USD', null, NOW);
      if (Array.isArray(made)) expect.fail(made.map(uploadProblemText).join());
      expect(made).to.deep.include({
        sellerId: 5,
        releaseId: 301,
        condition: 'Mint (M)',
        sleeveCondition: null,
        comments: '',
        allowOffers: false,
        status: 'For Sale',
        externalId: null,
        location: null,
        weight: null,
        formatQuantity: null,
        posted: NOW,
        updated: NOW,
      });
      expect(made.price.toString()).to.equal('12.50 USD');
    });

    const PRICES: ReadonlyArray<readonly [string, Currency, string | null]> = [
      ['12.50', 'USD', '12.50 USD'],
      ['12.5', 'EUR', '12.50 EUR'],
      ['12.500', 'GBP', '12.50 GBP'],
      ['1200', 'JPY', '1200 JPY'],
      ['1200.00', 'JPY', '1200 JPY'],
      ['1000000000', 'USD', '1000000000.00 USD'],
      ['0.01', 'USD', '0.01 USD'],
      ['7', 'SEK', '7.00 SEK'],
      ['12.505', 'USD', '12.51 USD'],
      ['12.504', 'USD', '12.50 USD'],
      ['1200.5', 'JPY', '1201 JPY'],
    ];
    for (const [price, currency, shown] of PRICES) {
      it(`reads price ${price} in ${currency} as ${shown}`, () => {
        const made = uploadedListing(row({ price }), 5, currency, null, NOW);
        if (Array.isArray(made)) expect.fail(made.map(uploadProblemText).join());
        expect(made.price.toString()).to.equal(shown);
      });
    }

    const REFUSED: ReadonlyArray<readonly [string, Currency, string]> = [
      ['0.4', 'JPY', 'price must be greater than 0.'],
      ['0', 'USD', 'price must be greater than 0.'],
      ['0.00', 'EUR', 'price must be greater than 0.'],
      ['1000000000.01', 'USD', 'price may be at most 1000000000.'],
      ['99999999999999999999999999', 'USD', 'price may be at most 1000000000.'],
    ];
    for (const [price, currency, message] of REFUSED) {
      it(`refuses price ${price} in ${currency}: ${message}`, () => {
        expect(uploadedListing(row({ price }), 5, currency, null, NOW)).to.deep.equal([{ row: 2, column: 'price', value: price, message }]);
      });
    }

    it('takes auto weight and format quantity from the estimates (none without them)', () => {
      const auto = row({ weight: 'auto', format_quantity: 'auto' });
      const made = uploadedListing(auto, 5, 'USD', { weight: 230, formatQuantity: 2 }, NOW);
      expect(made).to.deep.include({ weight: 230, formatQuantity: 2 });
      expect(uploadedListing(auto, 5, 'USD', null, NOW)).to.deep.include({ weight: null, formatQuantity: null });
      expect(uploadedListing(row({ weight: '90', format_quantity: '3' }), 5, 'USD', { weight: 230, formatQuantity: 2 }, NOW)).to.deep.include({ weight: 90, formatQuantity: 3 });
    });
  });

  describe('uploadChangedListing', () => {
    const LATER = new Date('2026-11-25T00:00:00Z');
    const change = (cells: Readonly<Record<string, string>>) => good(rowOf('change', { ...CHANGE, ...cells }));

    for (const status of LISTING_STATUSES) {
      it(`a row that changes nothing of a ${status} listing is unchanged (an export sent back whole)`, () => {
        const listing = aListing({ status });
        expect(uploadChangedListing(exportedRow(listing), listing, null, LATER)).to.equal('unchanged');
        expect(uploadChangedListing(change({}), listing, null, LATER)).to.equal('unchanged');
      });
    }

    it('a price equal in amount (written another way) is no change', () => {
      const listing = aListing();
      expect(uploadChangedListing(change({ price: '12.5' }), listing, null, LATER)).to.equal('unchanged');
      expect(uploadChangedListing(change({ price: '12.500' }), listing, null, LATER)).to.equal('unchanged');
    });

    it('applies the fields the row gives, keeps the rest, and marks the listing updated', () => {
      const listing = aListing();
      const changed = uploadChangedListing(change({ price: '9.99', comments: 'Now cheaper', location: '', status: 'Draft' }), listing, null, LATER);
      if (changed === 'unchanged' || Array.isArray(changed)) expect.fail(String(changed));
      expect(changed).to.deep.include({
        id: 17,
        sellerId: 5,
        releaseId: 301,
        status: 'Draft',
        condition: 'Very Good Plus (VG+)',
        sleeveCondition: 'Generic',
        comments: 'Now cheaper',
        allowOffers: true,
        externalId: 'E-1',
        location: null,
        weight: 230,
        formatQuantity: 1,
        posted: POSTED,
        updated: LATER,
      });
      expect(changed.price.toString()).to.equal('9.99 USD');
    });

    it('reads the price in the listing’s own currency', () => {
      const yen = aListing({ price: Money.fromDecimal('1500', 'JPY') });
      const changed = uploadChangedListing(change({ price: '1200' }), yen, null, LATER);
      expect(changed).to.have.property('price');
      expect((changed as Listing).price.toString()).to.equal('1200 JPY');
      expect((uploadChangedListing(change({ price: '12.50' }), yen, null, LATER) as Listing).price.toString()).to.equal('13 JPY');
      const euros = aListing({ price: Money.fromDecimal('3', 'EUR') });
      expect((uploadChangedListing(change({ price: '4.5' }), euros, null, LATER) as Listing).price.toString()).to.equal('4.50 EUR');
    });

    it('refuses any change to a listing that may not be edited, as the row’s problem (no column)', () => {
      for (const status of ['Sold', 'Suspended', 'Deleted', 'Violation'] as const) {
        const listing = aListing({ status });
        const found = uploadChangedListing(change({ comments: 'changed' }), listing, null, LATER);
        expect(found, status).to.deep.equal([
          {
            row: 2,
            column: null,
            value: null,
            message: `Listing 17: This listing is ${status} and cannot be edited; it can only be deleted${status === 'Sold' ? ' (list the item again as a new listing)' : ''}.`,
          },
        ]);
        // Asking it back for sale is a change too.
        expect(uploadChangedListing(change({ status: 'For Sale' }), listing, null, LATER)).to.have.length(1);
      }
    });

    const STATUS_EDITS: ReadonlyArray<readonly [ListingStatus, ListingStatus, boolean]> = [
      ['For Sale', 'Draft', true],
      ['Draft', 'For Sale', true],
      ['Expired', 'For Sale', true],
      ['Expired', 'Draft', true],
      ['For Sale', 'Expired', false],
      ['Draft', 'Expired', false],
      ['For Sale', 'Sold', false],
      ['Draft', 'Deleted', false],
      ['Expired', 'Violation', false],
      ['For Sale', 'Suspended', false],
    ];
    for (const [from, to, allowed] of STATUS_EDITS) {
      it(`status ${from} → ${to}: ${allowed ? 'changed' : 'the status cell’s problem'}`, () => {
        const result = uploadChangedListing(change({ status: to }), aListing({ status: from }), null, LATER);
        if (allowed) expect((result as Listing).status).to.equal(to);
        else expect(result).to.deep.equal([{ row: 2, column: 'status', value: to, message: 'Listing 17: status may only be set to For Sale or Draft.' }]);
      });
    }

    it('an Expired listing whose row keeps its status may still be edited, and stays Expired', () => {
      const listing = aListing({ status: 'Expired' });
      const changed = uploadChangedListing(exportedRow(listing, { price: '20' }), listing, null, LATER) as Listing;
      expect(changed.status).to.equal('Expired');
      expect(changed.price.toString()).to.equal('20.00 USD');
    });

    it('estimates auto weight and format quantity (a change when they differ, none when they are the same)', () => {
      const listing = aListing();
      expect(uploadChangedListing(change({ weight: 'auto', format_quantity: 'auto' }), listing, { weight: 230, formatQuantity: 1 }, LATER)).to.equal('unchanged');
      const changed = uploadChangedListing(change({ weight: 'auto', format_quantity: 'auto' }), listing, { weight: 460, formatQuantity: 2 }, LATER) as Listing;
      expect(changed).to.deep.include({ weight: 460, formatQuantity: 2 });
      // No release to estimate from clears them.
      expect(uploadChangedListing(change({ weight: 'auto' }), listing, null, LATER)).to.deep.include({ weight: null });
    });

    it('moves a listing to another release', () => {
      expect(uploadChangedListing(change({ release_id: '302' }), aListing(), null, LATER)).to.deep.include({ releaseId: 302, updated: LATER });
    });
  });

  describe('texts', () => {
    const PROBLEM_TEXTS: ReadonlyArray<readonly [UploadProblem, string]> = [
      [{ row: 3, column: 'price', value: 'abc', message: 'price must be a number.' }, 'Row 3, column price, value "abc": price must be a number.'],
      [{ row: 1, column: null, value: null, message: 'The header lacks x.' }, 'Row 1: The header lacks x.'],
      [{ row: 4, column: 'comments', value: '', message: 'm' }, 'Row 4, column comments, value "": m'],
      [{ row: 5, column: 'status', value: null, message: 'm' }, 'Row 5, column status: m'],
      [{ row: 6, column: 'comments', value: 'say "hi"\nthere', message: 'm' }, 'Row 6, column comments, value "say \\"hi\\"\\nthere": m'],
    ];
    for (const [problem, text] of PROBLEM_TEXTS) {
      it(`writes ${JSON.stringify(problem)} as ${text}`, () => expect(uploadProblemText(problem)).to.equal(text));
    }

    const problem = (row: number): UploadProblem => ({ row, column: 'price', value: 'x', message: 'bad.' });

    it('writes a refusal: the count, then each problem on a line of its own', () => {
      expect(uploadRefusalText([problem(2)], 1)).to.equal('The file was not applied: 1 problem found.\nRow 2, column price, value "x": bad.');
      expect(uploadRefusalText([problem(2), problem(3)], 2)).to.equal(
        'The file was not applied: 2 problems found.\nRow 2, column price, value "x": bad.\nRow 3, column price, value "x": bad.',
      );
    });

    it(`lists at most ${MAX_LISTED_PROBLEMS} problems and counts the rest`, () => {
      const listed = Array.from({ length: MAX_LISTED_PROBLEMS }, (_, i) => problem(i + 2));
      const lines = uploadRefusalText(listed, 250).split('\n');
      expect(lines[0]).to.equal('The file was not applied: 250 problems found.');
      expect(lines).to.have.length(MAX_LISTED_PROBLEMS + 2);
      expect(lines[MAX_LISTED_PROBLEMS]).to.equal(`Row ${MAX_LISTED_PROBLEMS + 1}, column price, value "x": bad.`);
      expect(lines.at(-1)).to.equal('… and 150 more.');
      expect(uploadRefusalText(listed, MAX_LISTED_PROBLEMS).split('\n')).to.have.length(MAX_LISTED_PROBLEMS + 1);
      // Given more than it lists, it still lists the first MAX_LISTED_PROBLEMS.
      const many = Array.from({ length: 130 }, (_, i) => problem(i + 2));
      const capped = uploadRefusalText(many, 130).split('\n');
      expect(capped).to.have.length(MAX_LISTED_PROBLEMS + 2);
      expect(capped.at(-1)).to.equal('… and 30 more.');
    });

    const RESULTS: ReadonlyArray<readonly [number, number, string]> = [
      [0, 0, 'CSV file contains 0 records.<p>Processed 0 records.'],
      [1, 1, 'CSV file contains 1 record.<p>Processed 1 record.'],
      [1, 0, 'CSV file contains 1 record.<p>Processed 0 records.'],
      [3, 3, 'CSV file contains 3 records.<p>Processed 3 records.'],
      [2000, 1, 'CSV file contains 2000 records.<p>Processed 1 record.'],
    ];
    for (const [records, processed, text] of RESULTS) {
      it(`results of ${records} and ${processed}: ${text}`, () => expect(uploadResults(records, processed)).to.equal(text));
    }
  });

  describe('isCsvMediaType', () => {
    for (const type of CSV_MEDIA_TYPES) {
      it(`accepts ${type}, with a UTF-8 (or ASCII) charset, in any letter case`, () => {
        expect(isCsvMediaType(type)).to.equal(true);
        expect(isCsvMediaType(type.toUpperCase())).to.equal(true);
        expect(isCsvMediaType(`${type}; charset=utf-8`)).to.equal(true);
        expect(isCsvMediaType(`${type};charset="UTF-8"`)).to.equal(true);
        expect(isCsvMediaType(`${type}; charset=utf8; header=present`)).to.equal(true);
        expect(isCsvMediaType(`${type}; charset=us-ascii`)).to.equal(true);
        expect(isCsvMediaType(`${type}; charset=iso-8859-1`)).to.equal(false);
        expect(isCsvMediaType(`${type}; charset=utf-16`)).to.equal(false);
      });
    }

    it('accepts a part with no type at all', () => {
      for (const none of [null, undefined, '', '   ']) expect(isCsvMediaType(none), String(none)).to.equal(true);
    });

    it('refuses what is not CSV', () => {
      for (const type of [
        'image/png',
        'image/jpeg',
        'application/pdf',
        'application/json',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'text/html',
        'text/csvx',
        'text',
        'csv',
        'multipart/form-data',
      ]) {
        expect(isCsvMediaType(type), type).to.equal(false);
      }
    });
  });

  describe('uploadFilename', () => {
    const NAMES: ReadonlyArray<readonly [string | null | undefined, string]> = [
      ['inventory.csv', 'inventory.csv'],
      ['C:\\fakepath\\inventory.csv', 'inventory.csv'],
      ['/home/sam/exports/inventory.csv', 'inventory.csv'],
      ['..\\..\\etc/passwd', 'passwd'],
      ['  spaced name.csv  ', 'spaced name.csv'],
      ['in\u0000ven\ttory\r\n.csv\u007f', 'inventory.csv'],
      ['ünïcödé 😀.csv', 'ünïcödé 😀.csv'],
      ['', 'upload.csv'],
      ['   ', 'upload.csv'],
      ['\u0001\u0002', 'upload.csv'],
      ['dir/', 'upload.csv'],
      [null, 'upload.csv'],
      [undefined, 'upload.csv'],
    ];
    for (const [sent, shown] of NAMES) {
      it(`shows ${JSON.stringify(sent)} as ${JSON.stringify(shown)}`, () => expect(uploadFilename(sent)).to.equal(shown));
    }

    it('keeps at most 200 characters, never half of one', () => {
      expect(uploadFilename('a'.repeat(200))).to.equal('a'.repeat(200));
      expect(uploadFilename(`${'a'.repeat(300)}.csv`)).to.equal('a'.repeat(200));
      const cut = uploadFilename(`${'a'.repeat(199)}😀😀.csv`);
      expect(wellFormed(cut), 'a lone surrogate cannot be stored (PostgreSQL refuses it in JSON)').to.equal(true);
      expect(cut.startsWith('a'.repeat(199))).to.equal(true);
      expect([...cut].length).to.be.at.most(200);
    });
  });
});
