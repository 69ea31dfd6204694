import { expect } from 'chai';
import { InMemoryCurrencyRateRepository } from '../../adapters/in-memory/in-memory-currency-rate-repository.js';
import { InMemoryUnitOfWork } from '../../adapters/in-memory/in-memory-unit-of-work.js';
import { MikroOrmCatalogueReader } from '../../adapters/persistence/catalogue/mikro-orm-catalogue-reader.js';
import type { Database } from '../../adapters/persistence/database.js';
import { MikroOrmCurrencyRateRepository } from '../../adapters/persistence/marketplace/mikro-orm-currency-rate-repository.js';
import { MikroOrmRequestScope } from '../../adapters/persistence/mikro-orm-request-scope.js';
import { MikroOrmUnitOfWork } from '../../adapters/persistence/mikro-orm-unit-of-work.js';
import { InMemoryUserRepository } from '../../adapters/in-memory/in-memory-identity-repositories.js';
import { MikroOrmUserRepository } from '../../adapters/persistence/identity/mikro-orm-identity-repositories.js';
import { ACCOUNT_DELETED, holdAccount } from '../../application/identity/hold-account.js';
import type { AccountGuard } from '../../application/ports/account-guard.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { CurrencyRateRepository, StoredCurrencyRates } from '../../domain/marketplace/currency-rate-repository.js';
import { CurrencyRates } from '../../domain/marketplace/currency-rates.js';
import { openTestDatabase } from '../support/test-database.js';

/** One adapter family under test: a unit of work and a repository that writes through it. */
interface Subject {
  readonly uow: UnitOfWork;
  readonly rates: CurrencyRateRepository;
  /** Something else the same family reads, used inside a run (must not wait for another connection). */
  readonly readElsewhere?: () => Promise<unknown>;
}

const table = (eur: string, source = 'test.csv'): StoredCurrencyRates => ({
  rates: CurrencyRates.fromEntries([
    { currency: 'USD', rate: '1' },
    { currency: 'EUR', rate: eur },
  ]),
  updatedAt: new Date('2026-11-22T10:00:00Z'),
  source,
});

const eurOf = async (rates: CurrencyRateRepository): Promise<string | undefined> =>
  (await rates.current())?.rates.entries().find((e) => e.currency === 'EUR')?.rate;

class Boom extends Error {}

/**
 * The `UnitOfWork` contract, the same for every adapter, checked through the currency rate repository (the first
 * aggregate written through it): commit on return, roll back on throw, nested runs join, concurrent runs each commit
 * whole, and the repository's own contract (replace returns the previous table, whole-table reads).
 */
