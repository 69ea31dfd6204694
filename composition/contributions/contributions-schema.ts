import { CONTRIBUTION_MIGRATIONS } from '../../adapters/persistence/contributions/migrations/index.js';
import { CONTRIBUTION_SCHEMAS } from '../../adapters/persistence/contributions/contribution-row.js';
import type { SpindleSchema } from '../spindle-module.js';

/** The contributions module's tables: entity schemas and migrations (see `SpindleSchema`). */
export const contributionsSchema: SpindleSchema = {
  module: 'contributions',
  entities: CONTRIBUTION_SCHEMAS,
  migrations: CONTRIBUTION_MIGRATIONS,
};
