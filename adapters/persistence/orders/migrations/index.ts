import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261123005720_orders } from './Migration20261123005720_orders.js';

/** The orders module's migrations, in order (see the catalogue's `index.ts` for how modules list them). */
export const ORDER_MIGRATIONS: readonly MigrationObject[] = [{ name: 'Migration20261123005720_orders', class: Migration20261123005720_orders }];
