import { Container } from 'inversify';
import type { Runtime, SpindleModule } from './spindle-module.js';

export type { Runtime } from './spindle-module.js';

/**
 * Builds the container from the modules' bindings (see `discoverModules`); swapping an adapter is loading another
 * module. Every binding is a singleton: per-request state lives in async context (`RequestScope`), not in the
 * container.
 */
export function buildContainer(runtime: Runtime, modules: readonly SpindleModule[]): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(...modules.map((m) => m.bindings(runtime)));
  return container;
}
