import type { Clock } from '../../application/ports/clock.js';
import {
  assertRateLimitArguments,
  retryAfterSecondsFrom,
  type RateLimitState,
  type RateLimitStore,
} from '../../application/ports/rate-limit-store.js';

interface Window {
  /** Times (ms) of the counted requests, ascending; never longer than the largest limit asked for. */
  readonly times: number[];
  windowMs: number;
}

export interface InMemoryRateLimitStoreOptions {
  /**
   * Most keys held at once. Past it the least recently hit key is forgotten (that client starts afresh), so memory
   * stays bounded even under a flood of distinct addresses. Default 100 000.
   */
  readonly maxKeys?: number;
}

/**
 * A sliding-log {@link RateLimitStore} for one process. Every hit runs synchronously, so hits are atomic within the
 * process; instances do not share windows (use the Redis store for several processes).
 *
 * Memory: a key holds at most `limit` times, because refused requests are not recorded. Keys whose window has emptied
 * are dropped by a sweep that runs at most once per window length of clock time, on a hit (no timer), so an idle key
 * lives at most about two windows; `maxKeys` caps the rest.
 */
export class InMemoryRateLimitStore implements RateLimitStore {
  // Map order doubles as recency order: every hit re-inserts its key at the end.
  private readonly windows = new Map<string, Window>();
  private readonly maxKeys: number;
  private nextSweepAt = Number.NEGATIVE_INFINITY;
  private lastSweepAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly clock: Clock,
    options: InMemoryRateLimitStoreOptions = {},
  ) {
    this.maxKeys = options.maxKeys ?? 100_000;
    if (!Number.isSafeInteger(this.maxKeys) || this.maxKeys < 1) {
      throw new RangeError(`maxKeys must be a whole number ≥ 1, got ${options.maxKeys}`);
    }
  }

  /** Keys currently held (for tests and metrics). */
  get size(): number {
    return this.windows.size;
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitState> {
    assertRateLimitArguments(limit, windowMs);
    const now = this.clock.now().getTime();
    this.sweep(now, windowMs);

    const existing = this.windows.get(key);
    const times = existing?.times ?? [];
    const expired = countExpired(times, now - windowMs);
    if (expired > 0) times.splice(0, expired);
    const counted = times.length;

    if (existing) {
      this.windows.delete(key);
      existing.windowMs = windowMs;
      this.windows.set(key, existing);
    }
    if (counted < limit) {
      insertSorted(times, now);
      if (!existing) {
        this.evictLeastRecent();
        this.windows.set(key, { times, windowMs });
      }
      return { limit, used: counted + 1, remaining: limit - counted - 1, allowed: true, retryAfterSeconds: 0 };
    }

    // Room for one more once the (counted - limit + 1) oldest have left; with a steady limit that is the oldest.
    const releasedAt = times[counted - limit] + windowMs;
    return { limit, used: counted, remaining: 0, allowed: false, retryAfterSeconds: retryAfterSecondsFrom(releasedAt - now) };
  }

  /** Drops keys whose window is empty; runs at most once per window length, or at once if the clock went back. */
  private sweep(now: number, windowMs: number): void {
    if (now < this.nextSweepAt && now >= this.lastSweepAt) return;
    for (const [key, window] of this.windows) {
      if (isEmptyAt(window, now)) this.windows.delete(key);
    }
    this.lastSweepAt = now;
    this.nextSweepAt = now + windowMs;
  }

  /** At the cap, forgets the least recently hit key: O(1), so a flood of new keys cannot make hits quadratic. */
  private evictLeastRecent(): void {
    if (this.windows.size < this.maxKeys) return;
    const oldest = this.windows.keys().next();
    if (!oldest.done) this.windows.delete(oldest.value);
  }
}

function isEmptyAt(window: Window, now: number): boolean {
  const newest = window.times[window.times.length - 1];
  return newest === undefined || newest <= now - window.windowMs;
}

/** How many leading times are at or before `cutoff` (they have left the window). */
function countExpired(times: readonly number[], cutoff: number): number {
  let i = 0;
  while (i < times.length && times[i] <= cutoff) i++;
  return i;
}

/** Appends `t`, keeping the list ascending even if the clock stepped back. */
function insertSorted(times: number[], t: number): void {
  let i = times.length;
  while (i > 0 && times[i - 1] > t) i--;
  times.splice(i, 0, t);
}
