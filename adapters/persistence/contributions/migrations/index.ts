import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122204455_contributions } from './Migration20261122204455_contributions.js';
import { Migration20261128030100_release_people } from './Migration20261128030100_release_people.js';

/** The contributions module's migrations, in order (see the catalogue's `index.ts` for how modules list them). */
export const CONTRIBUTION_MIGRATIONS: readonly MigrationObject[] = [
  { name: 'Migration20261122204455_contributions', class: Migration20261122204455_contributions },
  { name: 'Migration20261128030100_release_people', class: Migration20261128030100_release_people },
];
