import { ContainerModule } from 'inversify';
import { InMemoryWebhookStore } from '../../adapters/in-memory/in-memory-webhook-store.js';
import { EVENTS } from '../events/events-tokens.js';
import type { MemoryRuntime } from '../spindle-module.js';
import { WEBHOOKS } from './webhooks-tokens.js';

/** Webhook subscriptions in the in-memory storage, enlisted in its unit of work, reading the in-memory outbox. */
export const webhooksMemory = ({ memory }: MemoryRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(WEBHOOKS.Store)
      .toResolvedValue((outbox) => memory.store('webhooks/store', (uow) => new InMemoryWebhookStore(uow, outbox)), [EVENTS.Outbox])
      .inSingletonScope();
  });
