import type { MikroORM } from '@mikro-orm/postgresql';
import type { EventOutbox, EventQuery } from '../../../application/ports/event-outbox.js';
import type { EventResourceType, EventType, JsonObject, NewEvent, RecordedEvent } from '../../../domain/events/event.js';
import { currentEntityManager, query } from '../mikro-orm-unit-of-work.js';
import { dateOf, jsonOf, textArray } from '../sql-values.js';

type Row = Record<string, unknown>;

/** The advisory lock every append takes (two-key form, a key space apart from the jobs' `hashtext('job:…')` keys). */
const APPEND_LOCK = `select pg_advisory_xact_lock(hashtext('event:append'), 0)`;

function eventOf(r: Row): RecordedEvent {
  return {
    id: Number(r.id),
    type: String(r.type) as EventType,
    occurred: dateOf(r.occurred),
    userId: Number(r.user_id),
    resource: { type: String(r.resource_type) as EventResourceType, id: String(r.resource_id), body: jsonOf<JsonObject>(r.body) },
  };
}

/**
 * The outbox in PostgreSQL (and PGlite): the `event` table, written in the current unit of work.
 *
 * A bigserial alone is not a safe cursor: two transactions take ids 10 and 11, the second commits first, a reader
 * sees 11 and moves its cursor past 10, which commits a moment later and is never read. So an append first takes one
 * transaction-scoped advisory lock, held to the commit: appending transactions take their ids and commit one after
 * another, and ids become visible in id order (docs/adr/0057-events-outbox.md measures what that costs). The lock is
 * taken at the append, so use cases append last, after their other writes, and hold it only for the commit.
 */
export class SqlEventOutbox implements EventOutbox {
  constructor(private readonly orm: MikroORM) {}

  async append(events: readonly NewEvent[]): Promise<readonly RecordedEvent[]> {
    if (!currentEntityManager(this.orm).isInTransaction()) throw new Error('EventOutbox.append must run inside a unit of work');
    if (events.length === 0) return [];
    await query(this.orm, APPEND_LOCK);
    // One statement; the rows take their ids from the sequence in the order of the values.
    const rows = await query<{ id: unknown }>(
      this.orm,
      `insert into event (type, occurred, user_id, resource_type, resource_id, body) values ${events.map(() => '(?, ?, ?, ?, ?, ?::jsonb)').join(', ')} returning id`,
      events.flatMap((e) => [e.type, e.occurred, e.userId, e.resource.type, e.resource.id, JSON.stringify(e.resource.body)]),
    );
    const ids = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    return events.map((e, i) => ({ ...e, id: ids[i]! }));
  }

  async read(q: EventQuery): Promise<readonly RecordedEvent[]> {
    const typed = q.types && q.types.length > 0;
    const rows = await query(
      this.orm,
      `select id, type, occurred, user_id, resource_type, resource_id, body from event
       where user_id = ? and id > ?${typed ? ' and type = any(?::text[])' : ''} order by id limit ?`,
      [q.userId, q.after, ...(typed ? [textArray(q.types!)] : []), Math.max(0, q.limit)],
    );
    return rows.map(eventOf);
  }

  async lastId(): Promise<number> {
    const [row] = await query<{ last: unknown }>(this.orm, 'select coalesce(max(id), 0) as last from event');
    return Number(row!.last);
  }

  async prune(before: Date): Promise<number> {
    const rows = await query(this.orm, 'delete from event where occurred < ? and id < (select max(id) from event) returning id', [before]);
    return rows.length;
  }
}
