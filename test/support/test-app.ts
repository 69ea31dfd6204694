import type { Container } from 'inversify';
import type Koa from 'koa';
import { createPinoLogger } from '../../adapters/logging/pino-logger.js';
import type { RedisRateLimitStore } from '../../adapters/rate-limit/redis-rate-limit-store.js';
import { loadConfig, type Config } from '../../composition/config.js';
import { buildContainer } from '../../composition/container.js';
import { HTTP } from '../../composition/http/http-tokens.js';
import { discoverModules } from '../../composition/modules.js';
import type { SpindleModule } from '../../composition/spindle-module.js';
import { validateResponses } from './openapi-hook.js';
import { runtimeOn, type TestStorage } from './test-storage.js';

export const BASE_URL = 'https://api.spindle.test';
export const WEB_URL = 'https://www.spindle.test';
export const AGENT = 'SpindleTests/1.0 +https://spindle.test';

/** The configuration integration tests run with: fixed URLs, and the environment's overrides on top. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ BASE_URL, WEB_URL, LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent', ...env });
}

/** Every module, found as the server finds them (see `discoverModules`); loaded once by the test setup. */
let modules: readonly SpindleModule[] | undefined;
export async function loadTestModules(): Promise<readonly SpindleModule[]> {
  modules ??= await discoverModules();
  return modules;
}

/**
 * The whole container on a given storage (a test database, or an in-memory storage: see test-storage.ts), built by the
 * real composition root from every module. Its HTTP application
 * checks every response against docs/openapi.yaml (see `validateResponses`, OPENAPI_VALIDATION).
 */
export function testContainer(storage: TestStorage, env: Record<string, string> = {}, redis?: RedisRateLimitStore): Container {
  if (!modules) throw new Error('The test modules are not loaded: test/setup.js loads them before the suites run');
  const config = testConfig(env);
  const container = buildContainer(runtimeOn(storage, { config, logger: createPinoLogger('silent'), rateLimitStore: redis }), modules);
  container.onActivation(HTTP.HttpApp, (_context, app) => validateResponses(app, config));
  return container;
}

/** The whole HTTP application on a given storage, built by the real composition root. */
export function testApp(storage: TestStorage, env: Record<string, string> = {}, redis?: RedisRateLimitStore): Koa {
  return testContainer(storage, env, redis).get(HTTP.HttpApp) as unknown as Koa;
}
