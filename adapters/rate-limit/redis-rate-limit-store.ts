import { randomBytes } from 'node:crypto';

import { Redis, type RedisOptions } from 'ioredis';

import type { Logger } from '../../application/ports/logger.js';
import {
  assertRateLimitArguments,
  retryAfterSecondsFrom,
  type RateLimitState,
  type RateLimitStore,
} from '../../application/ports/rate-limit-store.js';
import { redactedUrl, RedisUnavailable } from './redis-unavailable.js';

export interface RedisRateLimitStoreOptions {
  /** Prepended to every key; default `spindle:ratelimit:`. */
  readonly prefix?: string;
}

/** How a store that opens its own connection talks to Redis. */
export interface RedisConnectionOptions extends RedisRateLimitStoreOptions {
  /**
   * Told once when the connection is lost (not on every failed reconnect) and once when it is back. Without it the
   * connection's errors are dropped; either way ioredis never prints its own lines.
   */
  readonly logger?: Logger;
  /** The longest a hit waits for Redis, and for a (re)connection to be made; default 1000 ms. */
  readonly timeoutMs?: number;
  /** ioredis options applied last (tests). */
  readonly redis?: RedisOptions;
}

/** The longest {@link RedisRateLimitStore.open} waits for Redis to answer at start, by default. */
export const DEFAULT_START_TIMEOUT_MS = 2000;
const DEFAULT_TIMEOUT_MS = 1000;
const TIMED_OUT = new Error('timed out');

const COMMAND = 'spindleRateLimitHit';

/*
 * One sliding log per key: a sorted set whose scores are request times in ms. The whole check-and-record is one script,
 * so concurrent hits from any number of processes cannot both take the last slot.
 *
 * The time is the Redis server's TIME, not the caller's: every Spindle instance then measures the same window on the
 * same clock, and an instance whose clock is skewed can neither expire other instances' entries early nor have its own
 * outlive the window. The price is that tests cannot drive this store with a fake clock (the contract suite uses short
 * real windows instead). TIME before a write is allowed because scripts replicate their effects (the only mode from
 * Redis 7; requested explicitly for 3.2-4.x).
 *
 * Refused hits write nothing, nor does a peek (ARGV[3] empty: the state is reported, nothing recorded). PEXPIRE after
 * each allowed hit makes the key vanish exactly when its window empties.
 * Returns {allowed (0|1), used, ms until one more request would be allowed (0 when allowed)}.
 */
const SCRIPT = `
if redis.replicate_commands then redis.replicate_commands() end
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local counted = redis.call('ZCARD', key)
if counted < limit then
  if ARGV[3] == '' then return {1, counted + 1, 0} end
  redis.call('ZADD', key, now, now .. ':' .. ARGV[3])
  redis.call('PEXPIRE', key, window)
  return {1, counted + 1, 0}
end
local gate = redis.call('ZRANGE', key, counted - limit, counted - limit, 'WITHSCORES')
return {0, counted, tonumber(gate[2]) + window - now}
`;

interface RateLimitCommand {
  [COMMAND](key: string, limit: number, windowMs: number, member: string): Promise<[number, number, number]>;
}

