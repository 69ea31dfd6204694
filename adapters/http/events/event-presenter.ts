import type { EventsPage } from '../../../application/events/list-events.js';
import type { RecordedEvent } from '../../../domain/events/event.js';
import type { ApiSchema } from '../api-shapes.js';

/**
 * Shapes events into the API's JSON: the event's id, type, time and user, and its resource with the body recorded
 * at the change (already the API's JSON of the resource for that user). A page adds the cursor's pagination: the
 * page size, how many events it holds and the `next` link (after its last id) when more follow, also as `Link`.
 */
export class EventPresenter {
  event(e: RecordedEvent): ApiSchema<'Event'> {
    // The body is JSON its resource's presenter made (typed there, in the service's dialect), stored as it was.
    const body = e.resource.body as unknown;
    return {
      id: e.id,
      type: e.type,
      occurred: e.occurred.toISOString(),
      user_id: e.userId,
      resource: { type: e.resource.type, id: e.resource.id, body },
    } as ApiSchema<'Event'>;
  }

  /** The page's body; `next` is the URL of the page after it (the caller builds it from the request). */
  page(page: EventsPage, next: string | null): ApiSchema<'EventPage'> {
    return {
      pagination: { per_page: page.perPage, items: page.events.length, urls: next === null ? {} : { next } },
      events: page.events.map((e) => this.event(e)),
    } as ApiSchema<'EventPage'>;
  }
}
