import { IMAGES_MIGRATIONS } from '../../adapters/persistence/images/migrations/index.js';
import { ServerSecretSchema } from '../../adapters/persistence/images/server-secret.js';
import type { SpindleSchema } from '../spindle-module.js';

/** The images module's tables: entity schemas and migrations (see `SpindleSchema`). */
export const imagesSchema: SpindleSchema = {
  module: 'images',
  entities: [ServerSecretSchema],
  migrations: IMAGES_MIGRATIONS,
};
