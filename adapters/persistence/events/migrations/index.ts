import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261207150000_events } from './Migration20261207150000_events.js';

/** The events module's migrations, in order (see the catalogue's `index.ts` for how modules list them). */
export const EVENT_MIGRATIONS: readonly MigrationObject[] = [{ name: 'Migration20261207150000_events', class: Migration20261207150000_events }];
