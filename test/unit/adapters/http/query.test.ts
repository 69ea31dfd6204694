import { IsIn, IsInt, IsOptional, IsString, MaxLength } from 'class-validator';
import { expect } from 'chai';

import { CurrencyQuery, VersionsQuery } from '../../../../adapters/http/catalogue/catalogue-queries.js';
import { DEFAULT_PER_PAGE, MAX_PAGE, MAX_PER_PAGE, PageQuery } from '../../../../adapters/http/pagination.js';
import { InventoryQuery } from '../../../../adapters/http/marketplace/marketplace-queries.js';
import { currencyCode, Normalize, validateBody, validateQuery } from '../../../../adapters/http/query.js';
import { ratingInput } from '../../../../adapters/http/ratings/rating-bodies.js';
import { INVALID_STATUS_FILTER_MESSAGE } from '../../../../domain/marketplace/listing-status.js';
import { Invalid } from '../../../../application/errors.js';
import { CURRENCIES } from '../../../../domain/marketplace/currency.js';

function invalid(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    expect(err).to.be.instanceOf(Invalid);
    return (err as Invalid).message;
  }
  return expect.fail('expected a 422');
}

describe('adapters/http/query', () => {
  describe('curr_abbr', () => {
    it('accepts every code in any letter case and gives the upper-case code', () => {
      for (const code of CURRENCIES) {
        for (const sent of [code, code.toLowerCase(), code[0] + code.slice(1).toLowerCase()]) {
          expect(validateQuery(CurrencyQuery, { curr_abbr: sent }).curr_abbr, sent).to.equal(code);
        }
      }
      expect(validateQuery(CurrencyQuery, { curr_abbr: ' eur ' }).curr_abbr).to.equal('EUR');
    });

    it('refuses an unknown code, echoing it as sent', () => {
      expect(invalid(() => validateQuery(CurrencyQuery, { curr_abbr: 'xyz' }))).to.match(/^Invalid curr_abbr: .*got "xyz"\.$/);
    });

    it('currencyCode leaves what is not a code alone', () => {
      expect(currencyCode('gbp')).to.equal('GBP');
      expect(currencyCode('pounds')).to.equal('pounds');
    });
  });

  describe('Normalize', () => {
    class Base {
      @Normalize((v) => v.toLowerCase())
      @IsOptional()
      @IsIn(['a', 'b'])
      letter?: string;
    }
    class Derived extends Base {
      @IsOptional() other?: string;
    }

    it('rewrites the value before validation, also in subclasses, and only its own property', () => {
      expect(validateQuery(Base, { letter: 'A' }).letter).to.equal('a');
      const d = validateQuery(Derived, { letter: 'B', other: 'X' });
      expect(d).to.include({ letter: 'b', other: 'X' });
    });
  });

  describe('page and per_page', () => {
    const page = (query: Record<string, string>) => validateQuery(PageQuery, query).toPageRequest();

    it('defaults to page 1 of 50', () => {
      expect(page({})).to.deep.equal({ page: 1, perPage: DEFAULT_PER_PAGE });
    });

    const cases: ReadonlyArray<[string, number]> = [
      ['1', 1],
      ['007', 7],
      ['100', 100],
      ['101', MAX_PER_PAGE],
      ['999999999', MAX_PER_PAGE],
      ['99999999999999999999', MAX_PER_PAGE],
      ['9'.repeat(400), MAX_PER_PAGE],
    ];
    for (const [sent, expected] of cases) {
      it(`reads per_page=${sent.length > 24 ? `${sent.length} nines` : sent} as ${expected}`, () => {
        expect(page({ per_page: sent }).perPage).to.equal(expected);
      });
    }

    it(`reads a page above ${MAX_PAGE} as ${MAX_PAGE}, however many digits it has`, () => {
      expect(page({ page: '2147483647' }).page).to.equal(MAX_PAGE);
      expect(page({ page: '2147483648' }).page).to.equal(MAX_PAGE);
      expect(page({ page: '99999999999999999999' }).page).to.equal(MAX_PAGE);
      expect(page({ page: '9'.repeat(400) }).page).to.equal(MAX_PAGE);
      expect(page({ page: '12' }).page).to.equal(12);
    });

    it('keeps the offset of the largest page an exact integer', () => {
      expect(Number.isSafeInteger((MAX_PAGE - 1) * MAX_PER_PAGE)).to.equal(true);
    });

    for (const bad of ['0', '000', '-1', '1.5', '1e3', 'two', '0x10', '12abc']) {
      it(`refuses page=${bad} and per_page=${bad}`, () => {
        expect(invalid(() => page({ page: bad }))).to.equal(`Invalid page: expected a whole number of at least 1, got "${bad}".`);
        expect(invalid(() => page({ per_page: bad }))).to.equal(
          `Invalid per_page: expected a whole number of at least 1, got "${bad}".`,
        );
      });
    }

    it('clamps in subclasses too', () => {
      expect(validateQuery(VersionsQuery, { per_page: '99999999999999999999', page: '3' }).toPageRequest()).to.deep.equal({
        page: 3,
        perPage: MAX_PER_PAGE,
      });
    });
  });

  describe('sort, sort_order and the inventory status, as leniently as the public API', () => {
    const cases: Array<[Record<string, string>, { sort?: string; sort_order?: string }]> = [
      [{ sort: 'title', sort_order: 'desc' }, { sort: 'title', sort_order: 'desc' }],
      [{ sort: 'TITLE', sort_order: 'Desc' }, { sort: 'title', sort_order: 'desc' }],
      [{ sort: 'price', sort_order: 'down' }, {}],
      [{ sort: ' released ' }, { sort: 'released' }],
    ];
    for (const [sent, expected] of cases) {
      it(`reads ${JSON.stringify(sent)} as ${JSON.stringify(expected)}`, () => {
        const q = validateQuery(VersionsQuery, sent);
        expect({ sort: q.sort, sort_order: q.sort_order }).to.deep.equal({ sort: undefined, sort_order: undefined, ...expected });
      });
    }

    it('takes an inventory status in any letter case, and still refuses an unknown one', () => {
      expect(validateQuery(InventoryQuery, { status: 'for sale' }).status).to.equal('For Sale');
      expect(validateQuery(InventoryQuery, { status: 'FOR SALE' }).status).to.equal('For Sale');
      expect(invalid(() => validateQuery(InventoryQuery, { status: 'forsale' }))).to.equal(INVALID_STATUS_FILTER_MESSAGE);
    });
  });

  describe('validateBody', () => {
    class NoteBody {
      @Normalize((v) => (v === 'drop' ? undefined : v.toUpperCase())) @IsOptional() @IsIn(['A', 'B', '  ', ''], { message: 'Invalid note.' }) note?: string;
    }

    it('copies a body object as sent (no trimming, a blank string is a value), normalizing strings', () => {
      expect(validateBody(NoteBody, { note: 'a' }).note).to.equal('A');
      expect(validateBody(NoteBody, { note: '' }).note).to.equal('');
      expect(validateBody(NoteBody, { note: 'drop' }).note).to.equal(undefined);
      expect(validateBody(NoteBody, { note: '  ' }).note).to.equal('  ');
    });

    it('gives no field for a body that is not an object, and refuses with the first problem as a 422', () => {
      for (const body of [undefined, null, [1], 'a', 3]) expect(validateBody(NoteBody, body).note).to.equal(undefined);
      expect(invalid(() => validateBody(NoteBody, { note: 'c' }))).to.equal('Invalid note.');
    });

    it('still checks a body that names __proto__ (the key cannot replace the DTO class and its checks)', () => {
      const body = JSON.parse('{"__proto__": {}, "note": "c"}') as unknown;
      expect(invalid(() => validateBody(NoteBody, body))).to.equal('Invalid note.');
      expect(validateBody(NoteBody, JSON.parse('{"__proto__": {"note": "A"}}') as unknown)).to.be.instanceOf(NoteBody);
      expect(invalid(() => validateQuery(NoteBody, { note: 'c', __proto__: 'x' } as never))).to.equal('Invalid note.');
    });

    describe('every problem at once (everyProblem: true)', () => {
      // Declared in the order z, a, m (not alphabetical), each with two constraints: a type, then a limit.
      class ThreeFields {
        @IsOptional() @MaxLength(3, { message: 'z is too long.' }) @IsString({ message: 'z must be text.' }) z?: unknown;
        @IsOptional() @IsIn([1, 2], { message: 'a must be 1 or 2.' }) a?: unknown;
        @IsOptional() @MaxLength(2, { message: 'm is too long.' }) @IsString({ message: 'm must be text.' }) m?: unknown;
        @IsOptional() @IsInt() n?: unknown;
      }

      it('answers every bad field, its first problem each, in declaration order, without throwing', () => {
        const checked = validateBody(ThreeFields, { m: 'long', a: 3, z: 4, n: 'x' }, { everyProblem: true });
        expect(checked.problems).to.deep.equal([
          { field: 'z', message: 'z must be text.' },
          { field: 'a', message: 'a must be 1 or 2.' },
          { field: 'm', message: 'm is too long.' },
          { field: 'n', message: 'n must be an integer number' },
        ]);
        expect(checked.dto).to.be.instanceOf(ThreeFields);
        expect(checked.dto.m).to.equal('long');
      });

      it('answers no problem and the filled DTO for a valid body, and no field for no body', () => {
        const checked = validateBody(ThreeFields, { z: 'abc', a: 2 }, { everyProblem: true });
        expect(checked.problems).to.deep.equal([]);
        expect([checked.dto.z, checked.dto.a, checked.dto.m]).to.deep.equal(['abc', 2, undefined]);
        for (const body of [undefined, null]) expect(validateBody(ThreeFields, body, { everyProblem: true }).problems).to.deep.equal([]);
      });

      it('gives the first of its problems as the 422 of the first-problem mode', () => {
        const body = { m: 'long', a: 3 };
        const first = validateBody(ThreeFields, body, { everyProblem: true }).problems[0]!;
        expect(invalid(() => validateBody(ThreeFields, body))).to.equal(first.message);
      });

      it('still refuses a body that is not an object when notAnObject names the 422', () => {
        expect(invalid(() => validateBody(ThreeFields, [1], { everyProblem: true, notAnObject: 'Send an object.' }))).to.equal('Send an object.');
        expect(validateBody(ThreeFields, 'a', { everyProblem: true }).problems).to.deep.equal([]);
      });
    });

    it('checks a rating into its input with the domain’s words', () => {
      expect(ratingInput({}, { rating: ' 4 ' })).to.deep.equal({ rating: 4 });
      expect(ratingInput({ rating: ['1', '3'] }, undefined)).to.deep.equal({ rating: 3 });
      expect(ratingInput({ rating: '1' }, { rating: 2 })).to.deep.equal({ rating: 2 });
      expect(invalid(() => ratingInput({}, [4]))).to.equal('Invalid rating: expected a whole number from 1 to 5, got [4].');
      expect(invalid(() => ratingInput({}, {}))).to.equal('Invalid rating: a rating is required, a whole number from 1 to 5.');
    });
  });
});
