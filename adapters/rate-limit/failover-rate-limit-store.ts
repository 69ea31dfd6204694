import { Unavailable } from '../../application/errors.js';
import type { Logger } from '../../application/ports/logger.js';
import { STORE_DOWN_RETRY_AFTER_SECONDS, type RateLimitState, type RateLimitStore } from '../../application/ports/rate-limit-store.js';

/**
 * A rate-limit store for a limit that must hold while the shared store (Redis, or a cluster's primary) fails, such
 * as the sign-in attempts: each hit goes to `primary`; while it fails, to `local` (this process's own window, so
 * each process still limits on its own — the limit is per process during an outage, never off), or, without a
 * `local`, the hit is refused with {@link Unavailable} (503). The first hit after the outage goes to `primary` again
 * (counts made locally are not carried over). One warning when the failover starts, one line when it ends.
 *
 * A `RangeError` (a bad limit: a bug) is thrown as it is.
 */
export class FailoverRateLimitStore implements RateLimitStore {
  private failing = false;

  constructor(
    private readonly primary: RateLimitStore,
    private readonly local: RateLimitStore | null,
    private readonly logger?: Logger,
    private readonly what = 'rate-limit store',
  ) {}

  hit(key: string, limit: number, windowMs: number): Promise<RateLimitState> {
    return this.run((store) => store.hit(key, limit, windowMs));
  }

  peek(key: string, limit: number, windowMs: number): Promise<RateLimitState> {
    return this.run((store) => store.peek(key, limit, windowMs));
  }

  reset(key: string): Promise<void> {
    return this.run((store) => store.reset(key));
  }

  /** Runs one call on the primary, or while it fails on the local window (or refuses with 503 without one). */
  private async run<T>(call: (store: RateLimitStore) => Promise<T>): Promise<T> {
    let state: T;
    try {
      state = await call(this.primary);
    } catch (err) {
      if (err instanceof RangeError) throw err;
      if (!this.failing) {
        this.failing = true;
        const effect = this.local ? "counting in this process's own window" : 'refusing with 503';
        this.logger?.warn({ err }, `${this.what} failing; ${effect} until it answers again`);
      }
      if (!this.local) throw new Unavailable(STORE_DOWN_RETRY_AFTER_SECONDS);
      return call(this.local);
    }
    if (this.failing) {
      this.failing = false;
      this.logger?.info({}, `${this.what} answering again`);
    }
    return state;
  }
}