function unitOfWorkContract(name: string, open: () => Promise<{ subject: Subject; close: () => Promise<void> }>): void {
  describe(`UnitOfWork and CurrencyRateRepository contract: ${name}`, () => {
    let subject: Subject;
    let close: () => Promise<void>;

    beforeEach(async () => {
      ({ subject, close } = await open());
    });
    afterEach(async () => {
      await close();
    });

    it('starts with no table', async () => {
      expect(await subject.rates.current()).to.equal(null);
    });

    it("commits the work's writes when it returns, and returns its value", async () => {
      const result = await subject.uow.run(async () => {
        await subject.rates.replace(table('0.9'));
        return 'done';
      });
      expect(result).to.equal('done');
      const stored = await subject.rates.current();
      expect(stored?.rates.entries()).to.deep.equal([
        { currency: 'USD', rate: '1' },
        { currency: 'EUR', rate: '0.9' },
      ]);
      expect(stored?.source).to.equal('test.csv');
      expect(stored?.updatedAt.toISOString()).to.equal('2026-11-22T10:00:00.000Z');
    });

    it('rolls every write back when the work throws, and rethrows the same error', async () => {
      await subject.uow.run(() => subject.rates.replace(table('0.9')));
      const boom = new Boom('no');
      let caught: unknown;
      try {
        await subject.uow.run(async () => {
          await subject.rates.replace(table('0.5', 'second.csv'));
          expect(await eurOf(subject.rates)).to.equal('0.5'); // the work sees its own write
          throw boom;
        });
      } catch (err) {
        caught = err;
      }
      expect(caught).to.equal(boom);
      expect(await eurOf(subject.rates)).to.equal('0.9');
      expect((await subject.rates.current())?.source).to.equal('test.csv');
    });

    it('a nested run joins the outer one: the outer failure rolls back what the inner run wrote', async () => {
      await subject.uow.run(() => subject.rates.replace(table('0.9')));
      try {
        await subject.uow.run(async () => {
          await subject.uow.run(() => subject.rates.replace(table('0.7')));
          expect(await eurOf(subject.rates)).to.equal('0.7');
          throw new Boom('outer');
        });
      } catch (err) {
        expect(err).to.be.instanceOf(Boom);
      }
      expect(await eurOf(subject.rates)).to.equal('0.9');
    });

    it('a nested run does not commit on its own: the outer one commits both', async () => {
      await subject.uow.run(async () => {
        await subject.uow.run(() => subject.rates.replace(table('0.7')));
        await subject.rates.replace(table('0.8'));
      });
      expect(await eurOf(subject.rates)).to.equal('0.8');
    });

    it('refuses a replacement outside a unit of work', async () => {
      let caught: unknown;
      try {
        await subject.rates.replace(table('0.9'));
      } catch (err) {
        caught = err;
      }
      expect(String(caught)).to.match(/inside a unit of work/);
      expect(await subject.rates.current()).to.equal(null);
    });

    it('replace returns the table it replaced', async () => {
      expect(await subject.uow.run(() => subject.rates.replace(table('0.9')))).to.equal(null);
      const previous = await subject.uow.run(() => subject.rates.replace(table('0.8')));
      expect(previous?.rates.entries().find((e) => e.currency === 'EUR')?.rate).to.equal('0.9');
    });

    it('a replacement removes currencies the new table leaves out', async () => {
      await subject.uow.run(() =>
        subject.rates.replace({
          ...table('0.9'),
          rates: CurrencyRates.fromEntries([
            { currency: 'USD', rate: '1' },
            { currency: 'EUR', rate: '0.9' },
            { currency: 'JPY', rate: '150' },
          ]),
        }),
      );
      await subject.uow.run(() => subject.rates.replace(table('0.8')));
      expect((await subject.rates.current())?.rates.entries().map((e) => e.currency)).to.deep.equal(['USD', 'EUR']);
    });

    it('concurrent runs each commit whole: the table is one of them, never a mix, and none fails', async () => {
      const many = Array.from({ length: 8 }, (_, i) => i + 1);
      const tables = many.map((i) =>
        CurrencyRates.fromEntries([
          { currency: 'USD', rate: '1' },
          { currency: 'EUR', rate: `0.${i}` },
          { currency: 'GBP', rate: `0.${i}${i}` },
          ...(i % 2 ? [{ currency: 'JPY', rate: `15${i}` }] : []),
        ]),
      );
      const previous = await Promise.all(
        tables.map((rates, i) => subject.uow.run(() => subject.rates.replace({ rates, updatedAt: new Date(), source: `t${i}` }))),
      );
      const final = (await subject.rates.current())!;
      const index = Number(final.source.slice(1));
      expect(final.rates.entries()).to.deep.equal(tables[index]!.entries());
      // Serialised: exactly one replacement saw no table before it, and every other saw a whole earlier one.
      expect(previous.filter((p) => p === null)).to.have.length(1);
      for (const p of previous) if (p) expect(p.rates.entries()).to.deep.equal(tables[Number(p.source.slice(1))]!.entries());
    });

    if (name !== 'in memory') {
      it('reads through another adapter inside a run without waiting for another connection', async () => {
        const result = await Promise.race([
          subject.uow.run(async () => {
            await subject.rates.replace(table('0.9'));
            await subject.readElsewhere!();
            return 'finished';
          }),
          new Promise((resolve) => setTimeout(() => resolve('timed out'), 5_000)),
        ]);
        expect(result).to.equal('finished');
      });
    }
  });
}

/** One unit of work as the deletion guard (ADR 0060), holding accounts of `users`, and a repository written through it. */
interface GuardSubject {
  readonly uow: UnitOfWork & AccountGuard;
  readonly users: UserRepository;
  readonly rates: CurrencyRateRepository;
}

let guardSerial = 0;

/**
 * The `AccountGuard` contract, the same for both units of work: a run acting for a live account commits (nested runs
 * join it), one acting for a deleted account is refused before its work and writes nothing, one on nobody's behalf
 * is not held; on PostgreSQL, a run acting for an account waits for a deletion holding it and then refuses.
 */
