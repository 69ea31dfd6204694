import { expect } from 'chai';
import { isRefusal, Refusal, REFUSAL_KINDS } from '../../../../domain/shared/refusal.js';

describe('Refusal (the one refusal of the domain)', () => {
  it('keeps its kind, its exact message, and no code or problems unless given', () => {
    const r = new Refusal('conflict', 'The list holds the release 10 already.');
    expect(r).to.be.instanceOf(Error);
    expect([r.name, r.kind, r.message, r.code, r.problems]).to.deep.equal(['Refusal', 'conflict', 'The list holds the release 10 already.', undefined, []]);
    expect(REFUSAL_KINDS).to.deep.equal(['invalid', 'forbidden', 'conflict', 'not-found']);
  });

  it('of several problems: invalid, the message their sentences joined by a space, a bare sentence a problem of no field', () => {
    const r = Refusal.ofProblems([{ field: 'price', message: 'price must be a number.' }, 'Give a status.'], 'listing');
    expect([r.kind, r.code, r.message]).to.deep.equal(['invalid', 'listing', 'price must be a number. Give a status.']);
    expect(r.problems).to.deep.equal([{ field: 'price', message: 'price must be a number.' }, { message: 'Give a status.' }]);
  });

  it('is spelled in a dialect by the function that wrote it, keeping its kind and code; unchanged when it names no term', () => {
    const worded = (w: (term: string) => string) => `The order is already ${w('Buyer ed')}.`;
    const r = new Refusal('invalid', worded((t) => t), { code: 'order', spelled: worded });
    const spelled = r.spelledBy((t) => (t === 'Buyer ed' ? 'Buyer Contacted' : t));
    expect([spelled.kind, spelled.code, spelled.message]).to.deep.equal(['invalid', 'order', 'The order is already Buyer Contacted.']);
    expect(r.message).to.equal('The order is already Buyer ed.');
    const plain = new Refusal('invalid', 'A refund must be more than nothing.');
    expect(plain.spelledBy(() => 'x')).to.equal(plain);
  });

  it('is told apart by kind and code', () => {
    const money = new Refusal('invalid', 'There is no conversion rate for JPY.', { code: 'money' });
    expect([isRefusal(money), isRefusal(money, 'invalid'), isRefusal(money, 'invalid', 'money')]).to.deep.equal([true, true, true]);
    expect([isRefusal(money, 'conflict'), isRefusal(money, 'invalid', 'listing'), isRefusal(new Error('x'))]).to.deep.equal([false, false, false]);
  });
});
