import type { Clock } from '../../application/ports/clock.js';
import {
  assertRateLimitArguments,
  retryAfterSecondsFrom,
  type RateLimitState,
  type RateLimitStore,
} from '../../application/ports/rate-limit-store.js';

/**
 * One key's sliding log, run-length encoded: the distinct times (ms) of its counted requests, ascending, each with how
 * many requests came in that millisecond. Entries before `head` have left the window; they are dropped in one go once
 * they are half the arrays, so a hit costs O(1) amortised however many requests the window holds (a `splice` from the
 * front of a plain log copied all of it on every hit: about 30 µs a request for a client allowed 10 million a minute).
 * Whatever the limit, the log holds at most one entry per millisecond of the window.
 */
class Window {
  readonly times: number[] = [];
  readonly counts: number[] = [];
  head = 0;
  /** Requests counted in the entries from `head` on. */
  total = 0;

  constructor(public windowMs: number) {}

  /** Drops the entries at or before `cutoff`. */
  expire(cutoff: number): void {
    const { times, counts } = this;
    let head = this.head;
    while (head < times.length && times[head]! <= cutoff) this.total -= counts[head++]!;
    if (head > 32 && head * 2 >= times.length) {
      times.splice(0, head);
      counts.splice(0, head);
      head = 0;
    }
    this.head = head;
  }

  /** Counts one request at `t`, keeping the times ascending even if the clock stepped back. */
  add(t: number): void {
    const { times, counts } = this;
    let i = times.length;
    while (i > this.head && times[i - 1]! > t) i--;
    if (i > this.head && times[i - 1] === t) counts[i - 1]!++;
    else {
      times.splice(i, 0, t);
      counts.splice(i, 0, 1);
    }
    this.total++;
  }

  /** The time of the request at `index` (0 the oldest still counted). */
  timeAt(index: number): number {
    let seen = 0;
    for (let i = this.head; i < this.times.length; i++) {
      seen += this.counts[i]!;
      if (index < seen) return this.times[i]!;
    }
    throw new RangeError(`no request ${index} in a window of ${this.total}`);
  }

  newest(): number | undefined {
    return this.times.length > this.head ? this.times[this.times.length - 1] : undefined;
  }
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
 * Memory: a key holds at most `limit` entries (refused requests are not recorded), and at most one per millisecond of
 * its window. Keys whose window has emptied
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
    return this.hitNow(key, limit, windowMs);
  }

  hitNow(key: string, limit: number, windowMs: number): RateLimitState {
    return this.count(key, limit, windowMs, true);
  }

  async peek(key: string, limit: number, windowMs: number): Promise<RateLimitState> {
    return this.count(key, limit, windowMs, false);
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  /** The window's state for one more request, which is recorded when `record` and there is room. */
  private count(key: string, limit: number, windowMs: number, record: boolean): RateLimitState {
    assertRateLimitArguments(limit, windowMs);
    const now = this.clock.now().getTime();
    this.sweep(now, windowMs);

    const existing = this.windows.get(key);
    const window = existing ?? new Window(windowMs);
    window.expire(now - windowMs);
    const counted = window.total;

    if (existing && record) {
      this.windows.delete(key);
      existing.windowMs = windowMs;
      this.windows.set(key, existing);
    }
    if (counted < limit) {
      if (record) window.add(now);
      if (record && !existing) {
        this.evictLeastRecent();
        this.windows.set(key, window);
      }
      return { limit, used: counted + 1, remaining: limit - counted - 1, allowed: true, retryAfterSeconds: 0 };
    }

    // Room for one more once the (counted - limit + 1) oldest have left; with a steady limit that is the oldest.
    const releasedAt = window.timeAt(counted - limit) + windowMs;
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
  const newest = window.newest();
  return newest === undefined || newest <= now - window.windowMs;
}
