/*
 * OAuth nonce claim benchmark (ADR 0029): what keeping every nonce in the database costs a signed request. Claims
 * fresh nonces through the SqlNonceStore as a request does (inside a request scope, the pruning delete every
 * thousandth claim included), on a table already holding `--live` unexpired nonces (default 100,000: ten minutes of
 * about 170 signed requests a second), one after the other (the latency a request pays) and 16 at a time (what the
 * database sustains through one instance's pool), against the floor of a `select 1` through the same path. For comparison, the same one-after-the-other claims as Redis
 * `SET NX EX` (what the Redis nonce store did).
 *
 *   node dist/bench/nonce-claim.js [--claims N] [--live N] [--pglite] [--postgres URL] [--redis URL]
 *
 * Defaults: 5,000 claims; both PGlite (in memory) and PostgreSQL at
 * postgres://postgres@127.0.0.1:5432/spindle_nonce_bench (dropped and created again; its name must contain "bench");
 * Redis at redis://127.0.0.1:6379 when it answers. Prints µs per claim.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { Database, type DatabaseLocation } from '../adapters/persistence/database.js';
import { SqlNonceStore } from '../adapters/persistence/identity/sql-nonce-store.js';
import { MikroOrmRequestScope } from '../adapters/persistence/mikro-orm-request-scope.js';
import { query } from '../adapters/persistence/mikro-orm-unit-of-work.js';
import { SystemClock } from '../adapters/system/system-clock.js';
import { discoverModules, schemaOf } from '../composition/modules.js';
import { recreateBenchDatabase } from './bench-database.js';

const TTL_SECONDS = 600;
const CONCURRENCY = 16;

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const claims = Number(option('--claims') ?? 5_000);
const live = Number(option('--live') ?? 100_000);
const onlyPglite = process.argv.includes('--pglite') && !process.argv.includes('--postgres');
const onlyPostgres = process.argv.includes('--postgres') && !process.argv.includes('--pglite');
const postgresUrl = option('--postgres') ?? 'postgres://postgres@127.0.0.1:5432/spindle_nonce_bench';
const redisUrl = option('--redis') ?? 'redis://127.0.0.1:6379';

const nonce = (): string => `bench-app\n\n${randomBytes(12).toString('base64url')}`;
const µsPer = (startedNs: bigint, count: number): string => (Number(process.hrtime.bigint() - startedNs) / 1000 / count).toFixed(1);

async function benchDatabase(label: string, location: DatabaseLocation): Promise<void> {
  if (location.kind === 'server') await recreateBenchDatabase(location.url);
  const db = await Database.open(location, schemaOf(await discoverModules()));
  try {
    await db.migrate();
    const scope = new MikroOrmRequestScope(db.orm);
    const store = new SqlNonceStore(db.orm, new SystemClock());
    await scope.run(() =>
      query(
        db.orm,
        `insert into oauth_nonce (key, expires_at)
           select 'live-' || g, now() + interval '${TTL_SECONDS} seconds' from generate_series(1, ?) g`,
        [live],
      ),
    );
    const claim = () =>
      scope.run(async () => {
        if (!(await store.claim(nonce(), TTL_SECONDS))) throw new Error('a fresh nonce was refused');
      });
    for (let i = 0; i < 200; i++) await claim(); // warm up

    let started = process.hrtime.bigint();
    for (let i = 0; i < claims; i++) await claim();
    const sequential = µsPer(started, claims);

    started = process.hrtime.bigint();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next++ < claims) await claim();
      }),
    );
    const concurrent = µsPer(started, claims);

    const replayKey = nonce();
    await scope.run(() => store.claim(replayKey, TTL_SECONDS));
    started = process.hrtime.bigint();
    for (let i = 0; i < claims; i++) {
      await scope.run(async () => {
        if (await store.claim(replayKey, TTL_SECONDS)) throw new Error('a replay was accepted');
      });
    }
    const replay = µsPer(started, claims);

    // The floor: a query that writes nothing, through the same scope and pool.
    started = process.hrtime.bigint();
    for (let i = 0; i < claims; i++) await scope.run(() => query(db.orm, 'select 1'));
    const floor = µsPer(started, claims);
    console.log(
      `${label}: ${sequential} µs per claim one after the other, ${concurrent} µs per claim ${CONCURRENCY} at a time, ` +
        `${replay} µs per refused replay; select 1 through the same path ${floor} µs ` +
        `(${claims} claims, ${live} live nonces in the table)`,
    );
  } finally {
    await db.close();
  }
}

async function benchRedis(): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false });
  try {
    await redis.connect();
  } catch (err) {
    console.log(`Redis SET NX EX: skipped (${(err as Error).message})`);
    redis.disconnect();
    return;
  }
  const prefix = `spindle-bench:nonce:${process.pid}:`;
  try {
    for (let i = 0; i < 200; i++) await redis.set(`${prefix}${nonce()}`, '1', 'EX', 60, 'NX');
    const started = process.hrtime.bigint();
    for (let i = 0; i < claims; i++) await redis.set(`${prefix}${nonce()}`, '1', 'EX', 60, 'NX');
    console.log(`Redis SET NX EX (for comparison): ${µsPer(started, claims)} µs per claim one after the other`);
  } finally {
    await redis.quit();
  }
}

if (!onlyPostgres) await benchDatabase('PGlite (in memory)', { kind: 'memory' });
if (!onlyPglite) await benchDatabase(`PostgreSQL (${new URL(postgresUrl).host})`, { kind: 'server', url: postgresUrl });
if (!onlyPglite && !onlyPostgres) await benchRedis();
