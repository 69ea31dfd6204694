import { ContainerModule } from 'inversify';
import { InMemoryRateLimitStore } from '../../adapters/rate-limit/in-memory-rate-limit-store.js';
import { CORE } from '../core/core-tokens.js';
import type { SpindleModule } from '../spindle-module.js';
import { RATE_LIMIT } from './rate-limit-tokens.js';

/**
 * Rate-limit windows: the shared store the runtime brings (Redis when REDIS_URL is set, shared by every instance
 * using it; in a cluster worker without Redis, the primary's window), else in this process (right for one process).
 */
export const rateLimitModule: SpindleModule = {
  name: 'rate-limit',
  bindings: ({ rateLimitStore }) =>
    new ContainerModule(({ bind }) => {
      if (rateLimitStore) {
        bind(RATE_LIMIT.Store).toConstantValue(rateLimitStore);
      } else {
        bind(RATE_LIMIT.Store)
          .toResolvedValue((clock) => new InMemoryRateLimitStore(clock), [CORE.Clock])
          .inSingletonScope();
      }
    }),
};
