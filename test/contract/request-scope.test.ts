import { RequestContext } from '@mikro-orm/core';
import { expect } from 'chai';
import { MikroOrmRequestScope } from '../../adapters/persistence/mikro-orm-request-scope.js';
import type { Database } from '../../adapters/persistence/database.js';
import { currentEntityManager } from '../../adapters/persistence/mikro-orm-unit-of-work.js';
import { openTestDatabase } from '../support/test-database.js';

describe('MikroORM request scope', function () {
  this.timeout(60_000);
  let db: Database;

  before(async () => {
    db = await openTestDatabase();
  });
  after(() => db.close());

  it('gives each run its own entity manager, forked only when first asked for', async () => {
    const scope = new MikroOrmRequestScope(db.orm);
    const em = db.orm.em;
    const original = em.fork.bind(em);
    let forks = 0;
    em.fork = ((...args: Parameters<typeof em.fork>) => {
      forks++;
      return original(...args);
    }) as typeof em.fork;
    try {
      await scope.run(async () => {
        expect(RequestContext.currentRequestContext()).to.not.equal(undefined);
      });
      expect(forks, 'a run that never reaches the ORM').to.equal(0);

      const seen = await Promise.all(
        [1, 2].map(() =>
          scope.run(async () => {
            const first = currentEntityManager(db.orm);
            await new Promise((resolve) => setImmediate(resolve));
            expect(currentEntityManager(db.orm)).to.equal(first);
            expect(RequestContext.getEntityManager()).to.equal(first);
            expect(first).to.not.equal(em);
            await first.getConnection().execute('select 1');
            return first;
          }),
        ),
      );
      expect(seen[0]).to.not.equal(seen[1]);
      expect(forks).to.equal(2);
    } finally {
      em.fork = original;
    }
  });
});
