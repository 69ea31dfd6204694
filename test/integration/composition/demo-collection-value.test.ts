import { expect } from 'chai';
import type { Container } from 'inversify';
import type { Database } from '../../../adapters/persistence/database.js';
import type { Caller } from '../../../application/shared/caller.js';
import { collectionModule } from '../../../composition/collection/collection-module.js';
import { COLLECTION } from '../../../composition/collection/collection-tokens.js';
import { marketplaceModule } from '../../../composition/marketplace/marketplace-module.js';
import { aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, emptyIdentity } from '../../support/identity-fixtures.js';
import { emptyMarket } from '../../support/order-fixtures.js';
import { testContainer } from '../../support/test-app.js';
import { openTestDatabase } from '../../support/test-database.js';

describe('Demo data: the demo users\' collections have a value from the demo listings', function () {
  this.timeout(60_000);
  let db: Database;
  let container: Container;

  before(async () => {
    db = await openTestDatabase();
    container = testContainer(db);
    await emptyMarket(db);
    await emptyIdentity(db);
    await seedCatalogue(db, { releases: Array.from({ length: 12 }, (_, i) => aRelease(900 + i)) });
  });
  after(() => db.close());

  it('is more than nothing, lowest ≤ median ≤ highest, in each demo user\'s currency', async () => {
    const users = [await aUser(container, 'demo-seller'), await aUser(container, 'demo-buyer')];
    const log = () => undefined;
    await marketplaceModule.demo!(container, log);
    await collectionModule.demo!(container, log);
    for (const u of users) {
      const caller: Caller = { kind: 'user', userId: String(u.id), username: u.name, via: 'session' };
      const value = await container.get(COLLECTION.GetValue).execute({ name: u.name, caller });
      expect(value.minimum.isPositive(), u.name).to.equal(true);
      expect(value.median.compareTo(value.minimum), u.name).to.be.at.least(0);
      expect(value.maximum.compareTo(value.median), u.name).to.be.at.least(0);
    }
  });
});
