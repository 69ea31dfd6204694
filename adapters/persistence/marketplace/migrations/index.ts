import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122160000_currency_rates } from './Migration20261122160000_currency_rates.js';
import { Migration20261123004900_listings } from './Migration20261123004900_listings.js';
import { Migration20261123050055_listing_market_per_statement } from './Migration20261123050055_listing_market_per_statement.js';
import { Migration20261123060000_listing_market_deferrable } from './Migration20261123060000_listing_market_deferrable.js';
import { Migration20261128033726_seller_amounts } from './Migration20261128033726_seller_amounts.js';
import { Migration20261207190000_listing_for_sale_posted } from './Migration20261207190000_listing_for_sale_posted.js';

/** The marketplace module's migrations, in order (see the catalogue's `index.ts` for how modules list them). */
export const MARKETPLACE_MIGRATIONS: readonly MigrationObject[] = [
  { name: 'Migration20261122160000_currency_rates', class: Migration20261122160000_currency_rates },
  { name: 'Migration20261123004900_listings', class: Migration20261123004900_listings },
  { name: 'Migration20261123050055_listing_market_per_statement', class: Migration20261123050055_listing_market_per_statement },
  { name: 'Migration20261123060000_listing_market_deferrable', class: Migration20261123060000_listing_market_deferrable },
  { name: 'Migration20261128033726_seller_amounts', class: Migration20261128033726_seller_amounts },
  { name: 'Migration20261207190000_listing_for_sale_posted', class: Migration20261207190000_listing_for_sale_posted },
];
