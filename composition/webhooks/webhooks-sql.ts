import { ContainerModule } from 'inversify';
import { SqlPersonalDataEraser } from '../../adapters/persistence/sql-personal-data-eraser.js';
import { SqlWebhookStore } from '../../adapters/persistence/webhooks/sql-webhook-store.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import type { SqlRuntime } from '../spindle-module.js';
import { WEBHOOKS } from './webhooks-tokens.js';

/**
 * Webhook subscriptions on the database: leases claimed with `for update skip locked`, so several workers share them.
 * A deleted account's subscriptions go with it, whoever made them (ADR 0060); their deliveries and redelivery
 * requests cascade, and a worker holding one's lease finds it gone when it records (`lost`).
 */
export const webhooksSql = ({ db }: SqlRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(WEBHOOKS.Store).toConstantValue(new SqlWebhookStore(db.orm));
    bind(IDENTITY.PersonalDataEraser).toConstantValue(
      new SqlPersonalDataEraser(db.orm, 'webhook subscriptions and their deliveries', [{ table: 'webhook_subscription', column: 'user_id' }]),
    );
  });
