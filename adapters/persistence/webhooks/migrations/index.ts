import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261207160000_webhooks } from './Migration20261207160000_webhooks.js';
import { Migration20261207190000_webhook_version } from './Migration20261207190000_webhook_version.js';

/** The webhooks module's migrations, in order (see the catalogue's `index.ts` for how modules list them). */
export const WEBHOOK_MIGRATIONS: readonly MigrationObject[] = [
  { name: 'Migration20261207160000_webhooks', class: Migration20261207160000_webhooks },
  { name: 'Migration20261207190000_webhook_version', class: Migration20261207190000_webhook_version },
];
