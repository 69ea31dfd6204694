import { isIP } from 'node:net';

import type Koa from 'koa';

import { RateLimited, Unavailable } from '../../../application/errors.js';
import type { Logger } from '../../../application/ports/logger.js';
import { STORE_DOWN_RETRY_AFTER_SECONDS, type RateLimitState, type RateLimitStore } from '../../../application/ports/rate-limit-store.js';

/**
 * What a request gets while the store fails (Redis down): `open` lets it through unlimited, `closed` refuses it with
 * 503 (operator setting `RATE_LIMIT_STORE_FAILURE`).
 */
export type RateLimitStoreFailure = 'open' | 'closed';


/** What counting needs, whoever asks (the Koa middleware or the direct lane). */
export interface RateLimiterOptions {
  readonly store: RateLimitStore;
  /** The brand word of the header names, as configured (`X-{brand}-Ratelimit`). */
  readonly brand: string;
  readonly windowSeconds: number;
  /** What a failing store does to requests; default `open`. */
  readonly onStoreFailure?: RateLimitStoreFailure;
  /** Told once when the store starts failing and once when it answers again (default: the request's logger). */
  readonly logger?: Logger;
  /** Called for each request refused for a full window (the metrics' count of 429s). */
  readonly onRefused?: () => void;
}

export interface RateLimitOptions extends RateLimiterOptions {
  /** The tier's limit for this request (anonymous or authenticated). */
  limitFor(ctx: Koa.Context): number;
  /** Whose window this request counts in (the client address; for the web pages, the signed-in user or the address). */
  keyFor(ctx: Koa.Context): string | Promise<string>;
  /** The limiter to count through (one per application, so that the direct lane shares its outage state); a new one by default. */
  readonly limiter?: RateLimiter;
}

/** What counting a request decided: the headers to send whatever happens next, and the refusal to answer with, if any. */
export interface RateLimitVerdict {
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly refusal?: RateLimited | Unavailable;
}

/**
 * Counts requests in their key's window and reports the window in `X-{brand}-Ratelimit`, `…-Used` and `…-Remaining`;
 * a request over the limit also gets `Retry-After` and a {@link RateLimited} refusal (the 429).
 *
 * When the store fails (any error but the `RangeError` of a bad limit, which is a bug), the request is not counted
 * and gets no rate-limit headers, there being no window to report: with `onStoreFailure: 'open'` it proceeds, with
 * `'closed'` it is refused with {@link Unavailable} (503, `Retry-After`). Either way one warning is logged when the
 * failures start, not one per request, and one line when the store answers again.
 */
export class RateLimiter {
  private readonly onStoreFailure: RateLimitStoreFailure;
  private readonly windowMs: number;
  private readonly limitHeader: string;
  private readonly usedHeader: string;
  private readonly remainingHeader: string;
  private failing = false;

  constructor(private readonly options: RateLimiterOptions) {
    this.onStoreFailure = options.onStoreFailure ?? 'open';
    this.windowMs = options.windowSeconds * 1000;
    this.limitHeader = `X-${options.brand}-Ratelimit`;
    this.usedHeader = `X-${options.brand}-Ratelimit-Used`;
    this.remainingHeader = `X-${options.brand}-Ratelimit-Remaining`;
  }

  /**
   * Counts one request of `key` against `limit`: the headers to send, and the refusal when the window is full (or,
   * failing closed, when the store does not answer). Answered at once when the store counts in this process
   * (`hitNow`), so the hottest reads wait for no promise; a promise otherwise.
   */
  count(key: string, limit: number, requestLog?: Logger): RateLimitVerdict | Promise<RateLimitVerdict> {
    const store = this.options.store;
    if (store.hitNow !== undefined) {
      let state: RateLimitState;
      try {
        state = store.hitNow(key, limit, this.windowMs);
      } catch (err) {
        return this.storeFailed(err, requestLog);
      }
      return this.verdictOf(state, requestLog);
    }
    return store.hit(key, limit, this.windowMs).then(
      (state) => this.verdictOf(state, requestLog),
      (err: unknown) => this.storeFailed(err, requestLog),
    );
  }

