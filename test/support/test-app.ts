import type Koa from 'koa';
import { createPinoLogger } from '../../adapters/logging/pino-logger.js';
import type { Database } from '../../adapters/persistence/database.js';
import type { RedisRateLimitStore } from '../../adapters/rate-limit/redis-rate-limit-store.js';
import { loadConfig, type Config } from '../../composition/config.js';
import { buildContainer } from '../../composition/container.js';
import { TOKENS } from '../../composition/tokens.js';

export const BASE_URL = 'https://api.spindle.test';
export const WEB_URL = 'https://www.spindle.test';
export const AGENT = 'SpindleTests/1.0 +https://spindle.test';

/** The configuration integration tests run with: fixed URLs, and the environment's overrides on top. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ BASE_URL, WEB_URL, LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent', ...env });
}

/** The whole HTTP application on a given database, built by the real composition root. */
export function testApp(db: Database, env: Record<string, string> = {}, redis?: RedisRateLimitStore): Koa {
  const config = testConfig(env);
  const container = buildContainer({ config, logger: createPinoLogger('silent'), db, redisRateLimitStore: redis });
  return container.get(TOKENS.HttpApp) as unknown as Koa;
}
