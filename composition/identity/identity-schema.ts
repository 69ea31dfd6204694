import { IDENTITY_MIGRATIONS } from '../../adapters/persistence/identity/migrations/index.js';
import { IDENTITY_SCHEMAS } from '../../adapters/persistence/identity/identity-rows.js';
import type { SpindleSchema } from '../spindle-module.js';

/** The identity module's tables: entity schemas and migrations (see `SpindleSchema`). */
export const identitySchema: SpindleSchema = {
  module: 'identity',
  entities: IDENTITY_SCHEMAS,
  migrations: IDENTITY_MIGRATIONS,
};
