import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122203934_collection } from './Migration20261122203934_collection.js';

/** The collection module's migrations, in order (see the catalogue's `index.ts` for how modules list them). */
export const COLLECTION_MIGRATIONS: readonly MigrationObject[] = [{ name: 'Migration20261122203934_collection', class: Migration20261122203934_collection }];
