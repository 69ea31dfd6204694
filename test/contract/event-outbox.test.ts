import { expect } from 'chai';
import { InMemoryEventOutbox } from '../../adapters/in-memory/in-memory-event-outbox.js';
import { InMemoryUnitOfWork } from '../../adapters/in-memory/in-memory-unit-of-work.js';
import type { Database } from '../../adapters/persistence/database.js';
import { SqlEventOutbox } from '../../adapters/persistence/events/sql-event-outbox.js';
import { MikroOrmUnitOfWork, query } from '../../adapters/persistence/mikro-orm-unit-of-work.js';
import type { EventOutbox } from '../../application/ports/event-outbox.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import { newEvent, type EventType, type NewEvent, type RecordedEvent } from '../../domain/events/event.js';
import { storedUsers } from '../support/identity-fixtures.js';
import { openTestDatabase } from '../support/test-database.js';

interface Subject {
  readonly outbox: EventOutbox;
  readonly uow: UnitOfWork;
  /** Two users who exist (the events' users). */
  readonly users: readonly [number, number];
  /** On a PostgreSQL server only: runs SQL in the current unit of work, or on a connection of its own outside one. */
  readonly sql?: (text: string) => Promise<Record<string, unknown>[]>;
}

const AT = (s: number) => new Date(Date.UTC(2026, 11, 7, 12, 0, s));

class Boom extends Error {}

/** An event of `type` for `user` about order `n-1`, with a body that names the order and says which user sees it. */
const anEvent = (type: EventType, user: number, n: number, at = AT(n)): NewEvent =>
  newEvent(type, user, at, { id: `${n}-1`, body: { id: `${n}-1`, for: user, nested: { list: [1, 'two', null, true], price: 12.5 } } });

