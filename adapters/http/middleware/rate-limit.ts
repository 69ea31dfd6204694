import { isIP } from 'node:net';

import type Koa from 'koa';

import { RateLimited } from '../../../application/errors.js';
import type { RateLimitStore } from '../../../application/ports/rate-limit-store.js';

export interface RateLimitOptions {
  readonly store: RateLimitStore;
  /** The brand word of the header names, as configured (`X-{brand}-Ratelimit`). */
  readonly brand: string;
  readonly windowSeconds: number;
  /** The tier's limit for this request (anonymous or authenticated). */
  limitFor(ctx: Koa.Context): number;
  /** Whose window this request counts in (the client address, by default). */
  keyFor(ctx: Koa.Context): string;
}

/**
 * Counts the request in its key's window and reports the window in `X-{brand}-Ratelimit`, `…-Used` and `…-Remaining`.
 * The headers are set before the rest of the chain runs, so errors thrown further down keep them (the error
 * middleware above only replaces status and body). A refused request gets `Retry-After` and a thrown
 * {@link RateLimited}, which the error middleware turns into the 429.
 */
export function rateLimit(options: RateLimitOptions): Koa.Middleware {
  const { store, brand } = options;
  const windowMs = options.windowSeconds * 1000;
  const limitHeader = `X-${brand}-Ratelimit`;
  const usedHeader = `X-${brand}-Ratelimit-Used`;
  const remainingHeader = `X-${brand}-Ratelimit-Remaining`;

  return async function rateLimitMiddleware(ctx, next) {
    const state = await store.hit(options.keyFor(ctx), options.limitFor(ctx), windowMs);
    ctx.set(limitHeader, String(state.limit));
    ctx.set(usedHeader, String(state.used));
    ctx.set(remainingHeader, String(state.remaining));
    if (!state.allowed) {
      ctx.set('Retry-After', String(state.retryAfterSeconds));
      throw new RateLimited(state.retryAfterSeconds);
    }
    await next();
  };
}

/**
 * The client's address for rate limiting: the socket's peer, or with `trustProxy` the first `X-Forwarded-For` entry
 * (when it is an IP address). IPv4-mapped IPv6 (`::ffff:127.0.0.1`) is reduced to IPv4 and IPv6 is lower-cased, so
 * one client has one key whichever way its address arrives.
 *
 * The first entry is only as trustworthy as the proxy: it must overwrite `X-Forwarded-For` rather than append to what
 * the client sent, or a client can choose its own key.
 */
export function clientIp(ctx: Koa.Context, trustProxy: boolean): string {
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
