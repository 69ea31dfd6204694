import { ContainerModule } from 'inversify';
import { InMemoryRateLimitStore } from '../../adapters/rate-limit/in-memory-rate-limit-store.js';
import type { RedisRateLimitStore } from '../../adapters/rate-limit/redis-rate-limit-store.js';
import { TOKENS } from '../tokens.js';

/** Rate-limit windows in this process: right for one instance. */
export function inMemoryRateLimitModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(TOKENS.RateLimitStore)
      .toResolvedValue((clock) => new InMemoryRateLimitStore(clock), [TOKENS.Clock])
      .inSingletonScope();
  });
}

/** Rate-limit windows in Redis, shared by every instance that uses the same server. */
export function redisRateLimitModule(store: RedisRateLimitStore): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(TOKENS.RateLimitStore).toConstantValue(store);
  });
}
