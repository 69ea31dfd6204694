import 'reflect-metadata';
import { loadTestModules } from './support/test-app.js';

/** Root hook: find the application's modules once, before any suite builds a container from them. */
export const mochaHooks = {
  async beforeAll(): Promise<void> {
    await loadTestModules();
  },
};
