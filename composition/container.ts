import { Container, type ContainerModule } from 'inversify';
import type { MemoryRuntime, SpindleModule, SqlRuntime } from './spindle-module.js';

export type { Runtime, SqlRuntime, MemoryRuntime, StorageKind } from './spindle-module.js';

/** The runtime of one storage family: the database for `sql`, the in-memory storage for `memory`. */
export type StorageRuntime = SqlRuntime | MemoryRuntime;

/**
 * Builds the container from the modules' bindings (see `discoverModules`) and, for each module, its adapter family of
 * the runtime's storage; swapping an adapter is loading another module, swapping the storage is choosing another
 * family. Every binding is a singleton: per-request state lives in async context (`RequestScope`), not in the
 * container.
 */
export function buildContainer(runtime: StorageRuntime, modules: readonly SpindleModule[]): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(...modules.flatMap((m) => [m.bindings(runtime), ...familyOf(m, runtime)]));
  return container;
}

/** The module's adapters of the runtime's storage family (none for a module without persistence). */
function familyOf(module: SpindleModule, runtime: StorageRuntime): ContainerModule[] {
  if (!module.adapters) return [];
  if (runtime.storage === 'sql') return [module.adapters.sql(runtime)];
  if (!module.adapters.memory) throw new Error(`The ${module.name} module has no memory adapters: it cannot run on STORAGE=memory`);
  return [module.adapters.memory(runtime)];
}
