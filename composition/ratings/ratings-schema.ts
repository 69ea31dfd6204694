import { RATING_MIGRATIONS } from '../../adapters/persistence/ratings/migrations/index.js';
import { RATING_SCHEMAS } from '../../adapters/persistence/ratings/rating-rows.js';
import type { SpindleSchema } from '../spindle-module.js';

/** The ratings module's tables: entity schemas and migrations (see `SpindleSchema`). */
export const ratingsSchema: SpindleSchema = {
  module: 'ratings',
  entities: RATING_SCHEMAS,
  migrations: RATING_MIGRATIONS,
};
