import 'reflect-metadata';
import { openApiHooks } from './support/openapi-hook.js';
import { loadTestModules } from './support/test-app.js';

/**
 * Root hooks: find the application's modules once, before any suite builds a container from them; after each test,
 * fail it when a response it caused departs from docs/openapi.yaml (or, with OPENAPI_VALIDATION=report, write them all
 * to openapi-violations.txt at the end).
 */
export const mochaHooks = {
  async beforeAll(): Promise<void> {
    await loadTestModules();
  },
  afterEach: openApiHooks.afterEach,
  afterAll: openApiHooks.afterAll,
};
