import type { EventRecorder } from '../../application/events/event-recorder.js';
import type { ListEvents } from '../../application/events/list-events.js';
import type { EventBodies } from '../../application/ports/event-bodies.js';
import type { EventOutbox } from '../../application/ports/event-outbox.js';
import { token } from '../token.js';

/** The events module's tokens. */
export const EVENTS = {
  /** The outbox: the use cases append to it in their unit of work; readers and webhook deliveries read it. */
  Outbox: token<EventOutbox>('events/Outbox'),
  /** Event bodies by the API's presenters. */
  Bodies: token<EventBodies>('events/Bodies'),
  /** What the use cases record events with. */
  Recorder: token<EventRecorder>('events/Recorder'),
  /** `GET /events`. */
  ListEvents: token<ListEvents>('events/ListEvents'),
} as const;
