import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122203934_collection } from './Migration20261122203934_collection.js';
import { Migration20261203120000_want_notes_public } from './Migration20261203120000_want_notes_public.js';

/** The collection module's migrations, in order (see the catalogue's `index.ts` for how modules list them). */
export const COLLECTION_MIGRATIONS: readonly MigrationObject[] = [
  { name: 'Migration20261122203934_collection', class: Migration20261122203934_collection },
  { name: 'Migration20261203120000_want_notes_public', class: Migration20261203120000_want_notes_public },
];
