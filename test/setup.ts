// First: in a parallel run on a server, this worker's own database is named before any other module reads DATABASE_URL.
import { createWorkerDatabase } from './support/worker-database.js';
import 'reflect-metadata';
import { openApiHooks } from './support/openapi-hook.js';
import { loadTestModules } from './support/test-app.js';

/**
 * Root hooks: find the application's modules once (in each worker process of a parallel run), before any suite builds
 * a container from them, and make the worker's own database on a server; after each test,
 * fail it when a response it caused departs from docs/openapi.yaml (or, with OPENAPI_VALIDATION=report, write them all
 * to openapi-violations.txt at the end).
 */
export const mochaHooks = {
  async beforeAll(): Promise<void> {
    // Both passes run in two worker processes (ADR 0051); on a server each worker has a database of its own.
    await createWorkerDatabase();
    await loadTestModules();
  },
  afterEach: openApiHooks.afterEach,
  afterAll: openApiHooks.afterAll,
};
