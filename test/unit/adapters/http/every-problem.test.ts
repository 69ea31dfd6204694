import { IsOptional } from 'class-validator';
import { expect } from 'chai';
import { isGiven, Problem, validateBodyAll } from '../../../../adapters/http/every-problem.js';
import { Refusal } from '../../../../domain/shared/refusal.js';

/** A body of three fields and a rule across two of them, declared in the order their sentences come. */
class PairBody {
  @Problem((value) => (typeof value === 'string' ? undefined : `a must be text, got ${JSON.stringify(value)}.`)) a?: unknown;
  @IsOptional() @Problem((value) => (value === 1 || value === 2 ? undefined : 'b must be 1 or 2.')) b?: unknown;
  @Problem<PairBody>((_, dto) => (isGiven(dto.a) && isGiven(dto.c) ? 'a and c cannot be given together.' : undefined))
  private readonly notBoth?: never;

  @IsOptional() @Problem((value) => (value === true ? undefined : 'c must be true.')) c?: unknown;
}

const refusalOf = (run: () => unknown): Refusal => {
  try {
    run();
  } catch (err) {
    expect(err).to.be.instanceOf(Refusal).with.property('kind', 'invalid');
    return err as Refusal;
  }
  return expect.fail('expected a refusal');
};

describe('adapters/http/every-problem: validateBodyAll', () => {
  it('answers the DTO with the fields set when nothing is wrong', () => {
    const dto = validateBodyAll(new PairBody(), { a: 'x', b: 2, other: 'kept' }, 'Not an object.');
    expect([dto.a, dto.b, dto.c]).to.deep.equal(['x', 2, undefined]);
  });

  it('names every property\'s first problem in one refusal, in declaration order, rules across fields included', () => {
    const refusal = refusalOf(() => validateBodyAll(new PairBody(), { c: 'no', b: 3, a: 7 }, 'Not an object.'));
    expect(refusal.message).to.equal('a must be text, got 7. b must be 1 or 2. a and c cannot be given together. c must be true.');
    expect(refusal.problems.map((p) => p.message)).to.deep.equal(['a must be text, got 7.', 'b must be 1 or 2.', 'a and c cannot be given together.', 'c must be true.']);
  });

  it('takes null as not given where the property is optional, and checks it where it is not', () => {
    expect(refusalOf(() => validateBodyAll(new PairBody(), { a: null, b: null, c: null }, 'Not an object.')).message).to.equal('a must be text, got null.');
  });

  for (const body of [undefined, null, 'a', 3, [{ a: 'x' }]]) {
    it(`refuses ${JSON.stringify(body)} with the body's own sentence`, () => {
      expect(refusalOf(() => validateBodyAll(new PairBody(), body, 'Not an object.')).message).to.equal('Not an object.');
    });
  }

  it('sets a `__proto__` key as an own field, so the DTO keeps its class and its checks', () => {
    const refusal = refusalOf(() => validateBodyAll(new PairBody(), JSON.parse('{"__proto__": {"a": "x"}, "b": 9}'), 'Not an object.'));
    expect(refusal.message).to.equal('a must be text, got undefined. b must be 1 or 2.');
  });
});
