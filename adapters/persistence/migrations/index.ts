import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121102457_catalogue } from './Migration20261121102457_catalogue.js';
import { Migration20261121110651_document_json } from './Migration20261121110651_document_json.js';

/**
 * Every migration in order. Migrations are listed here rather than found by globbing the folder, so the compiled
 * ESM build loads them with plain imports. `spindle migration:create` writes a new file; add it to this list.
 */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261121102457_catalogue', class: Migration20261121102457_catalogue },
  { name: 'Migration20261121110651_document_json', class: Migration20261121110651_document_json },
];
