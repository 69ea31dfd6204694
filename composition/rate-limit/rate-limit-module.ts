import { ContainerModule } from 'inversify';
import { RedisRateLimitStore } from '../../adapters/rate-limit/redis-rate-limit-store.js';
import { RedisReadinessCheck } from '../../adapters/rate-limit/redis-readiness-check.js';
import { InMemoryRateLimitStore } from '../../adapters/rate-limit/in-memory-rate-limit-store.js';
import { CORE } from '../core/core-tokens.js';
import { HEALTH } from '../health/health-tokens.js';
import type { SpindleModule } from '../spindle-module.js';
import { RATE_LIMIT } from './rate-limit-tokens.js';

/**
 * Rate-limit windows: the shared store the runtime brings (Redis when REDIS_URL is set, shared by every instance
 * using it; in a cluster worker without Redis, the primary's window), else in this process (right for one process).
 * Redis's readiness where it is used: required only when rate limiting fails closed (ADR 0045).
 */
export const rateLimitModule: SpindleModule = {
  name: 'rate-limit',
  bindings: ({ rateLimitStore, config }) =>
    new ContainerModule(({ bind }) => {
      if (rateLimitStore instanceof RedisRateLimitStore) {
        bind(HEALTH.ReadinessChecks).toConstantValue(new RedisReadinessCheck(rateLimitStore, config.rateLimitStoreFailure === 'closed'));
      }
      if (rateLimitStore) {
        bind(RATE_LIMIT.Store).toConstantValue(rateLimitStore);
      } else {
        bind(RATE_LIMIT.Store)
          .toResolvedValue((clock) => new InMemoryRateLimitStore(clock), [CORE.Clock])
          .inSingletonScope();
      }
    }),
};
