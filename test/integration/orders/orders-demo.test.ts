import { expect } from 'chai';
import type { Container } from 'inversify';
import type { Database } from '../../../adapters/persistence/database.js';
import { ordersModule } from '../../../composition/orders/orders-module.js';
import { ORDERS } from '../../../composition/orders/orders-tokens.js';
import { aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, emptyIdentity } from '../../support/identity-fixtures.js';
import { aListing, aSeller } from '../../support/order-fixtures.js';
import { testContainer } from '../../support/test-app.js';
import { openTestDatabase } from '../../support/test-database.js';

describe('Orders demo data', function () {
  this.timeout(60_000);
  let db: Database;
  let container: Container;

  before(async () => {
    db = await openTestDatabase();
    container = testContainer(db);
    await seedCatalogue(db, { releases: [aRelease(301), aRelease(302)] });
  });
  after(() => db.close());
  beforeEach(() => emptyIdentity(db));

  const demo = async (): Promise<string[]> => {
    const lines: string[] = [];
    await ordersModule.demo!(container, (line) => lines.push(line));
    return lines;
  };

  it("puts the demo seller's oldest listing for sale in the demo buyer's cart, once", async () => {
    const seller = await aUser(container, 'demo-seller');
    const buyer = await aUser(container, 'demo-buyer');
    await aSeller(container, seller.id);
    await aListing(container, seller.id, 301, '4', 'USD', { status: 'Draft' });
    const first = await aListing(container, seller.id, 301, '5');
    await aListing(container, seller.id, 302, '6');
    expect(await demo()).to.deep.equal([`orders: put demo-seller's listing ${first.id} in demo-buyer's cart`]);
    expect(await demo()).to.deep.equal(['orders: demo-buyer has a cart already; demo cart left out']);
    const items = await container.get(ORDERS.CartRepository).items(buyer.id);
    expect(items.map((i) => i.listingId)).to.deep.equal([first.id]);
  });

  it('leaves the cart out without demo users or listings', async () => {
    expect(await demo()).to.deep.equal(['orders: no demo users; demo cart left out']);
    await aUser(container, 'demo-seller');
    await aUser(container, 'demo-buyer');
    expect(await demo()).to.deep.equal(['orders: demo-seller has no listing for sale; demo cart left out']);
  });
});
