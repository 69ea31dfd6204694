import type { Redis } from 'ioredis';
import type { Logger } from '../../application/ports/logger.js';
import type { NonceStore } from '../../application/ports/nonce-store.js';

/**
 * OAuth nonces in Redis (`SET key 1 NX EX ttl`: one round trip, expiring by itself), seen by every instance that
 * shares the Redis. While Redis cannot answer, claims go to `fallback` (the database's store, also shared), so a
 * Redis outage neither lets replays through nor refuses signed requests.
 */
export class RedisNonceStore implements NonceStore {
  constructor(
    private readonly redis: Redis,
    private readonly fallback: NonceStore,
    private readonly logger?: Logger,
    private readonly prefix = 'spindle:oauth-nonce:',
  ) {}

  async claim(key: string, ttlSeconds: number): Promise<boolean> {
    let answer: string | null;
    try {
      answer = await this.redis.set(`${this.prefix}${key}`, '1', 'EX', ttlSeconds, 'NX');
    } catch (err) {
      this.logger?.warn({ err }, 'Redis did not answer a nonce claim; using the database');
      return this.fallback.claim(key, ttlSeconds);
    }
    return answer === 'OK';
  }
}
