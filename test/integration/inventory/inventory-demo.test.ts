import { expect } from 'chai';
import type { Container } from 'inversify';
import type { Database } from '../../../adapters/persistence/database.js';
import { query } from '../../../adapters/persistence/mikro-orm-unit-of-work.js';
import { inventoryModule } from '../../../composition/inventory/inventory-module.js';
import { aUser, emptyIdentity } from '../../support/identity-fixtures.js';
import { testContainer } from '../../support/test-app.js';
import { openTestDatabase } from '../../support/test-database.js';

describe('Inventory demo data', function () {
  this.timeout(60_000);
  let db: Database;
  let container: Container;

  before(async () => {
    db = await openTestDatabase();
    container = testContainer(db);
  });
  after(() => db.close());
  beforeEach(async () => {
    await query(db.orm, 'delete from job');
    await emptyIdentity(db);
  });

  const demo = async (): Promise<string[]> => {
    const lines: string[] = [];
    await inventoryModule.demo!(container, (line) => lines.push(line));
    return lines;
  };

  it("asks for one export of the demo seller's inventory, once", async () => {
    const seller = await aUser(container, 'demo-seller');
    const [first] = await demo();
    expect(first).to.match(/^inventory: asked for an export of demo-seller's inventory \(export \d+; the job worker writes it\)$/);
    expect(await demo()).to.deep.equal(['inventory: demo-seller has an export already; demo export left out']);
    const rows = await query(db.orm, "select status, owner_id from job where kind = 'inventory-export'");
    expect(rows.map((r) => [r.status, Number(r.owner_id)])).to.deep.equal([['pending', seller.id]]);
  });

  it('leaves the export out without the demo seller', async () => {
    expect(await demo()).to.deep.equal(['inventory: no user demo-seller; demo export left out']);
  });
});
