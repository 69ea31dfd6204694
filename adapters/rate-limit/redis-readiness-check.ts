import type { ReadinessCheck } from '../../application/ports/readiness-check.js';

/** What the check asks of the Redis store (see `RedisRateLimitStore.ping`). */
export interface Pingable {
  ping(): Promise<void>;
}

/**
 * Redis's readiness, where `REDIS_URL` is set: it answers a PING. Required only when rate limiting fails closed
 * (`RATE_LIMIT_STORE_FAILURE=closed`), where every request is refused while Redis is away anyway; failing open, the
 * instances serve without it, and taking them all out of the balancer for a Redis outage would turn a degraded
 * service into none (ADR 0045).
 */
export class RedisReadinessCheck implements ReadinessCheck {
  readonly name = 'redis';

  constructor(
    private readonly redis: Pingable,
    readonly required: boolean,
  ) {}

  async check(): Promise<string | null> {
    try {
      await this.redis.ping();
      return null;
    } catch {
      return 'Redis does not answer';
    }
  }
}