function contract(name: string, open: () => Promise<Subject>): void {
  describe(`EventOutbox contract: ${name}`, function () {
    this.timeout(60_000);
    let s: Subject;
    beforeEach(async () => (s = await open()));

    const append = (...events: NewEvent[]) => s.uow.run(() => s.outbox.append(events));
    const ids = (events: readonly RecordedEvent[]) => events.map((e) => e.id);

    it('records events and gives them back whole, with ids that increase in the order appended', async () => {
      const [ann] = s.users;
      const first = await append(anEvent('order.created', ann, 1), anEvent('order.message_added', ann, 2));
      const [third] = await append(anEvent('listing.sold', ann, 3));
      expect(first[0]!.id).to.be.above(0);
      expect(first[1]!.id).to.be.above(first[0]!.id);
      expect(third!.id).to.be.above(first[1]!.id);
      const read = await s.outbox.read({ userId: ann, after: 0, limit: 10 });
      expect(read).to.deep.equal([...first, third]);
      expect(read[0]).to.deep.equal({ ...anEvent('order.created', ann, 1), id: first[0]!.id });
      expect(read[2]!.resource).to.deep.equal({ type: 'listing', id: '3-1', body: { id: '3-1', for: ann, nested: { list: [1, 'two', null, true], price: 12.5 } } });
      expect(read[0]!.occurred).to.be.instanceOf(Date);
    });

    it("reads only the user's events, after the cursor, oldest first, a page at a time, of the types asked", async () => {
      const [ann, ben] = s.users;
      const all = await append(
        anEvent('order.created', ann, 1),
        anEvent('order.created', ben, 2),
        anEvent('listing.created', ann, 3),
        anEvent('order.status_changed', ann, 4),
        anEvent('listing.sold', ben, 5),
        anEvent('wantlist.changed', ann, 6),
      );
      const [a1, b2, a3, a4, b5, a6] = all.map((e) => e.id);
      expect(ids(await s.outbox.read({ userId: ann, after: 0, limit: 10 }))).to.deep.equal([a1, a3, a4, a6]);
      expect(ids(await s.outbox.read({ userId: ben, after: 0, limit: 10 }))).to.deep.equal([b2, b5]);
      expect(ids(await s.outbox.read({ userId: ann, after: a1!, limit: 10 }))).to.deep.equal([a3, a4, a6]);
      expect(ids(await s.outbox.read({ userId: ann, after: 0, limit: 2 }))).to.deep.equal([a1, a3]);
      expect(ids(await s.outbox.read({ userId: ann, after: a3!, limit: 2 }))).to.deep.equal([a4, a6]);
      expect(ids(await s.outbox.read({ userId: ann, after: a6!, limit: 2 }))).to.deep.equal([]);
      expect(ids(await s.outbox.read({ userId: ann, after: 0, limit: 10, types: ['order.created', 'order.status_changed'] }))).to.deep.equal([a1, a4]);
      expect(ids(await s.outbox.read({ userId: ann, after: a1!, limit: 10, types: ['order.created'] }))).to.deep.equal([]);
      expect(ids(await s.outbox.read({ userId: ann, after: 0, limit: 10, types: [] }))).to.deep.equal([a1, a3, a4, a6]);
      expect(ids(await s.outbox.read({ userId: ben, after: 0, limit: 10, types: ['listing.sold', 'wantlist.changed'] }))).to.deep.equal([b5]);
      expect(ids(await s.outbox.read({ userId: 999_999, after: 0, limit: 10 }))).to.deep.equal([]);
    });

    it('refuses an append outside a unit of work, and keeps nothing of a unit of work that fails', async () => {
      const [ann] = s.users;
      let failed: unknown;
      try {
        await s.outbox.append([anEvent('order.created', ann, 1)]);
      } catch (err) {
        failed = err;
      }
      expect(String(failed)).to.match(/must run inside a unit of work/);
      const kept = await append(anEvent('order.created', ann, 2));
      const lost = s.uow.run(async () => {
        await s.outbox.append([anEvent('order.refunded', ann, 3)]);
        throw new Boom('rolled back');
      });
      await lost.then(
        () => expect.fail('the run should fail'),
        (err: unknown) => expect(err).to.be.instanceOf(Boom),
      );
      const later = await append(anEvent('order.status_changed', ann, 4));
      const read = await s.outbox.read({ userId: ann, after: 0, limit: 10 });
      expect(read.map((e) => e.type)).to.deep.equal(['order.created', 'order.status_changed']);
      expect(later[0]!.id, 'an id after a rolled-back append is still above the ones before').to.be.above(kept[0]!.id);
    });

    it('appends the events staged in a unit of work first, in the order staged, with its append; none of a run that fails or never appends', async () => {
      const [ann, ben] = s.users;
      const outside = await s.outbox.stage([anEvent('order.created', ann, 1)]).then(
        () => null,
        (err: unknown) => err,
      );
      expect(String(outside)).to.match(/must run inside a unit of work/);
      const appended = await s.uow.run(async () => {
        await s.outbox.stage([anEvent('listing.created', ann, 2), anEvent('listing.created', ben, 3)]);
        await s.outbox.stage([]);
        await s.outbox.stage([anEvent('listing.changed', ann, 4)]);
        return s.outbox.append([anEvent('inventory.upload_finished', ann, 5)]);
      });
      expect(appended.map((e) => e.type), 'the append answers its own events').to.deep.equal(['inventory.upload_finished']);
      const read = await s.outbox.read({ userId: ann, after: 0, limit: 10 });
      expect(read.map((e) => [e.type, e.resource.id])).to.deep.equal([
        ['listing.created', '2-1'],
        ['listing.changed', '4-1'],
        ['inventory.upload_finished', '5-1'],
      ]);
      expect(read[0]).to.deep.equal({ ...anEvent('listing.created', ann, 2), id: read[0]!.id });
      const [benEvent] = await s.outbox.read({ userId: ben, after: 0, limit: 10 });
      expect([read[0]!.id, benEvent!.id, read[1]!.id, read[2]!.id], 'ids in the order staged, then appended').to.deep.equal(
        [read[0]!.id, benEvent!.id, read[1]!.id, read[2]!.id].sort((a, b) => a - b),
      );
      const last = await s.outbox.lastId();
      // Staged in a run that fails, or in one that ends without an append: gone with the run.
      await s.uow
        .run(async () => {
          await s.outbox.stage([anEvent('listing.deleted', ann, 6)]);
          throw new Boom('rolled back');
        })
        .catch((err: unknown) => expect(err).to.be.instanceOf(Boom));
      await s.uow.run(() => s.outbox.stage([anEvent('listing.deleted', ann, 7)]));
      expect(await s.outbox.lastId()).to.equal(last);
      // A run that appends twice, staging before each: each staged event once.
      await s.uow.run(async () => {
        await s.outbox.stage([anEvent('listing.created', ann, 8)]);
        await s.outbox.append([]);
        await s.outbox.stage([anEvent('listing.created', ann, 9)]);
        await s.outbox.append([anEvent('order.created', ann, 10)]);
      });
      expect((await s.outbox.read({ userId: ann, after: last, limit: 10 })).map((e) => e.resource.id)).to.deep.equal(['8-1', '9-1', '10-1']);
    });

    it('lets other units of work append while one has staged events and not appended yet (PostgreSQL server)', async function () {
      if (!s.sql) return this.skip();
      const [ann, ben] = s.users;
      let mayAppend!: () => void;
      const gate = new Promise<void>((resolve) => (mayAppend = resolve));
      let staged!: () => void;
      const hasStaged = new Promise<void>((resolve) => (staged = resolve));
      const stager = s.uow.run(async () => {
        await s.outbox.stage([anEvent('listing.created', ann, 1)]);
        staged();
        await gate;
        return s.outbox.append([anEvent('inventory.upload_finished', ann, 2)]);
      });
      await hasStaged;
      // Staging takes no lock: this append commits while the staging unit of work is still open.
      const [other] = await append(anEvent('order.created', ben, 3));
      mayAppend();
      const [finished] = await stager;
      expect(finished!.id).to.be.above(other!.id);
      expect((await s.outbox.read({ userId: ann, after: other!.id, limit: 10 })).map((e) => e.type)).to.deep.equal(['listing.created', 'inventory.upload_finished']);
    });

    it('answers the highest id kept as the place to start reading what comes next', async () => {
      const [ann, ben] = s.users;
      const start = await s.outbox.lastId();
      expect(start).to.be.at.least(0);
      const [a] = await append(anEvent('order.created', ann, 1));
      const [b] = await append(anEvent('order.created', ben, 2));
      expect(await s.outbox.lastId()).to.equal(b!.id);
      expect(ids(await s.outbox.read({ userId: ann, after: start, limit: 10 }))).to.deep.equal([a!.id]);
    });

    it('prunes the events that occurred before a time, and only those', async () => {
      const [ann, ben] = s.users;
      await append(anEvent('order.created', ann, 1, AT(1)), anEvent('order.created', ben, 2, AT(2)), anEvent('order.created', ann, 3, AT(3)));
      expect(await s.uow.run(() => s.outbox.prune(AT(3)))).to.equal(2);
      expect((await s.outbox.read({ userId: ann, after: 0, limit: 10 })).map((e) => e.occurred)).to.deep.equal([AT(3)]);
      expect(await s.outbox.read({ userId: ben, after: 0, limit: 10 })).to.deep.equal([]);
      expect(await s.uow.run(() => s.outbox.prune(AT(3)))).to.equal(0);
      const last = await s.outbox.lastId();
      expect(await s.uow.run(() => s.outbox.prune(AT(60))), 'the newest is kept').to.equal(0);
      expect(await s.outbox.lastId()).to.equal(last);
    });

    it('makes an append wait for an earlier appending unit of work to commit, so ids become visible in order (PostgreSQL server)', async function () {
      if (!s.sql) {
        console.log('      (PGlite and memory run one unit of work at a time: the concurrent appends need DATABASE_URL)');
        return this.skip();
      }
      const sql = s.sql;
      const [ann] = s.users;
      let commitFirst!: () => void;
      const firstMayCommit = new Promise<void>((resolve) => (commitFirst = resolve));
      let firstAppended!: (e: RecordedEvent) => void;
      const firstEvent = new Promise<RecordedEvent>((resolve) => (firstAppended = resolve));
      const first = s.uow.run(async () => {
        const [e] = await s.outbox.append([anEvent('order.created', ann, 1)]);
        firstAppended(e!);
        await firstMayCommit;
        return e!;
      });
      const a = await firstEvent;
      const second = s.uow.run(async () => (await s.outbox.append([anEvent('order.created', ann, 2)]))[0]!);
      // The second unit of work waits on the advisory lock (what pg_stat_activity shows of it), not on anything else.
      await until(async () => (await sql(`select 1 from pg_stat_activity where wait_event_type = 'Lock' and wait_event = 'advisory' and datname = current_database()`)).length === 1);
      expect(ids(await s.outbox.read({ userId: ann, after: 0, limit: 10 })), 'nothing visible while the first is open').to.deep.equal([]);
      commitFirst();
      await first;
      const b = await second;
      expect(b.id).to.be.above(a.id);
      expect(ids(await s.outbox.read({ userId: ann, after: 0, limit: 10 }))).to.deep.equal([a.id, b.id]);
    });

    it('lets a reader following the cursor see every event committed by 8 units of work appending at once, none skipped (PostgreSQL server)', async function () {
      if (!s.sql) return this.skip();
      const sql = s.sql;
      const [ann, ben] = s.users;
      const committed: number[] = [];
      let writing = true;
      // Each unit of work appends, then goes on working a moment (a random pause in the database) before it commits;
      // every fifth rolls back. Without the lock, a later id committing first moves the reader past an earlier one.
      const writer = async (w: number): Promise<void> => {
        for (let i = 0; i < 25; i++) {
          const user = (w + i) % 2 ? ann : ben;
          try {
            const appended = await s.uow.run(async () => {
              const events = await s.outbox.append([anEvent('listing.changed', user, w * 100 + i), anEvent('listing.changed', user, w * 100 + i)]);
              await sql('select pg_sleep(random() * 0.004)');
              if (i % 5 === 4) throw new Boom('rolled back');
              return events;
            });
            committed.push(...ids(appended));
          } catch (err) {
            if (!(err instanceof Boom)) throw err;
          }
        }
      };
      const seen: number[] = [];
      const reader = async (): Promise<void> => {
        const cursors = new Map<number, number>([[ann, 0], [ben, 0]]);
        for (;;) {
          const more = !writing;
          for (const user of [ann, ben]) {
            for (;;) {
              const page = await s.outbox.read({ userId: user, after: cursors.get(user)!, limit: 7 });
              if (page.length === 0) break;
              seen.push(...ids(page));
              cursors.set(user, page.at(-1)!.id);
            }
          }
          if (more) return;
        }
      };
      const reading = reader();
      await Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)));
      writing = false;
      await reading;
      expect(committed).to.have.length(8 * 20 * 2);
      expect([...seen].sort((x, y) => x - y), 'every committed event read once, none skipped').to.deep.equal([...committed].sort((x, y) => x - y));
      expect(await sql('select count(*)::int as n from event')).to.deep.equal([{ n: committed.length }]);
    });
  });
}

/** Waits until `check` answers true, trying every 10 ms for 10 s at most. */
async function until(check: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 1000; tries++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the condition never came true');
}

contract('in memory', async () => {
  const uow = new InMemoryUnitOfWork();
  return { uow, outbox: new InMemoryEventOutbox(uow), users: [1, 2] };
});

describe('with the SQL adapter', () => {
  let db: Database;
  before(async () => {
    db = await openTestDatabase();
  });
  after(() => db.close());

  contract(`SQL on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, async () => {
    // Removing the users removes their events.
    const ids = await storedUsers(db, ['ann', 'ben']);
    const uow = new MikroOrmUnitOfWork(db.orm);
    const sql = (text: string) => query(db.orm, text);
    return { uow, outbox: new SqlEventOutbox(db.orm), users: [ids[0]!, ids[1]!], ...(process.env.DATABASE_URL ? { sql } : {}) };
  });
});
