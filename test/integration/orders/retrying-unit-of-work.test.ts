import { expect } from 'chai';
import type { Database } from '../../../adapters/persistence/database.js';
import { MikroOrmUnitOfWork, query } from '../../../adapters/persistence/mikro-orm-unit-of-work.js';
import { RetryingUnitOfWork } from '../../../adapters/persistence/orders/retrying-unit-of-work.js';
import { openTestDatabase } from '../../support/test-database.js';

/*
 * The retrying unit of work against a deadlock PostgreSQL really reports (not a made-up exception): two transactions
 * that update two rows in opposite orders, each waiting for the other once it holds its first row. The server gives
 * one of them up; it must be run again, and then both commit. The repositories' SQL goes through `query`, which
 * reaches the driver directly, so the error is the driver's (SQLSTATE 40P01), not MikroORM's DeadlockException.
 * PostgreSQL only: the embedded database runs one transaction at a time.
 */
describe('RetryingUnitOfWork on a real deadlock', function () {
  this.timeout(60_000);
  let db: Database;

  before(async function () {
    if (!process.env.DATABASE_URL) {
      console.log('      (the embedded database runs one transaction at a time: a deadlock needs a PostgreSQL server, DATABASE_URL)');
      return this.skip();
    }
    db = await openTestDatabase();
    await query(db.orm, 'create table deadlock_probe (id int primary key, n int not null)');
    await query(db.orm, 'insert into deadlock_probe values (1, 0), (2, 0)');
  });
  after(async () => {
    await db?.close();
  });

  it('runs the transaction the server gave up again, and both commit', async () => {
    const uow = new RetryingUnitOfWork(db.orm, new MikroOrmUnitOfWork(db.orm), 4);
    let attempts = 0;
    let holding = 0;
    let bothHold!: () => void;
    const held = new Promise<void>((resolve) => (bothHold = resolve));
    const cross = (first: number, second: number) =>
      uow.run(async () => {
        const attempt = ++attempts;
        await query(db.orm, 'update deadlock_probe set n = n + 1 where id = ?', [first]);
        // The first attempt of each waits until both hold their first row; a retry goes straight on.
        if (attempt <= 2) {
          if (++holding === 2) bothHold();
          await held;
        }
        await query(db.orm, 'update deadlock_probe set n = n + 1 where id = ?', [second]);
      });

    await Promise.all([cross(1, 2), cross(2, 1)]);

    // One of the two is given up and run again (a third attempt). The retry may meet the other again: the victim's
    // locks are released only when its rollback ends, and if the retry takes the freed row before the survivor does,
    // the two cross once more and the server gives one up again (seen under load). Each run has four attempts; what
    // must hold is that a deadlock was retried and that both transactions committed, each exactly once.
    expect(attempts, 'one of the two run again').to.be.within(3, 8);
    const rows = await query(db.orm, 'select n from deadlock_probe order by id');
    expect(rows.map((r) => Number(r.n))).to.deep.equal([2, 2]);
  });
});
