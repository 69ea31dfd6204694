import { COLLECTION_MIGRATIONS } from '../../adapters/persistence/collection/migrations/index.js';
import { COLLECTION_SCHEMAS } from '../../adapters/persistence/collection/collection-rows.js';
import type { SpindleSchema } from '../spindle-module.js';

/** The collection module's tables: entity schemas and migrations (see `SpindleSchema`). */
export const collectionSchema: SpindleSchema = {
  module: 'collection',
  entities: COLLECTION_SCHEMAS,
  migrations: COLLECTION_MIGRATIONS,
};
