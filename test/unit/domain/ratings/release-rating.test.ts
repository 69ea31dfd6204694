import { expect } from 'chai';
import { Refusal } from '../../../../domain/shared/refusal.js';
import { MAX_RATING, MIN_RATING, ratingValue } from '../../../../domain/ratings/rating-value.js';
import { ReleaseRating } from '../../../../domain/ratings/release-rating.js';

const AT = new Date('2026-11-22T12:00:00Z');

describe('A rating value', () => {
  const accepted: Array<[raw: unknown, value: number]> = [
    [1, 1],
    [2, 2],
    [3, 3],
    [4, 4],
    [5, 5],
    [4.0, 4],
    ['1', 1],
    ['5', 5],
    [' 4 ', 4],
    ['04', 4],
  ];
  for (const [raw, value] of accepted) {
    it(`takes ${JSON.stringify(raw)} as ${value}`, () => expect(ratingValue(raw)).to.equal(value));
  }

  const refused: Array<[raw: unknown, shown: string]> = [
    [0, '0'],
    [6, '6'],
    [-1, '-1'],
    [2.5, '2.5'],
    [4.0000001, '4.0000001'],
    [Number.NaN, 'null'],
    [Number.POSITIVE_INFINITY, 'null'],
    ['0', '"0"'],
    ['6', '"6"'],
    ['2.5', '"2.5"'],
    ['five', '"five"'],
    ['', '""'],
    ['4e0', '"4e0"'],
    ['0x4', '"0x4"'],
    ['-4', '"-4"'],
    [true, 'true'],
    [null, 'null'],
    [[4], '[4]'],
    [{ rating: 4 }, '{"rating":4}'],
    ['9'.repeat(60), `"${'9'.repeat(39)}…`],
  ];
  for (const [raw, shown] of refused) {
    it(`refuses ${shown}, naming it`, () => {
      expect(() => ratingValue(raw))
        .to.throw(Refusal)
        .that.includes({ kind: 'invalid', message: `Invalid rating: expected a whole number from 1 to 5, got ${shown}.` });
    });
  }

  it('refuses a missing value as missing', () => {
    expect(() => ratingValue(undefined))
      .to.throw(Refusal)
      .that.includes({ kind: 'invalid', message: 'Invalid rating: a rating is required, a whole number from 1 to 5.' });
  });

  it('runs from 1 to 5', () => expect([MIN_RATING, MAX_RATING]).to.deep.equal([1, 5]));
});

describe('ReleaseRating', () => {
  it('is given by a user to a release, with the value checked and the time kept', () => {
    const r = ReleaseRating.given(3, 10, 4, AT);
    expect([r.userId, r.releaseId, r.rating, r.ratedAt]).to.deep.equal([3, 10, 4, AT]);
  });

  it('cannot be given or restored with a value outside the rule', () => {
    expect(() => ReleaseRating.given(3, 10, 0, AT)).to.throw(Refusal).that.has.property('kind', 'invalid');
    expect(() => ReleaseRating.restore(3, 10, 9, AT)).to.throw(Refusal).that.has.property('kind', 'invalid');
    expect(ReleaseRating.restore(3, 10, 5, AT).rating).to.equal(5);
  });
});
