import { expect } from 'chai';
import { endsWithin } from '../../../../application/shared/ends-within.js';

describe('endsWithin', () => {
  it('is true for work that resolves or rejects in time, false for work that outlasts the time, which goes on', async () => {
    expect(await endsWithin(Promise.resolve(1), 50)).to.equal(true);
    expect(await endsWithin(Promise.reject(new Error('no')), 50)).to.equal(true);
    let done = false;
    const slow = new Promise<void>((resolve) => setTimeout(resolve, 30)).then(() => (done = true));
    expect(await endsWithin(slow, 5)).to.equal(false);
    await slow;
    expect(done).to.equal(true);
    expect(await endsWithin(new Promise(() => undefined), -10), 'no time left: at once').to.equal(false);
  });
});
