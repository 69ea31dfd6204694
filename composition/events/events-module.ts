import { ContainerModule } from 'inversify';
import type { SpindleModule } from '../spindle-module.js';
import { eventsMemory } from './events-memory.js';
import { eventsSchema } from './events-schema.js';
import { eventsSql } from './events-sql.js';

/**
 * Events: the outbox the use cases append to in the transaction of each change (orders, listings, inventory jobs,
 * collections, wantlists), which users read (`GET /events`) and webhooks deliver. See ADR 0057.
 */
export const eventsModule: SpindleModule = {
  name: 'events',
  schema: eventsSchema,
  adapters: { sql: eventsSql, memory: eventsMemory },
  bindings: () => new ContainerModule(() => undefined),
};
