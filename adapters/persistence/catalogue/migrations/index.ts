import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121102457_catalogue } from './Migration20261121102457_catalogue.js';
import { Migration20261121110651_document_json } from './Migration20261121110651_document_json.js';
import { Migration20261122152519_dump_import } from './Migration20261122152519_dump_import.js';
import { Migration20261122184500_release_document } from './Migration20261122184500_release_document.js';
import { Migration20261122212613_release_holdings } from './Migration20261122212613_release_holdings.js';
import { Migration20261122221400_search_entry } from './Migration20261122221400_search_entry.js';
import { Migration20261122221503_release_ratings } from './Migration20261122221503_release_ratings.js';
import { Migration20261123004845_release_market } from './Migration20261123004845_release_market.js';
import { Migration20261125230000_list_keys } from './Migration20261125230000_list_keys.js';
import { Migration20261125230000_search_postings } from './Migration20261125230000_search_postings.js';
import { Migration20261125231500_release_master_for_sale } from './Migration20261125231500_release_master_for_sale.js';
import { Migration20261125233000_long_artist_lists } from './Migration20261125233000_long_artist_lists.js';
import { Migration20261128030000_release_people } from './Migration20261128030000_release_people.js';
import { Migration20261128031000_version_facets } from './Migration20261128031000_version_facets.js';
import { Migration20261207120000_search_posting_grades } from './Migration20261207120000_search_posting_grades.js';
import { Migration20261207190000_import_checkpoint } from './Migration20261207190000_import_checkpoint.js';
import { Migration20261207220000_packed_release_document } from './Migration20261207220000_packed_release_document.js';
import { Migration20261126160000_release_results_from_rows } from './Migration20261126160000_release_results_from_rows.js';

/**
 * The catalogue module's migrations, in order. Each module lists its own migrations beside its schemas; the database
 * runs every module's together, ordered by name (the timestamp). Listed rather than globbed so the compiled ESM
 * build loads them with plain imports. `spindle migration:create --module catalogue` writes a new file here; add it.
 */
export const CATALOGUE_MIGRATIONS: readonly MigrationObject[] = [
  { name: 'Migration20261121102457_catalogue', class: Migration20261121102457_catalogue },
  { name: 'Migration20261121110651_document_json', class: Migration20261121110651_document_json },
  { name: 'Migration20261122152519_dump_import', class: Migration20261122152519_dump_import },
  { name: 'Migration20261122184500_release_document', class: Migration20261122184500_release_document },
  { name: 'Migration20261122212613_release_holdings', class: Migration20261122212613_release_holdings },
  { name: 'Migration20261122221400_search_entry', class: Migration20261122221400_search_entry },
  { name: 'Migration20261122221503_release_ratings', class: Migration20261122221503_release_ratings },
  { name: 'Migration20261123004845_release_market', class: Migration20261123004845_release_market },
  { name: 'Migration20261125230000_list_keys', class: Migration20261125230000_list_keys },
  { name: 'Migration20261125230000_search_postings', class: Migration20261125230000_search_postings },
  { name: 'Migration20261125231500_release_master_for_sale', class: Migration20261125231500_release_master_for_sale },
  { name: 'Migration20261125233000_long_artist_lists', class: Migration20261125233000_long_artist_lists },
  { name: 'Migration20261126160000_release_results_from_rows', class: Migration20261126160000_release_results_from_rows },
  { name: 'Migration20261128030000_release_people', class: Migration20261128030000_release_people },
  { name: 'Migration20261128031000_version_facets', class: Migration20261128031000_version_facets },
  { name: 'Migration20261207120000_search_posting_grades', class: Migration20261207120000_search_posting_grades },
  { name: 'Migration20261207190000_import_checkpoint', class: Migration20261207190000_import_checkpoint },
  { name: 'Migration20261207220000_packed_release_document', class: Migration20261207220000_packed_release_document },
];
