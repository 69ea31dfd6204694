import type { EventType, RecordedEvent } from '../../domain/events/event.js';
import type { EventOutbox } from '../ports/event-outbox.js';
import { requireUserCaller, type Caller } from '../shared/caller.js';

/** What `ListEvents` takes: the caller, the cursor, the page size and the types wanted (every type when empty). */
export interface ListEventsInput {
  readonly caller: Caller;
  /** The last event id the caller has seen (0: from the oldest kept). */
  readonly after: number;
  readonly perPage: number;
  readonly types: readonly EventType[];
}

/** A page of the caller's events and whether more follow it. */
export interface EventsPage {
  readonly events: readonly RecordedEvent[];
  readonly perPage: number;
  /** Whether events after the page's last one were there when it was read. */
  readonly more: boolean;
}

/**
 * `GET /events?after={id}`: the calling user's events after the cursor, oldest first, a page at a time (an
 * application acting for a user sees that user's; 401 anonymous, 403 an application acting for nobody, as every
 * user-private list). A client that remembers the last id it read and asks after it misses none (see `EventOutbox`).
 */
export class ListEvents {
  constructor(private readonly outbox: EventOutbox) {}

  async execute(input: ListEventsInput): Promise<EventsPage> {
    const userId = requireUserCaller(input.caller);
    const read = await this.outbox.read({ userId, after: input.after, limit: input.perPage + 1, types: input.types });
    return { events: read.slice(0, input.perPage), perPage: input.perPage, more: read.length > input.perPage };
  }
}
