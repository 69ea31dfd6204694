import { expect } from 'chai';
import { afterFailure, DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from '../../../../domain/webhooks/webhook.js';

const POLICY: RetryPolicy = { baseMs: 1000, maxMs: 60_000, windowMs: 3_600_000 };

describe('Webhook retries', () => {
  // failures, random, expected wait: the ceiling doubles from the base to the cap; full jitter scales it by random.
  const cases: ReadonlyArray<readonly [number, number, number]> = [
    [1, 0, 0],
    [1, 0.5, 500],
    [1, 0.999, 999],
    [2, 0.5, 1000],
    [3, 0.5, 2000],
    [6, 0.5, 16_000],
    [7, 0.5, 30_000], // 64 s capped at 60 s
    [7, 0.9999, 59_994],
    [60, 0.5, 30_000], // far past the cap, no overflow
    [0, 0.5, 500], // read as the first
  ];
  for (const [failures, random, wait] of cases) {
    it(`waits ${wait} ms after ${failures} failure(s) at random ${random}`, () => {
      expect(retryDelayMs(POLICY, failures, random)).to.equal(wait);
    });
  }

  it('by default starts at 10 s and reaches an hour at most', () => {
    expect(retryDelayMs(DEFAULT_RETRY_POLICY, 1, 0.9999)).to.be.below(10_000);
    expect(retryDelayMs(DEFAULT_RETRY_POLICY, 30, 0.9999)).to.be.within(3_599_000, 3_600_000);
  });

  it('counts failures from the first one and gives up once the first is a window old', () => {
    const t0 = new Date('2026-12-07T00:00:00Z');
    const first = afterFailure({ failures: 0, firstFailure: null }, POLICY, t0, 0.5);
    expect(first).to.deep.equal({ failures: 1, firstFailure: t0, nextAttempt: new Date(t0.getTime() + 500), givenUp: false });
    const justBefore = new Date(t0.getTime() + POLICY.windowMs - 1);
    expect(afterFailure({ failures: 9, firstFailure: t0 }, POLICY, justBefore, 0).givenUp).to.equal(false);
    const atWindow = new Date(t0.getTime() + POLICY.windowMs);
    const last = afterFailure({ failures: 10, firstFailure: t0 }, POLICY, atWindow, 0);
    expect([last.failures, last.firstFailure, last.givenUp]).to.deep.equal([11, t0, true]);
  });
});
