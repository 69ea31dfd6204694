import { CATALOGUE_MIGRATIONS } from '../../adapters/persistence/catalogue/migrations/index.js';
import { CATALOGUE_SCHEMAS } from '../../adapters/persistence/catalogue/catalogue-rows.js';
import type { SpindleSchema } from '../spindle-module.js';

/** The catalogue's tables: entity schemas and migrations (see `SpindleSchema`). */
export const catalogueSchema: SpindleSchema = {
  module: 'catalogue',
  entities: CATALOGUE_SCHEMAS,
  migrations: CATALOGUE_MIGRATIONS,
};
