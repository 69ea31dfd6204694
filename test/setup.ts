import 'reflect-metadata';
import { openApiHooks } from './support/openapi-hook.js';
import { loadTestModules } from './support/test-app.js';

/**
 * Root hooks: find the application's modules once (in each worker process of a parallel run), before any suite builds
 * a container from them, refusing a parallel run on a server's database; after each test,
 * fail it when a response it caused departs from docs/openapi.yaml (or, with OPENAPI_VALIDATION=report, write them all
 * to openapi-violations.txt at the end).
 */
export const mochaHooks = {
  async beforeAll(): Promise<void> {
    // `npm test` runs the embedded pass in two worker processes (ADR 0051); the suites on a server share its one
    // database, dropped and made again for each suite, so two workers would end each other's sessions.
    if (process.env.MOCHA_WORKER_ID !== undefined && process.env.DATABASE_URL) {
      throw new Error('The suites on a server (DATABASE_URL) run one at a time: use `npx mocha` (serial), not `npm test` or --parallel.');
    }
    await loadTestModules();
  },
  afterEach: openApiHooks.afterEach,
  afterAll: openApiHooks.afterAll,
};
