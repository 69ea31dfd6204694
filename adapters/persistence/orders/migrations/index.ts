import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261123005720_orders } from './Migration20261123005720_orders.js';
import { Migration20261123022523_orders_lifecycle } from './Migration20261123022523_orders_lifecycle.js';
import { Migration20261128033000_order_total_with_shipping } from './Migration20261128033000_order_total_with_shipping.js';
import { Migration20261128043606_order_read_marks } from './Migration20261128043606_order_read_marks.js';
import { Migration20261207150100_orders_outlive_accounts } from './Migration20261207150100_orders_outlive_accounts.js';

/** The orders module's migrations, in order (see the catalogue's `index.ts` for how modules list them). */
export const ORDER_MIGRATIONS: readonly MigrationObject[] = [
  { name: 'Migration20261123005720_orders', class: Migration20261123005720_orders },
  { name: 'Migration20261123022523_orders_lifecycle', class: Migration20261123022523_orders_lifecycle },
  { name: 'Migration20261128033000_order_total_with_shipping', class: Migration20261128033000_order_total_with_shipping },
  { name: 'Migration20261128043606_order_read_marks', class: Migration20261128043606_order_read_marks },
  { name: 'Migration20261207150100_orders_outlive_accounts', class: Migration20261207150100_orders_outlive_accounts },
];