function accountGuardContract(name: string, open: () => Promise<GuardSubject>): void {
  describe(`AccountGuard contract: ${name}`, () => {
    let subject: GuardSubject;
    const anAccount = (s: GuardSubject) => {
      const username = `guarded-${++guardSerial}-${Date.now()}`;
      return s.uow.run(() =>
        s.users.add({ username, realName: '', email: `${username}@x.test`, passwordHash: 'h', registeredAt: new Date(), homePage: '', location: '', profile: '', currency: 'USD' }),
      );
    };

    beforeEach(async () => {
      subject = await open();
    });

    it("holds a live account's run (nested runs joining it) and refuses a deleted account's before its work, nothing written", async () => {
      const { uow, users, rates } = subject;
      const live = await anAccount(subject);
      const nested = () =>
        uow.run(() =>
          uow.run(async () => {
            await rates.replace(table('0.8'));
            return 'held';
          }),
        );
      expect(await uow.actingFor(live.id, nested)).to.equal('held');
      const gone = await anAccount(subject);
      await uow.run(() => users.markDeleted(gone.id, new Date()));
      let worked = false;
      const refused = await uow
        .actingFor(gone.id, () =>
          uow.run(async () => {
            worked = true;
          }),
        )
        .catch((e: Error) => e);
      expect([(refused as Error).message, worked]).to.deep.equal([ACCOUNT_DELETED, false]);
      expect(await eurOf(rates)).to.equal('0.8');
      // On nobody's behalf, or outside any actingFor: not held.
      expect(await uow.actingFor(null, () => uow.actingFor(null, () => uow.run(async () => 'free')))).to.equal('free');
      expect(await uow.run(async () => 'free')).to.equal('free');
    });

    if (process.env.DATABASE_URL && name !== 'in memory') {
      it('a run acting for an account waits for a deletion that holds it, then refuses', async () => {
        const { uow, users } = subject;
        const account = await anAccount(subject);
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        let locked!: () => void;
        const lockTaken = new Promise<void>((resolve) => (locked = resolve));
        const deletion = uow.run(async () => {
          await users.lock([account.id], 'update');
          locked();
          await held;
          await users.markDeleted(account.id, new Date());
        });
        await lockTaken;
        const order: string[] = [];
        const write = uow
          .actingFor(account.id, () => uow.run(async () => order.push('written')))
          .catch((e: Error) => {
            order.push('refused');
            return e;
          });
        await new Promise((resolve) => setImmediate(resolve));
        order.push('deletion commits');
        release();
        await deletion;
        expect(((await write) as Error).message).to.equal(ACCOUNT_DELETED);
        expect(order).to.deep.equal(['deletion commits', 'refused']);
      });
    }
  });
}

accountGuardContract('in memory', async () => {
  const uow = new InMemoryUnitOfWork();
  const users = new InMemoryUserRepository(uow);
  uow.holdAccountsWith(holdAccount(users));
  return { uow, users, rates: new InMemoryCurrencyRateRepository(uow) };
});

unitOfWorkContract('in memory', async () => {
  const uow = new InMemoryUnitOfWork();
  return { subject: { uow, rates: new InMemoryCurrencyRateRepository(uow) }, close: async () => undefined };
});

describe('with the MikroORM adapters', () => {
  let db: Database;
  before(async () => {
    db = await openTestDatabase();
  });
  after(async () => {
    await db?.close();
  });

  const mikroOrm = (scoped: boolean) => async () => {
    await db.orm.em.fork().getConnection().execute('delete from currency_rate');
    const subject: Subject = {
      uow: new MikroOrmUnitOfWork(db.orm),
      rates: new MikroOrmCurrencyRateRepository(db.orm),
      readElsewhere: () => new MikroOrmCatalogueReader(db.orm).release(1),
    };
    if (!scoped) return { subject, close: async () => undefined };
    // The same contract holds inside a request scope (a forked entity manager per request).
    const scope = new MikroOrmRequestScope(db.orm);
    const inScope: Subject = {
      uow: { run: (work) => scope.run(() => subject.uow.run(work)) },
      rates: {
        current: () => scope.run(() => subject.rates.current()),
        replace: (t) => subject.rates.replace(t),
      },
      readElsewhere: subject.readElsewhere,
    };
    return { subject: inScope, close: async () => undefined };
  };

  unitOfWorkContract(`MikroORM on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, mikroOrm(false));
  unitOfWorkContract(`MikroORM on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, in a request scope`, mikroOrm(true));
  accountGuardContract(`MikroORM on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, async () => {
    await db.orm.em.fork().getConnection().execute('delete from currency_rate');
    const users = new MikroOrmUserRepository(db.orm);
    return { uow: new MikroOrmUnitOfWork(db.orm, undefined, holdAccount(users)), users, rates: new MikroOrmCurrencyRateRepository(db.orm) };
  });
});
