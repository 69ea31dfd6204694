import { EVENT_SCHEMAS } from '../../adapters/persistence/events/event-rows.js';
import { EVENT_MIGRATIONS } from '../../adapters/persistence/events/migrations/index.js';
import type { SpindleSchema } from '../spindle-module.js';

/** The events module's table, the outbox: entity schema and migrations (see `SpindleSchema`). */
export const eventsSchema: SpindleSchema = { module: 'events', entities: EVENT_SCHEMAS, migrations: EVENT_MIGRATIONS };
