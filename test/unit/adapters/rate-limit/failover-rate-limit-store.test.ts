import { expect } from 'chai';
import { FixedClock } from '../../../../adapters/in-memory/fixed-clock.js';
import { FailoverRateLimitStore } from '../../../../adapters/rate-limit/failover-rate-limit-store.js';
import { InMemoryRateLimitStore } from '../../../../adapters/rate-limit/in-memory-rate-limit-store.js';
import { Unavailable } from '../../../../application/errors.js';
import type { RateLimitState, RateLimitStore } from '../../../../application/ports/rate-limit-store.js';
import { RecordingLogger } from '../../../support/recording-logger.js';
import { rejection } from '../../../support/rejection.js';

/** A shared store that can be taken down: its own window while up, a connection error while down. */
class SwitchableStore implements RateLimitStore {
  down = false;
  constructor(private readonly window: RateLimitStore) {}
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitState> {
    if (this.down) return Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    return this.window.hit(key, limit, windowMs);
  }
  peek(key: string, limit: number, windowMs: number): Promise<RateLimitState> {
    if (this.down) return Promise.reject(new Error('connect ECONNREFUSED'));
    return this.window.peek(key, limit, windowMs);
  }
  reset(key: string): Promise<void> {
    if (this.down) return Promise.reject(new Error('connect ECONNREFUSED'));
    return this.window.reset(key);
  }
}

describe('adapters/rate-limit/failover-rate-limit-store', () => {
  const clock = new FixedClock('2026-11-22T12:00:00Z');

  it('counts in the local window while the primary fails, so the limit still holds; logs the outage once and its end once', async () => {
    const primary = new SwitchableStore(new InMemoryRateLimitStore(clock));
    const logger = new RecordingLogger();
    const store = new FailoverRateLimitStore(primary, new InMemoryRateLimitStore(clock), logger, 'sign-in attempt store');
    expect((await store.hit('k', 3, 60_000)).used).to.equal(1);
    primary.down = true;
    const during = [];
    for (let i = 0; i < 4; i++) during.push((await store.hit('k', 3, 60_000)).allowed);
    expect(during).to.deep.equal([true, true, true, false]);
    primary.down = false;
    expect((await store.hit('k', 3, 60_000)).used).to.equal(2); // the primary's own count again
    expect(logger.messages('warn')).to.deep.equal(["sign-in attempt store failing; counting in this process's own window until it answers again"]);
    expect(logger.messages('info')).to.deep.equal(['sign-in attempt store answering again']);
  });

  it('without a local window, refuses with Unavailable (503) while the primary fails', async () => {
    const primary = new SwitchableStore(new InMemoryRateLimitStore(clock));
    const store = new FailoverRateLimitStore(primary, null);
    primary.down = true;
    const err = await rejection(store.hit('k', 3, 60_000));
    expect(err).to.be.instanceOf(Unavailable);
    expect((err as Unavailable).retryAfterSeconds).to.equal(5);
    primary.down = false;
    expect((await store.hit('k', 3, 60_000)).allowed).to.equal(true);
  });

  it('peeks and resets where it hits: on the primary, on the local window while the primary fails, or 503 without one', async () => {
    const primary = new SwitchableStore(new InMemoryRateLimitStore(clock));
    const store = new FailoverRateLimitStore(primary, new InMemoryRateLimitStore(clock));
    await store.hit('k', 1, 60_000);
    expect((await store.peek('k', 1, 60_000)).allowed).to.equal(false);
    primary.down = true;
    await store.hit('k', 1, 60_000);
    expect((await store.peek('k', 1, 60_000)).allowed).to.equal(false);
    await store.reset('k');
    expect((await store.peek('k', 1, 60_000)).allowed).to.equal(true);
    primary.down = false;
    expect((await store.peek('k', 1, 60_000)).allowed).to.equal(false); // the primary's count, untouched by the local reset
    const closed = new FailoverRateLimitStore(primary, null);
    primary.down = true;
    expect(await rejection(closed.peek('k', 1, 60_000))).to.be.instanceOf(Unavailable);
    expect(await rejection(closed.reset('k'))).to.be.instanceOf(Unavailable);
  });

  it('throws the RangeError of a bad limit as it is (a bug, not an outage)', async () => {
    const store = new FailoverRateLimitStore(new InMemoryRateLimitStore(clock), new InMemoryRateLimitStore(clock));
    expect(await rejection(store.hit('k', 0, 60_000))).to.be.instanceOf(RangeError);
  });
});
