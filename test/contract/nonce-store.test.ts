import { expect } from 'chai';
import { FixedClock } from '../../adapters/in-memory/fixed-clock.js';
import { InMemoryNonceStore } from '../../adapters/in-memory/in-memory-identity-repositories.js';
import { InMemoryStorage } from '../../adapters/in-memory/in-memory-storage.js';
import { Database } from '../../adapters/persistence/database.js';
import { SqlNonceStore } from '../../adapters/persistence/identity/sql-nonce-store.js';
import { MikroOrmRequestScope } from '../../adapters/persistence/mikro-orm-request-scope.js';
import type { NonceStore } from '../../application/ports/nonce-store.js';
import { IDENTITY } from '../../composition/identity/identity-tokens.js';
import { discoverModules, schemaOf } from '../../composition/modules.js';
import { emptyIdentity } from '../support/identity-fixtures.js';
import { rejection } from '../support/rejection.js';
import { testContainer } from '../support/test-app.js';
import { openTestDatabase } from '../support/test-database.js';

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

    it('forgets a key once its time is over', async () => {
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

describe('NonceStore of the memory family', () => {
  it('refuses through one application a nonce claimed through another on the same in-memory storage', async () => {
    const memory = new InMemoryStorage();
    const [one, two] = [testContainer(memory).get(IDENTITY.NonceStore), testContainer(memory).get(IDENTITY.NonceStore)];
    const key = `shared-${Math.random()}`;
    expect(await one.claim(key, 600)).to.equal(true);
    expect(await two.claim(key, 600)).to.equal(false);
    expect(await testContainer(new InMemoryStorage()).get(IDENTITY.NonceStore).claim(key, 600)).to.equal(true);
  });
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

  it('throws while the database cannot answer, rather than letting a claim pass (ADR 0029)', async () => {
    // A second connection to the suite's database (not migrated again: on PostgreSQL that would empty the first),
    // closed before it is used.
    const url = process.env.DATABASE_URL;
    const gone = await Database.open(url ? { kind: 'server', url } : { kind: 'memory' }, schemaOf(await discoverModules()));
    const scope = new MikroOrmRequestScope(gone.orm);
    const sql = new SqlNonceStore(gone.orm, new FixedClock('2026-11-22T12:00:00Z'));
    await gone.close();
    const err = await rejection(scope.run(() => sql.claim(`down-${Math.random()}`, 600)));
    expect(err).to.be.instanceOf(Error);
  });
});
