import { CurrencyRateSchema } from '../../adapters/persistence/marketplace/currency-rate-row.js';
import { MARKETPLACE_MIGRATIONS } from '../../adapters/persistence/marketplace/migrations/index.js';
import { MARKETPLACE_SCHEMAS } from '../../adapters/persistence/marketplace/marketplace-rows.js';
import type { SpindleSchema } from '../spindle-module.js';

/** The marketplace module's tables: entity schemas and migrations (see `SpindleSchema`). */
export const marketplaceSchema: SpindleSchema = {
  module: 'marketplace',
  entities: [CurrencyRateSchema, ...MARKETPLACE_SCHEMAS],
  migrations: MARKETPLACE_MIGRATIONS,
};
