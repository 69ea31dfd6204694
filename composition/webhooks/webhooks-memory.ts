import { ContainerModule } from 'inversify';
import { InMemoryPersonalDataEraser } from '../../adapters/in-memory/in-memory-personal-data-eraser.js';
import { InMemoryWebhookStore } from '../../adapters/in-memory/in-memory-webhook-store.js';
import type { EventOutbox } from '../../application/ports/event-outbox.js';
import { EVENTS } from '../events/events-tokens.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import type { MemoryRuntime } from '../spindle-module.js';
import { WEBHOOKS } from './webhooks-tokens.js';

/**
 * Webhook subscriptions in the in-memory storage, enlisted in its unit of work, reading the in-memory outbox; a
 * deleted account's subscriptions go with it, with their deliveries (ADR 0060).
 */
export const webhooksMemory = ({ memory }: MemoryRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    const store = (outbox: EventOutbox): InMemoryWebhookStore => memory.store('webhooks/store', (uow) => new InMemoryWebhookStore(uow, outbox));
    bind(WEBHOOKS.Store).toResolvedValue(store, [EVENTS.Outbox]).inSingletonScope();
    bind(IDENTITY.PersonalDataEraser)
      .toResolvedValue((outbox) => new InMemoryPersonalDataEraser('webhook subscriptions and their deliveries', [store(outbox)]), [EVENTS.Outbox])
      .inSingletonScope();
  });
