import { ContainerModule } from 'inversify';
import { InMemoryRateLimitStore } from '../../adapters/rate-limit/in-memory-rate-limit-store.js';
import { CORE } from '../core/core-tokens.js';
import type { SpindleModule } from '../spindle-module.js';
import { RATE_LIMIT } from './rate-limit-tokens.js';

/**
 * Rate-limit windows: in Redis when REDIS_URL is set (shared by every instance using the same server), else in this
 * process (right for one instance).
 */
export const rateLimitModule: SpindleModule = {
  name: 'rate-limit',
  bindings: ({ redisRateLimitStore }) =>
    new ContainerModule(({ bind }) => {
      if (redisRateLimitStore) {
        bind(RATE_LIMIT.Store).toConstantValue(redisRateLimitStore);
      } else {
        bind(RATE_LIMIT.Store)
          .toResolvedValue((clock) => new InMemoryRateLimitStore(clock), [CORE.Clock])
          .inSingletonScope();
      }
    }),
};
