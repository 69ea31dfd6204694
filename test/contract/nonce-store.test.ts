import { expect } from 'chai';
import { FixedClock } from '../../adapters/in-memory/fixed-clock.js';
import { InMemoryNonceStore } from '../../adapters/in-memory/in-memory-identity-repositories.js';
import type { Database } from '../../adapters/persistence/database.js';
import { SqlNonceStore } from '../../adapters/persistence/identity/mikro-orm-identity-repositories.js';
import { MikroOrmRequestScope } from '../../adapters/persistence/mikro-orm-request-scope.js';
import { RedisNonceStore } from '../../adapters/rate-limit/redis-nonce-store.js';
import { RedisRateLimitStore } from '../../adapters/rate-limit/redis-rate-limit-store.js';
import type { NonceStore } from '../../application/ports/nonce-store.js';
import { emptyIdentity } from '../support/identity-fixtures.js';
import { openTestDatabase } from '../support/test-database.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The same expectations of every NonceStore: a key is claimed once within its time, and again after it. */
function contract(name: string, open: () => Promise<{ store: NonceStore; clock: FixedClock; close(): Promise<void> }>): void {
  describe(`NonceStore contract: ${name}`, function () {
    this.timeout(30_000);
    let store: NonceStore;
    let clock: FixedClock;
    let close: () => Promise<void>;
    before(async () => ({ store, clock, close } = await open()));
    after(() => close());

    it('claims a key once; a second claim within the time is a replay', async () => {
      const key = `k-${Math.random()}`;
      expect(await store.claim(key, 600)).to.equal(true);
      expect(await store.claim(key, 600)).to.equal(false);
      expect(await store.claim(`${key}-other`, 600)).to.equal(true);
    });

    it('lets exactly one of simultaneous claims of one key through', async () => {
      const key = `race-${Math.random()}`;
      const answers = await Promise.all(Array.from({ length: 8 }, () => store.claim(key, 600)));
      expect(answers.filter(Boolean)).to.have.length(1);
    });

    it('forgets a key once its time is over', async function () {
      if (name.startsWith('Redis')) this.skip(); // Redis expires keys on its own clock, not the test's.
      const key = `old-${Math.random()}`;
      expect(await store.claim(key, 60)).to.equal(true);
      clock.advance(61_000);
      expect(await store.claim(key, 60)).to.equal(true);
    });
  });
}

contract('in memory', async () => {
  const clock = new FixedClock('2026-11-22T12:00:00Z');
  return { store: new InMemoryNonceStore(clock), clock, close: async () => undefined };
});

describe('with a database', () => {
  let db: Database;
  before(async () => {
    db = await openTestDatabase();
    await emptyIdentity(db);
  });
  after(() => db.close());

  contract(`SQL on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, async () => {
    const clock = new FixedClock('2026-11-22T12:00:00Z');
    const scope = new MikroOrmRequestScope(db.orm);
    const sql = new SqlNonceStore(db.orm, clock);
    return { store: { claim: (k, t) => scope.run(() => sql.claim(k, t)) }, clock, close: async () => undefined };
  });

  describe('Redis', () => {
    let redis: RedisRateLimitStore | undefined;
    before(async function () {
      try {
        redis = await RedisRateLimitStore.open(REDIS_URL, { startTimeoutMs: 1000 });
      } catch (err) {
        console.warn(`    Skipping the Redis nonce suite: ${(err as Error).message} Set REDIS_URL to a Redis that answers to run it.`);
        this.skip();
      }
    });
    after(async () => {
      await redis?.close();
    });

    contract('Redis', async () => {
      const clock = new FixedClock('2026-11-22T12:00:00Z');
      const scope = new MikroOrmRequestScope(db.orm);
      const sql = new SqlNonceStore(db.orm, clock);
      const fallback: NonceStore = { claim: (k, t) => scope.run(() => sql.claim(k, t)) };
      return { store: new RedisNonceStore(redis!.connection, fallback), clock, close: async () => undefined };
    });

    it('falls back to the database while Redis cannot answer, still refusing replays', async () => {
      const down = RedisRateLimitStore.connect('redis://127.0.0.1:1', { timeoutMs: 200 });
      try {
        const clock = new FixedClock('2026-11-22T12:00:00Z');
        const scope = new MikroOrmRequestScope(db.orm);
        const sql = new SqlNonceStore(db.orm, clock);
        const store = new RedisNonceStore(down.connection, { claim: (k, t) => scope.run(() => sql.claim(k, t)) });
        const key = `fallback-${Math.random()}`;
        expect(await store.claim(key, 600)).to.equal(true);
        expect(await store.claim(key, 600)).to.equal(false);
      } finally {
        await down.close();
      }
    });
  });
});
