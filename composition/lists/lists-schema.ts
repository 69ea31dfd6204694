import { LIST_MIGRATIONS } from '../../adapters/persistence/lists/migrations/index.js';
import { LIST_SCHEMAS } from '../../adapters/persistence/lists/user-list-rows.js';
import type { SpindleSchema } from '../spindle-module.js';

/** The lists module's tables: entity schemas and migrations (see `SpindleSchema`). */
export const listsSchema: SpindleSchema = {
  module: 'lists',
  entities: LIST_SCHEMAS,
  migrations: LIST_MIGRATIONS,
};
