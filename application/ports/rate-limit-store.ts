/**
 * The outcome of one request against a key's rate-limit window, as the `X-{Brand}-Ratelimit…` headers and a 429's
 * `Retry-After` report it.
 */
export interface RateLimitState {
  /** The most requests the window may hold (the limit asked for on this hit). */
  readonly limit: number;
  /** Requests counted in the window, including this one when it was allowed. */
  readonly used: number;
  /** `max(0, limit - used)`. */
  readonly remaining: number;
  /** True when this request was counted and may proceed. */
  readonly allowed: boolean;
  /**
   * When refused: whole seconds (at least 1, rounded up) until enough counted requests have left the window for one
   * more to be allowed, which under a steady limit is when the oldest one leaves. 0 when allowed.
   */
  readonly retryAfterSeconds: number;
}

/**
 * Counts requests per key (a client address, later a credential) in a moving window: a sliding log of the times of
 * the requests it allowed.
 *
 * Contract, the same for every adapter (checked by `test/contract/rate-limit-store.test.ts`):
 * - a request counts while less than `windowMs` has passed since it was made;
 * - a request is allowed, and recorded, when fewer than `limit` requests are counted in the window;
 * - a refused request is not recorded, so a client that waits always recovers, and one that keeps knocking while
 *   refused does not push its own recovery further away;
 * - after `windowMs` without an allowed request the window is empty: the key is reset;
 * - `peek` reports what `hit` would, and changes nothing; after `reset` the key is as if never hit;
 * - keys are independent; one `hit` is atomic with respect to every other `hit` on the same key, including hits made
 *   through other store instances sharing the same backend.
 */
export interface RateLimitStore {
  /**
   * Records a request for `key` if the window has room and reports the window's state after it.
   * `limit` is a whole number ≥ 1 and `windowMs` a whole number ≥ 1; adapters throw `RangeError` otherwise.
   */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitState>;
  /**
   * The state a `hit` with these arguments would report, recording nothing: `allowed` says whether it would be let
   * through (then `used` counts it, as `hit` would). For counters of outcomes (the sign-in throttle counts failures
   * only, so it asks before it knows the outcome and records after).
   */
  peek(key: string, limit: number, windowMs: number): Promise<RateLimitState>;
  /** Forgets every request counted for `key` (the key starts afresh); nothing for an unknown key. */
  reset(key: string): Promise<void>;
  /**
   * The same as `hit`, answered at once, by a store that counts in this process (no promise, no turn of the event
   * loop: the direct lane's hottest reads use it when the store has it).
   */
  hitNow?(key: string, limit: number, windowMs: number): RateLimitState;
  /** Releases what the store itself opened (connections); a store given a shared connection leaves it open. */
  close?(): Promise<void>;
}

/** Throws `RangeError` unless `limit` and `windowMs` are whole numbers ≥ 1; shared by the adapters. */
export function assertRateLimitArguments(limit: number, windowMs: number): void {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`limit must be a whole number ≥ 1, got ${limit}`);
  if (!Number.isSafeInteger(windowMs) || windowMs < 1) {
    throw new RangeError(`windowMs must be a whole number ≥ 1, got ${windowMs}`);
  }
}

/**
 * `Retry-After` of a 503 while a shared store is down (whoever refuses for it: the API's rate limit failing closed, the
 * sign-in throttle): the Redis store retries its connection every 2 s at most.
 */
export const STORE_DOWN_RETRY_AFTER_SECONDS = 5;

/** Whole seconds from `ms` milliseconds, rounded up, at least 1: the `Retry-After` of a refusal. */
export function retryAfterSecondsFrom(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
