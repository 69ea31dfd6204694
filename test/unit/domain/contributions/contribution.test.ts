import { expect } from 'chai';
import {
  Contribution,
  CONTRIBUTION_ACTIONS,
  CONTRIBUTION_COMMENT_MAX_LENGTH,
  CONTRIBUTION_KINDS,
  MAX_CATALOGUE_ID,
  type ContributionInput,
} from '../../../../domain/contributions/contribution.js';
import { Refusal } from '../../../../domain/shared/refusal.js';

const AT = new Date('2026-11-22T12:00:00.000Z');
const VALID: ContributionInput = { id: 'c-1', userId: 7, kind: 'release', catalogueId: 10, action: 'edited', at: AT };

function problemsOf(input: ContributionInput): readonly string[] {
  try {
    Contribution.record(input);
  } catch (err) {
    if (err instanceof Refusal) return err.problems.map((p) => p.message);
    throw err;
  }
  return [];
}

describe('Contribution (an entry of the edit history)', () => {
  describe('accepts', () => {
    const accepted: Array<[string, Partial<ContributionInput>]> = [
      ...CONTRIBUTION_KINDS.flatMap((kind) =>
        CONTRIBUTION_ACTIONS.map((action): [string, Partial<ContributionInput>] => [`${action} ${kind}`, { kind, action }]),
      ),
      ['the first catalogue id', { catalogueId: 1 }],
      ['the last catalogue id', { catalogueId: MAX_CATALOGUE_ID }],
      ['a comment at the limit', { comment: 'x'.repeat(CONTRIBUTION_COMMENT_MAX_LENGTH) }],
      ['a comment over the limit only by surrounding blanks', { comment: `  ${'x'.repeat(CONTRIBUTION_COMMENT_MAX_LENGTH)}\n` }],
      ['a comment with line breaks and tabs', { comment: 'line one\n\tline two\r\n' }],
      ['no comment', { comment: undefined }],
    ];
    for (const [what, change] of accepted) {
      it(what, () => expect(problemsOf({ ...VALID, ...change })).to.deep.equal([]));
    }
  });

  describe('refuses', () => {
    const refused: Array<[string, Partial<ContributionInput>, RegExp]> = [
      ['a blank id', { id: '  ' }, /needs an id/],
      ['user id 0', { userId: 0 }, /user id must be a positive whole number, got 0/],
      ['a negative user id', { userId: -3 }, /got -3/],
      ['a fractional user id', { userId: 1.5 }, /got 1.5/],
      ['an unknown kind', { kind: 'track' }, /kind must be one of artist, label, master, release, got "track"/],
      ['a kind in capitals', { kind: 'Release' }, /got "Release"/],
      ['an unknown action', { action: 'deleted' }, /action must be submitted or edited, got "deleted"/],
      ['catalogue id 0', { catalogueId: 0 }, /catalogue id must be a whole number from 1 to 2147483647, got 0/],
      ['a catalogue id past 32 bits', { catalogueId: MAX_CATALOGUE_ID + 1 }, /got 2147483648/],
      ['a fractional catalogue id', { catalogueId: 2.5 }, /got 2.5/],
      ['NaN as catalogue id', { catalogueId: Number.NaN }, /got NaN/],
      ['an invalid time', { at: new Date('not a time') }, /time of an entry must be a valid date/],
      ['a comment over the limit', { comment: 'x'.repeat(CONTRIBUTION_COMMENT_MAX_LENGTH + 1) }, /at most 500 characters long, got 501/],
      ['a comment with a control character', { comment: 'bell \u0007' }, /control characters/],
      ['a comment with an escape sequence', { comment: '\u001b[31mred' }, /control characters/],
    ];
    for (const [what, change, message] of refused) {
      it(what, () => {
        const problems = problemsOf({ ...VALID, ...change });
        expect(problems).to.have.length(1);
        expect(problems[0]).to.match(message);
      });
    }

    it('naming every problem at once', () => {
      let error: unknown;
      try {
        Contribution.record({ id: '', userId: 0, kind: 'x', catalogueId: 0, action: 'y', at: new Date(Number.NaN), comment: '\u0000' });
      } catch (err) {
        error = err;
      }
      expect(error).to.be.instanceOf(Refusal).with.property('kind', 'invalid');
      expect((error as Refusal).problems).to.have.length(7);
      expect((error as Refusal).message).to.include('needs an id').and.include('control characters');
    });
  });

  it('keeps what it was given, the comment trimmed, and cannot be changed through its time', () => {
    const entry = Contribution.record({ ...VALID, action: 'submitted', comment: '  New release page \n' });
    expect([entry.id, entry.userId, entry.kind, entry.catalogueId, entry.action, entry.comment]).to.deep.equal([
      'c-1', 7, 'release', 10, 'submitted', 'New release page',
    ]);
    expect(entry.isSubmission).to.equal(true);
    expect(Contribution.record(VALID).isSubmission).to.equal(false);
    entry.at.setFullYear(1999);
    expect(entry.at).to.deep.equal(AT);
    const given = new Date(AT.getTime());
    const other = Contribution.record({ ...VALID, at: given });
    given.setFullYear(1999);
    expect(other.at).to.deep.equal(AT);
  });
});
