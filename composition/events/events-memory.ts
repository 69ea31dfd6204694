import { ContainerModule } from 'inversify';
import { InMemoryEventOutbox } from '../../adapters/in-memory/in-memory-event-outbox.js';
import type { MemoryRuntime } from '../spindle-module.js';
import { EVENTS } from './events-tokens.js';

/** The outbox in the in-memory storage, enlisted in its unit of work (a failed run takes its events back). */
export const eventsMemory = ({ memory }: MemoryRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(EVENTS.Outbox).toConstantValue(memory.store('events/outbox', (uow) => new InMemoryEventOutbox(uow)));
  });
