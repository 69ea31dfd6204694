import { ORDER_MIGRATIONS } from '../../adapters/persistence/orders/migrations/index.js';
import { ORDER_SCHEMAS } from '../../adapters/persistence/orders/order-rows.js';
import type { SpindleSchema } from '../spindle-module.js';

/** The orders module's tables: entity schemas and migrations (see `SpindleSchema`). */
export const ordersSchema: SpindleSchema = {
  module: 'orders',
  entities: ORDER_SCHEMAS,
  migrations: ORDER_MIGRATIONS,
};
