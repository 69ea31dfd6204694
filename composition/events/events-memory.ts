import { ContainerModule } from 'inversify';
import { InMemoryEventOutbox } from '../../adapters/in-memory/in-memory-event-outbox.js';
import { InMemoryPersonalDataEraser } from '../../adapters/in-memory/in-memory-personal-data-eraser.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import type { MemoryRuntime } from '../spindle-module.js';
import { EVENTS } from './events-tokens.js';

/**
 * The outbox in the in-memory storage, enlisted in its unit of work (a failed run takes its events back); a deleted
 * account's events erased with it (ADR 0060).
 */
export const eventsMemory = ({ memory }: MemoryRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    const outbox = memory.store('events/outbox', (uow) => new InMemoryEventOutbox(uow));
    bind(EVENTS.Outbox).toConstantValue(outbox);
    bind(IDENTITY.PersonalDataEraser).toConstantValue(new InMemoryPersonalDataEraser('events', [outbox]));
  });
