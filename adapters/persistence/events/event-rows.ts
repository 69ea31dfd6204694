import { EntitySchema } from '@mikro-orm/core';
import { EVENT_RESOURCE_TYPES, EVENT_TYPES } from '../../../domain/events/event.js';
import { UserRow } from '../identity/identity-rows.js';

const listed = (values: readonly string[]): string => `array[${values.map((v) => `'${v}'`).join(', ')}]`;

/**
 * The event table, the outbox: one row per event, appended in the transaction of the change (see SqlEventOutbox),
 * with the resource's body as JSON. A user's events go with the user. `(user_id, id)` serves a user's reads after a
 * cursor, `occurred` the pruning of old events.
 */
export class EventRow {
  id!: string;
  type!: string;
  occurred!: Date;
  user!: UserRow;
  resourceType!: string;
  resourceId!: string;
  body!: object;
}

export const EventSchema = new EntitySchema<EventRow>({
  class: EventRow,
  tableName: 'event',
  indexes: [
    { name: 'event_user_id_id_index', properties: ['user', 'id'] },
    { name: 'event_occurred_index', properties: ['occurred'] },
  ],
  checks: [
    { name: 'event_type_check', expression: `array_position(${listed(EVENT_TYPES)}, type) is not null` },
    { name: 'event_resource_type_check', expression: `array_position(${listed(EVENT_RESOURCE_TYPES)}, resource_type) is not null` },
  ],
  properties: {
    id: { type: 'bigint', primary: true, autoincrement: true },
    type: { type: 'text' },
    occurred: { type: 'datetime', columnType: 'timestamptz' },
    user: { kind: 'm:1', entity: () => UserRow, deleteRule: 'cascade' },
    resourceType: { type: 'text' },
    resourceId: { type: 'text' },
    body: { type: 'json', columnType: 'jsonb' },
  },
});

export const EVENT_SCHEMAS = [EventSchema];
