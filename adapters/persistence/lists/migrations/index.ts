import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122204032_lists } from './Migration20261122204032_lists.js';

/** The lists module's migrations, in order (see the catalogue's `index.ts` for how modules list them). */
export const LIST_MIGRATIONS: readonly MigrationObject[] = [
  { name: 'Migration20261122204032_lists', class: Migration20261122204032_lists },
];
