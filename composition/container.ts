import { Container } from 'inversify';
import type { Logger } from '../application/ports/logger.js';
import type { RedisRateLimitStore } from '../adapters/rate-limit/redis-rate-limit-store.js';
import type { Database } from '../adapters/persistence/database.js';
import type { Config } from './config.js';
import { applicationModule } from './modules/application-module.js';
import { coreModule } from './modules/core-module.js';
import { koaHttpModule } from './modules/http-module.js';
import { marketplaceModule } from './modules/marketplace-module.js';
import { mikroOrmPersistenceModule } from './modules/persistence-module.js';
import { inMemoryRateLimitModule, redisRateLimitModule } from './modules/rate-limit-module.js';

/** What the composition root needs that is opened asynchronously before the container is built. */
export interface Runtime {
  readonly config: Config;
  readonly logger: Logger;
  readonly db: Database;
  /** Set when REDIS_URL is configured. */
  readonly redisRateLimitStore?: RedisRateLimitStore;
}

/** Builds the container: one module per adapter family; swapping an adapter is loading another module. */
export function buildContainer(runtime: Runtime): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(
    coreModule(runtime.config, runtime.logger),
    mikroOrmPersistenceModule(runtime.db),
    marketplaceModule(),
    runtime.redisRateLimitStore ? redisRateLimitModule(runtime.redisRateLimitStore) : inMemoryRateLimitModule(),
    applicationModule(),
    koaHttpModule(),
  );
  return container;
}
