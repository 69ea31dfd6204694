import type { MikroORM } from '@mikro-orm/postgresql';
import type { EventOutbox, EventQuery } from '../../../application/ports/event-outbox.js';
import type { EventResourceType, EventType, JsonObject, NewEvent, RecordedEvent } from '../../../domain/events/event.js';
import { bound, currentEntityManager, query } from '../mikro-orm-unit-of-work.js';
import { dateOf, jsonOf, textArray } from '../sql-values.js';

type Row = Record<string, unknown>;

/** The advisory lock every append takes (two-key form, a key space apart from the jobs' `hashtext('job:…')` keys). */
const APPEND_LOCK = `select pg_advisory_xact_lock(hashtext('event:append'), 0)`;

/** The event table's columns an append writes, in the order both inserts name them. */
const COLUMNS = 'type, occurred, user_id, resource_type, resource_id, body';

/** Where a unit of work's staged events wait: a temporary table, dropped (or rolled back) with its transaction. */
const STAGED_TABLE = `create temporary table if not exists event_staged (seq bigserial primary key, type text not null,
  occurred timestamptz not null, user_id int not null, resource_type text not null, resource_id text not null,
  body jsonb not null) on commit drop`;

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
 * taken at the append, so use cases append last, after their other writes, and hold it only for the commit. Events
 * `stage`d on the way (an upload's batches) wait in a temporary table of the transaction, moved into `event` by its
 * append under the lock in one statement.
 */
export class SqlEventOutbox implements EventOutbox {
  constructor(private readonly orm: MikroORM) {}

  /** The transactions that have staged events and not appended them yet (their connection's `event_staged`). */
  private readonly staging = new WeakSet<object>();

  async append(events: readonly NewEvent[]): Promise<readonly RecordedEvent[]> {
    const transaction = this.transaction('append');
    const staged = this.staging.delete(transaction);
    if (events.length === 0 && !staged) return [];
    await query(this.orm, APPEND_LOCK);
    if (staged) {
      // The staged events first, in the order staged (ids are taken as the ordered rows are inserted), then gone, so a
      // later stage and append in the same transaction does not append them twice.
      await query(this.orm, `insert into event (${COLUMNS}) select ${COLUMNS} from event_staged order by seq`);
      await query(this.orm, 'drop table event_staged');
    }
    if (events.length === 0) return [];
    // One statement; the rows take their ids from the sequence in the order of the values.
    const rows = await query<{ id: unknown }>(
      this.orm,
      `insert into event (${COLUMNS}) values ${events.map(() => '(?, ?, ?, ?, ?, ?::jsonb)').join(', ')} returning id`,
      events.flatMap((e) => [e.type, e.occurred, e.userId, e.resource.type, e.resource.id, JSON.stringify(e.resource.body)]),
    );
    const ids = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    return events.map((e, i) => ({ ...e, id: ids[i]! }));
  }

  async stage(events: readonly NewEvent[]): Promise<void> {
    const transaction = this.transaction('stage');
    if (events.length === 0) return;
    if (!this.staging.has(transaction)) {
      await query(this.orm, STAGED_TABLE);
      this.staging.add(transaction);
    }
    // The batch as one JSON parameter, bound rather than quoted into the statement (a batch's bodies are megabytes):
    // one JSON.stringify of it all, where an array parameter per column escaped every body's quotes once more.
    await bound(
      this.orm,
      `insert into event_staged (${COLUMNS}) select ${COLUMNS} from jsonb_to_recordset(?::jsonb)
         as e(type text, occurred timestamptz, user_id int, resource_type text, resource_id text, body jsonb)`,
      [
        JSON.stringify(
          events.map((e) => ({ type: e.type, occurred: e.occurred, user_id: e.userId, resource_type: e.resource.type, resource_id: e.resource.id, body: e.resource.body })),
        ),
      ],
    );
  }

  /** The current unit of work's transaction (what identifies it), or an error naming `what` outside one. */
  private transaction(what: string): object {
    const em = currentEntityManager(this.orm);
    const transaction = em.isInTransaction() ? em.getTransactionContext<object>() : undefined;
    if (!transaction) throw new Error(`EventOutbox.${what} must run inside a unit of work`);
    return transaction;
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
