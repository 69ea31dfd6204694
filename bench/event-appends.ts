/*
 * Events outbox benchmark (ADR 0057): what the append lock costs. Units of work that each append two events run 16
 * at a time through one instance's pool, with the outbox's transaction advisory lock (SqlEventOutbox: ids become
 * visible in order) and, for comparison, the same insert without it (ids may become visible out of order, which a
 * cursor reader cannot use); each twice: appending as the last write (the lock held only for the commit) and with
 * 1 ms of further work in the transaction after the append (the lock held that much longer).
 *
 *   node dist/bench/event-appends.js [--units N] [--postgres URL]
 *
 * Defaults: 2,000 units of work; PostgreSQL at postgres://postgres@127.0.0.1:5432/spindle_events_bench (dropped and
 * created again; its name must contain "bench"). Prints units of work (and events) per second.
 */
import { Database } from '../adapters/persistence/database.js';
import { SqlEventOutbox } from '../adapters/persistence/events/sql-event-outbox.js';
import { MikroOrmUserRepository } from '../adapters/persistence/identity/mikro-orm-identity-repositories.js';
import { MikroOrmUnitOfWork, query } from '../adapters/persistence/mikro-orm-unit-of-work.js';
import { discoverModules, schemaOf } from '../composition/modules.js';
import { newEvent, type NewEvent } from '../domain/events/event.js';
import { recreateBenchDatabase } from './bench-database.js';

const CONCURRENCY = 16;

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const units = Number(option('--units') ?? 2000);
const url = option('--postgres') ?? 'postgres://postgres@127.0.0.1:5432/spindle_events_bench';

await recreateBenchDatabase(url);
const db = await Database.open({ kind: 'server', url }, schemaOf(await discoverModules()));
await db.migrate();
const uow = new MikroOrmUnitOfWork(db.orm);
const user = await uow.run(() =>
  new MikroOrmUserRepository(db.orm).add({ username: 'bench', realName: '', email: 'b@example.test', passwordHash: 'x', registeredAt: new Date(), homePage: '', location: '', profile: '', currency: 'USD' }),
);
const body = { id: '1-1', status: 'New Order', total: { currency: 'USD', value: 12.5 }, items: [{ id: 1, release: { id: 10, description: 'A - B' } }] };
const events = (): NewEvent[] => [newEvent('order.created', user.id, new Date(), { id: '1-1', body }), newEvent('listing.sold', user.id, new Date(), { id: 1, body })];

const outbox = new SqlEventOutbox(db.orm);
const locked = (e: readonly NewEvent[]) => outbox.append(e);
const unlocked = (e: readonly NewEvent[]) =>
  query(
    db.orm,
    `insert into event (type, occurred, user_id, resource_type, resource_id, body) values ${e.map(() => '(?, ?, ?, ?, ?, ?::jsonb)').join(', ')}`,
    e.flatMap((x) => [x.type, x.occurred, x.userId, x.resource.type, x.resource.id, JSON.stringify(x.resource.body)]),
  );

async function run(name: string, append: (e: readonly NewEvent[]) => Promise<unknown>, afterMs: number): Promise<void> {
  let next = 0;
  const started = process.hrtime.bigint();
  const worker = async () => {
    while (next++ < units) {
      await uow.run(async () => {
        await append(events());
        if (afterMs > 0) await query(db.orm, `select pg_sleep(${afterMs / 1000})`);
      });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(`${name.padEnd(44)} ${(units / seconds).toFixed(0).padStart(6)} units/s  ${((2 * units) / seconds).toFixed(0).padStart(6)} events/s`);
}

console.log(`${units} units of work of 2 events each, ${CONCURRENCY} at a time, PostgreSQL`);
await run('no lock, append last', unlocked, 0);
await run('advisory lock (SqlEventOutbox), append last', locked, 0);
await run('no lock, 1 ms of work after the append', unlocked, 1);
await run('advisory lock, 1 ms of work after the append', locked, 1);
await db.close();
