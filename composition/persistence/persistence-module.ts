import { ContainerModule } from 'inversify';
import type { SpindleModule } from '../spindle-module.js';
import { persistenceMemory } from './persistence-memory.js';
import { persistenceSql } from './persistence-sql.js';

/**
 * The storage every module's adapters write through: its unit of work, request scope and outage monitor, from the
 * chosen family (`sql`: MikroORM on the open database; `memory`: the in-memory storage).
 */
export const persistenceModule: SpindleModule = {
  name: 'persistence',
  bindings: () => new ContainerModule(() => undefined),
  adapters: { sql: persistenceSql, memory: persistenceMemory },
};