/**
 * A {@link RateLimitStore} in Redis shared by every instance pointed at the same server: one window per key across the
 * fleet, one atomic Lua script per hit (sent as EVALSHA; ioredis falls back to EVAL after a script flush).
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly prefix: string;
  // Members must be unique within a key even for hits in the same millisecond from several instances.
  private readonly instanceId = randomBytes(6).toString('hex');
  private sequence = 0;
  private ownsConnection = false;
  private starting = false;

  constructor(
    private readonly redis: Redis,
    options: RedisRateLimitStoreOptions = {},
  ) {
    this.prefix = options.prefix ?? 'spindle:ratelimit:';
    redis.defineCommand(COMMAND, { numberOfKeys: 1, lua: SCRIPT });
  }

  /**
   * Opens its own connection to `url` (`close()` quits it) and checks at once that Redis answers a PING within
   * `startTimeoutMs` (default 2 s); throws {@link RedisUnavailable} when it does not, having closed the connection.
   * The store's calls are bounded as with {@link connect}.
   */
  static async open(
    url: string,
    options: RedisConnectionOptions & { readonly startTimeoutMs?: number } = {},
  ): Promise<RedisRateLimitStore> {
    const startTimeoutMs = options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
    const store = RedisRateLimitStore.connect(url, { ...options, redis: { ...options.redis, lazyConnect: true } });
    const redis = store.redis;
    let lastError: unknown;
    const remember = (err: unknown): void => {
      lastError = err;
    };
    redis.on('error', remember);
    store.starting = true; // the failure is reported by what this throws, not also as an outage
    const check = (async () => {
      await redis.connect();
      await redis.ping();
    })();
    check.catch(() => undefined); // still pending when the timeout wins; it then fails on the disconnect below
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        check,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(TIMED_OUT), startTimeoutMs);
        }),
      ]);
    } catch (err) {
      store.ownsConnection = false;
      redis.disconnect();
      // The server's refusal (WRONGPASS …) says most; otherwise the connection's last error; a bare timeout says nothing.
      const cause = isReply(err) ? err : (lastError ?? (err === TIMED_OUT ? undefined : err));
      throw new RedisUnavailable(url, startTimeoutMs, cause);
    } finally {
      clearTimeout(timer);
      redis.off('error', remember);
      store.starting = false;
    }
    return store;
  }

  /**
   * Opens its own connection to `url` without waiting for it; `close()` then quits it. Every call is bounded: a hit
   * fails within `timeoutMs` (at once while disconnected: nothing queues), and the connection is retried in the
   * background every 2 s at most, so an unreachable Redis surfaces as quick errors, never as requests that hang.
   */
  static connect(url: string, options: RedisConnectionOptions = {}): RedisRateLimitStore {
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const redis = new Redis(url, {
      connectTimeout: timeoutMs,
      commandTimeout: timeoutMs,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
      ...options.redis,
    });
    const store = new RedisRateLimitStore(redis, options);
    store.ownsConnection = true;
    // Attached before any connection attempt, so ioredis never prints an error itself.
    store.reportOutages(options.logger, url);
    return store;
  }

  /** Reports the connection's errors through `logger`, once per outage, and its return. */
  private reportOutages(logger: Logger | undefined, url: string): void {
    const redis = redactedUrl(url);
    let down = false;
    this.redis.on('error', (err: unknown) => {
      if (down || this.starting || !this.ownsConnection) return;
      down = true;
      logger?.warn({ redis, err }, 'Redis unavailable; reconnecting');
    });
    this.redis.on('ready', () => {
      if (!down) return;
      down = false;
      logger?.info({ redis }, 'Redis available again');
    });
  }

  /** Resolves when Redis answers a PING (bounded like every call: fails at once while disconnected). */
  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitState> {
    this.sequence = (this.sequence + 1) % Number.MAX_SAFE_INTEGER;
    return this.run(key, limit, windowMs, `${this.instanceId}:${this.sequence}`);
  }

  /** One run of the script: a hit recording `member`, or a peek with no member. */
  private async run(key: string, limit: number, windowMs: number, member: string): Promise<RateLimitState> {
    assertRateLimitArguments(limit, windowMs);
    const command = this.redis as unknown as RateLimitCommand;
    const [allowed, used, waitMs] = await command[COMMAND](this.prefix + key, limit, windowMs, member);
    if (allowed === 1) {
      return { limit, used, remaining: Math.max(0, limit - used), allowed: true, retryAfterSeconds: 0 };
    }
    return { limit, used, remaining: 0, allowed: false, retryAfterSeconds: retryAfterSecondsFrom(waitMs) };
  }

  async peek(key: string, limit: number, windowMs: number): Promise<RateLimitState> {
    return this.run(key, limit, windowMs, '');
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    if (!this.ownsConnection) return;
    this.ownsConnection = false;
    if (this.redis.status === 'end') return;
    if (this.redis.status !== 'ready') {
      this.redis.disconnect(); // QUIT cannot be sent (nothing queues), and there is nothing to flush
      return;
    }
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }
}

function isReply(err: unknown): err is Error {
  return err instanceof Error && err.name === 'ReplyError';
}
