import type { EventType, NewEvent, RecordedEvent } from '../../domain/events/event.js';

/** Which of a user's events to read: those with an id above `after`, of `types` (every type when absent or empty). */
export interface EventQuery {
  readonly userId: number;
  /** The last id the reader has seen (0 to start from the oldest kept). */
  readonly after: number;
  /** The most events to answer (a page); at least 1. */
  readonly limit: number;
  readonly types?: readonly EventType[];
}

/**
 * The events outbox: events are appended in the unit of work of the change that causes them (committed with it, or
 * not at all), and read back by id as a cursor.
 *
 * Ids are safe cursors: an event becomes visible to readers only in id order, so once a reader has seen id N, no
 * event with an id at or below N appears later (the SQL adapter serialises appends with a transaction-scoped lock
 * held from the append to the commit; see docs/adr/0057-events-outbox.md). Ids may have gaps (rolled-back appends).
 */
export interface EventOutbox {
  /**
   * Records events in the current unit of work (throws outside one) and answers them with their ids, in the order
   * given, after the events `stage`d in it. Make it the unit of work's last write: from here to the commit, other
   * appending units of work wait.
   */
  append(events: readonly NewEvent[]): Promise<readonly RecordedEvent[]>;
  /**
   * Keeps events for the current unit of work's next `append` (throws outside one), which appends them first, in the
   * order staged, before its own: for a unit of work that makes many events as it goes (an inventory upload's
   * batches), without taking the append lock before its last write and without holding them all in memory (the SQL
   * adapter keeps them in a temporary table). Events staged and never appended go with the unit of work when it ends.
   */
  stage(events: readonly NewEvent[]): Promise<void>;
  /** The user's events after the cursor, oldest first (id order), at most `limit`. */
  read(query: EventQuery): Promise<readonly RecordedEvent[]>;
  /** The highest id of the events kept (0 when none): where a reader that wants only what comes next starts. */
  lastId(): Promise<number>;
  /**
   * Removes the events that occurred before `before` (housekeeping), except the newest of all, so `lastId` never goes
   * back; answers how many.
   */
  prune(before: Date): Promise<number>;
}
