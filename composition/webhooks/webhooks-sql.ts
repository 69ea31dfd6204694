import { ContainerModule } from 'inversify';
import { SqlWebhookStore } from '../../adapters/persistence/webhooks/sql-webhook-store.js';
import type { SqlRuntime } from '../spindle-module.js';
import { WEBHOOKS } from './webhooks-tokens.js';

/** Webhook subscriptions on the database: leases claimed with `for update skip locked`, so several workers share them. */
export const webhooksSql = ({ db }: SqlRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(WEBHOOKS.Store).toConstantValue(new SqlWebhookStore(db.orm));
  });
