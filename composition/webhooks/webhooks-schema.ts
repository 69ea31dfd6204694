import { WEBHOOK_MIGRATIONS } from '../../adapters/persistence/webhooks/migrations/index.js';
import { WEBHOOK_SCHEMAS } from '../../adapters/persistence/webhooks/webhook-rows.js';
import type { SpindleSchema } from '../spindle-module.js';

/** The webhooks module's tables: entity schemas and migrations (see `SpindleSchema`). */
export const webhooksSchema: SpindleSchema = {
  module: 'webhooks',
  entities: WEBHOOK_SCHEMAS,
  migrations: WEBHOOK_MIGRATIONS,
};
