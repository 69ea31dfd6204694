import { randomBytes } from 'node:crypto';

import { Redis, type RedisOptions } from 'ioredis';

import {
  assertRateLimitArguments,
  retryAfterSecondsFrom,
  type RateLimitState,
  type RateLimitStore,
} from '../../application/ports/rate-limit-store.js';

export interface RedisRateLimitStoreOptions {
  /** Prepended to every key; default `spindle:ratelimit:`. */
  readonly prefix?: string;
}

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
 * Refused hits write nothing. PEXPIRE after each allowed hit makes the key vanish exactly when its window empties.
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

  constructor(
    private readonly redis: Redis,
    options: RedisRateLimitStoreOptions = {},
  ) {
    this.prefix = options.prefix ?? 'spindle:ratelimit:';
    redis.defineCommand(COMMAND, { numberOfKeys: 1, lua: SCRIPT });
  }

  /**
   * Opens its own connection to `url`; `close()` then quits it. Commands fail after one retry instead of queueing for
   * long, so an unreachable Redis surfaces as errors rather than requests that hang.
   */
  static connect(url: string, options: RedisRateLimitStoreOptions & { redis?: RedisOptions } = {}): RedisRateLimitStore {
    const store = new RedisRateLimitStore(new Redis(url, { maxRetriesPerRequest: 1, ...options.redis }), options);
    store.ownsConnection = true;
    return store;
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitState> {
    assertRateLimitArguments(limit, windowMs);
    this.sequence = (this.sequence + 1) % Number.MAX_SAFE_INTEGER;
    const member = `${this.instanceId}:${this.sequence}`;
    const command = this.redis as unknown as RateLimitCommand;
    const [allowed, used, waitMs] = await command[COMMAND](this.prefix + key, limit, windowMs, member);
    if (allowed === 1) {
      return { limit, used, remaining: Math.max(0, limit - used), allowed: true, retryAfterSeconds: 0 };
    }
    return { limit, used, remaining: 0, allowed: false, retryAfterSeconds: retryAfterSecondsFrom(waitMs) };
  }

  async close(): Promise<void> {
    if (!this.ownsConnection) return;
    this.ownsConnection = false;
    if (this.redis.status === 'end') return;
    await this.redis.quit();
  }
}
