import type { EventOutbox } from '../../application/ports/event-outbox.js';
import { token } from '../token.js';

/** The events module's tokens. */
export const EVENTS = {
  /** The outbox: the use cases append to it in their unit of work; readers and webhook deliveries read it. */
  Outbox: token<EventOutbox>('events/Outbox'),
} as const;