  private log(requestLog: Logger | undefined): Logger | undefined {
    return this.options.logger ?? requestLog;
  }

  /** A store that failed: a programming error (`RangeError`) is thrown; otherwise open or closed as configured. */
  private storeFailed(err: unknown, requestLog: Logger | undefined): RateLimitVerdict {
    if (err instanceof RangeError) throw err;
    if (!this.failing) {
      this.failing = true;
      const onStoreFailure = this.onStoreFailure;
      const effect = onStoreFailure === 'open' ? 'requests pass unlimited' : 'requests are refused with 503';
      this.log(requestLog)?.warn({ err, onStoreFailure }, `rate-limit store failing; ${effect} until it answers again`);
    }
    return this.onStoreFailure === 'closed' ? { headers: [], refusal: new Unavailable(STORE_DOWN_RETRY_AFTER_SECONDS) } : { headers: [] };
  }

  private verdictOf(state: RateLimitState, requestLog: Logger | undefined): RateLimitVerdict {
    if (this.failing) {
      this.failing = false;
      this.log(requestLog)?.info({}, 'rate-limit store answering again; requests are counted');
    }
    const headers: Array<readonly [string, string]> = [
      [this.limitHeader, String(state.limit)],
      [this.usedHeader, String(state.used)],
      [this.remainingHeader, String(state.remaining)],
    ];
    if (state.allowed) return { headers };
    headers.push(['Retry-After', String(state.retryAfterSeconds)]);
    this.options.onRefused?.();
    return { headers, refusal: new RateLimited(state.retryAfterSeconds) };
  }
}

/**
 * The rate limit as Koa middleware (see {@link RateLimiter}). The headers are set before the rest of the chain runs,
 * so errors thrown further down keep them (the error middleware above only replaces status and body); a refusal is
 * thrown for the error middleware to answer.
 */
export function rateLimit(options: RateLimitOptions): Koa.Middleware {
  const limiter = options.limiter ?? new RateLimiter(options);
  return async function rateLimitMiddleware(ctx, next) {
    const key = options.keyFor(ctx);
    const verdict = await limiter.count(typeof key === 'string' ? key : await key, options.limitFor(ctx), (ctx.state as { log?: Logger }).log);
    for (const [name, value] of verdict.headers) ctx.set(name, value);
    if (verdict.refusal) throw verdict.refusal;
    await next();
  };
}

/** What the client's address is read from: Koa's context, or the direct lane's view of a request. */
export interface ClientAddressSource {
  get(field: string): string;
  readonly req: { readonly socket: { readonly remoteAddress?: string } };
}

/**
 * The client's address for rate limiting: the socket's peer, or with `trustProxy` the first `X-Forwarded-For` entry
 * (when it is an IP address). IPv4-mapped IPv6 (`::ffff:127.0.0.1`) is reduced to IPv4 and IPv6 is lower-cased, so
 * one client has one key whichever way its address arrives.
 *
 * The first entry is only as trustworthy as the proxy: it must overwrite `X-Forwarded-For` rather than append to what
 * the client sent, or a client can choose its own key.
 */
export function clientIp(ctx: ClientAddressSource, trustProxy: boolean): string {
  if (trustProxy) {
    const first = ctx.get('X-Forwarded-For').split(',')[0];
    const forwarded = normaliseAddress(stripPort(first.trim()));
    if (isIP(forwarded) !== 0) return forwarded;
  }
  const peer = ctx.req.socket.remoteAddress;
  return peer === undefined ? 'unknown' : normaliseAddress(peer);
}

function normaliseAddress(address: string): string {
  const lower = address.toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  return mapped ? mapped[1] : lower;
}

/** `1.2.3.4:5678` → `1.2.3.4`, `[::1]:80` → `::1`; anything else unchanged (some proxies add ports). */
function stripPort(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  if (bracketed) return bracketed[1];
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(entry);
  return v4 ? v4[1] : entry;
}
