import { EntitySchema } from '@mikro-orm/core';
import { DELIVERY_OUTCOMES, WEBHOOK_STATUSES } from '../../../domain/webhooks/webhook.js';
import { ApplicationRow, UserRow } from '../identity/identity-rows.js';

const inList = (column: string, values: readonly string[]) => `array_position(array[${values.map((s) => `'${s}'`).join(', ')}], ${column}) is not null`;

/**
 * A webhook subscription, with its delivery cursor, retry state, the lease of the worker delivering to it and the
 * version its owner's changes raise (see SqlWebhookStore). The partial index on active subscriptions by next attempt serves the workers' claims.
 */
export class WebhookSubscriptionRow {
  id!: number;
  user!: UserRow;
  application!: ApplicationRow | null;
  url!: string;
  eventTypes!: string[];
  secret!: string;
  status!: string;
  failingReason!: string | null;
  created!: Date;
  cursor!: string;
  failures!: number;
  firstFailure!: Date | null;
  nextAttempt!: Date;
  leaseOwner!: string | null;
  leaseUntil!: Date | null;
  version!: number;
}

export const WebhookSubscriptionSchema = new EntitySchema<WebhookSubscriptionRow>({
  class: WebhookSubscriptionRow,
  tableName: 'webhook_subscription',
  indexes: [
    { name: 'webhook_subscription_user_id_id_index', properties: ['user', 'id'] },
    {
      name: 'webhook_subscription_claim_index',
      expression: `create index "webhook_subscription_claim_index" on "webhook_subscription" ("next_attempt") where status = 'active'`,
    },
  ],
  checks: [
    { name: 'webhook_subscription_status_check', expression: inList('status', WEBHOOK_STATUSES) },
    { name: 'webhook_subscription_failures_check', expression: 'failures >= 0' },
  ],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    user: { kind: 'm:1', entity: () => UserRow, deleteRule: 'cascade' },
    application: { kind: 'm:1', entity: () => ApplicationRow, nullable: true, deleteRule: 'cascade' },
    url: { type: 'text' },
    eventTypes: { type: 'text[]', columnType: 'text[]' },
    secret: { type: 'text' },
    status: { type: 'text', default: 'active' },
    failingReason: { type: 'text', nullable: true },
    created: { type: 'datetime', columnType: 'timestamptz' },
    cursor: { type: 'bigint', columnType: 'bigint', default: 0 },
    failures: { type: 'integer', default: 0 },
    firstFailure: { type: 'datetime', columnType: 'timestamptz', nullable: true },
    nextAttempt: { type: 'datetime', columnType: 'timestamptz' },
    leaseOwner: { type: 'text', nullable: true },
    leaseUntil: { type: 'datetime', columnType: 'timestamptz', nullable: true },
    version: { type: 'integer', default: 0 },
  },
});

/** One attempt at delivering one event to one subscription: the owner's delivery log (pruned after its retention). */
export class WebhookDeliveryRow {
  id!: number;
  webhook!: WebhookSubscriptionRow;
  eventId!: string;
  eventType!: string;
  attempt!: number;
  redelivery!: boolean;
  started!: Date;
  durationMs!: number;
  outcome!: string;
  responseStatus!: number | null;
  responseExcerpt!: string;
  error!: string | null;
}

export const WebhookDeliverySchema = new EntitySchema<WebhookDeliveryRow>({
  class: WebhookDeliveryRow,
  tableName: 'webhook_delivery',
  indexes: [
    { name: 'webhook_delivery_webhook_id_id_index', properties: ['webhook', 'id'] },
    { name: 'webhook_delivery_started_index', properties: ['started'] },
  ],
  checks: [{ name: 'webhook_delivery_outcome_check', expression: inList('outcome', DELIVERY_OUTCOMES) }],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    webhook: { kind: 'm:1', entity: () => WebhookSubscriptionRow, deleteRule: 'cascade' },
    eventId: { type: 'bigint', columnType: 'bigint' },
    eventType: { type: 'text' },
    attempt: { type: 'integer' },
    redelivery: { type: 'boolean', default: false },
    started: { type: 'datetime', columnType: 'timestamptz' },
    durationMs: { type: 'integer' },
    outcome: { type: 'text' },
    responseStatus: { type: 'integer', nullable: true },
    responseExcerpt: { type: 'text', default: '' },
    error: { type: 'text', nullable: true },
  },
});

/** An owner's request to deliver a logged event once more, waiting for a worker. */
export class WebhookRedeliveryRow {
  id!: number;
  webhook!: WebhookSubscriptionRow;
  eventId!: string;
  requested!: Date;
}

export const WebhookRedeliverySchema = new EntitySchema<WebhookRedeliveryRow>({
  class: WebhookRedeliveryRow,
  tableName: 'webhook_redelivery',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    webhook: { kind: 'm:1', entity: () => WebhookSubscriptionRow, deleteRule: 'cascade' },
    eventId: { type: 'bigint', columnType: 'bigint' },
    requested: { type: 'datetime', columnType: 'timestamptz' },
  },
});

export const WEBHOOK_SCHEMAS = [WebhookSubscriptionSchema, WebhookDeliverySchema, WebhookRedeliverySchema];
