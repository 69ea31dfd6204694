import { ArrayMaxSize, IsIn, IsOptional, Matches } from 'class-validator';
import { EVENT_TYPES, isEventType, type EventType } from '../../../domain/events/event.js';
import { PageQuery } from '../pagination.js';
import { Repeated } from '../query.js';

/**
 * `GET /events`: `after`, the last event id the client has seen (a whole number; at most 15 digits, so every id the
 * outbox can give, and no number the database would refuse), `type` (repeated) the event types wanted, and
 * `per_page` as every list takes it (`page` is validated and not used: the cursor is the page).
 */
export class EventsQuery extends PageQuery {
  @IsOptional()
  @Matches(/^\d{1,15}$/, { message: 'Invalid after: expected the id of an event (a whole number of at least 0), got "$value".' })
  after?: string;

  @Repeated()
  @IsOptional()
  @ArrayMaxSize(EVENT_TYPES.length, { message: `Invalid type: at most ${EVENT_TYPES.length} types.` })
  @IsIn(EVENT_TYPES, {
    each: true,
    // class-validator gives an `each` rule's message the whole array: name the value at fault.
    message: ({ value }) => `Invalid type: expected one of ${EVENT_TYPES.join(', ')}, got "${(value as string[]).find((v) => !isEventType(v)) ?? ''}".`,
  })
  type?: string[];

  cursor(): number {
    return this.after ? Number(this.after) : 0;
  }

  types(): EventType[] {
    return (this.type ?? []) as EventType[];
  }
}
