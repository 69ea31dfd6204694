import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122221835_ratings } from './Migration20261122221835_ratings.js';

/** The ratings module's migrations, in order (see the catalogue's `index.ts` for how modules list them). */
export const RATING_MIGRATIONS: readonly MigrationObject[] = [{ name: 'Migration20261122221835_ratings', class: Migration20261122221835_ratings }];
