import { expect } from 'chai';
import { InMemoryOrderStore } from '../../adapters/in-memory/in-memory-order-store.js';
import { InMemoryUnitOfWork } from '../../adapters/in-memory/in-memory-unit-of-work.js';
import type { Database } from '../../adapters/persistence/database.js';
import { MikroOrmUserRepository } from '../../adapters/persistence/identity/mikro-orm-identity-repositories.js';
import { SqlListingRepository } from '../../adapters/persistence/marketplace/sql-listing-repository.js';
import { MikroOrmUnitOfWork, query } from '../../adapters/persistence/mikro-orm-unit-of-work.js';
import { SqlCartRepository } from '../../adapters/persistence/orders/sql-cart-repository.js';
import { SqlOrderRepository } from '../../adapters/persistence/orders/sql-order-repository.js';
import type { CartContents } from '../../application/ports/cart-contents.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import { newListing } from '../../domain/marketplace/listing.js';
import { Money } from '../../domain/marketplace/money.js';
import type { CartRepository } from '../../domain/orders/cart-repository.js';
import type { Order } from '../../domain/orders/order.js';
import { orderId } from '../../domain/orders/order-id.js';
import type { OrderRepository } from '../../domain/orders/order-repository.js';
import { emptyIdentity } from '../support/identity-fixtures.js';
import { openTestDatabase } from '../support/test-database.js';

interface Subject {
  readonly uow: UnitOfWork;
  readonly carts: CartRepository & CartContents;
  readonly orders: OrderRepository;
  /** Three users who exist. */
  readonly users: readonly number[];
  /** Four listings that exist. */
  readonly listings: readonly number[];
}

const AT = (s: number) => new Date(Date.UTC(2026, 10, 23, 0, 0, s));

function anOrder(sellerId: number, number: number, buyerId: number, listings: readonly number[], more: Partial<Order> = {}): Order {
  return {
    id: orderId(sellerId, number),
    sellerId,
    number,
    buyerId,
    status: 'New Order',
    currency: 'EUR',
    items: listings.map((listingId, i) => ({
      listingId,
      releaseId: 500 + i,
      price: i === 0 ? Money.fromDecimal('12.34', 'EUR') : Money.fromDecimal('1500', 'JPY'),
      mediaCondition: 'Mint (M)',
      sleeveCondition: i === 0 ? null : 'Generic',
    })),
    total: Money.fromDecimal('21.34', 'EUR'),
    fee: Money.fromDecimal('1.71', 'EUR'),
    shipping: Money.zero('EUR'),
    shippingAddress: 'Line 1\nLine 2',
    additionalInstructions: 'Careful.',
    created: AT(1),
    lastActivity: AT(1),
    archived: false,
    version: 1,
    ...more,
  };
}

function contract(name: string, open: () => Promise<Subject>): void {
  describe(`Cart and order repository contract: ${name}`, function () {
    this.timeout(60_000);
    let s: Subject;
    beforeEach(async () => (s = await open()));

    it('keeps a listing in a cart once, oldest first, and takes it out again', async () => {
      const [u, v] = s.users as [number, number];
      const [a, b, c] = s.listings as [number, number, number];
      expect(await s.carts.items(u)).to.deep.equal([]);
      expect(await s.uow.run(() => s.carts.add({ userId: u, listingId: b, addedAt: AT(2) }))).to.equal(true);
      expect(await s.uow.run(() => s.carts.add({ userId: u, listingId: a, addedAt: AT(3) }))).to.equal(true);
      expect(await s.uow.run(() => s.carts.add({ userId: u, listingId: c, addedAt: AT(2) }))).to.equal(true);
      expect(await s.uow.run(() => s.carts.add({ userId: u, listingId: b, addedAt: AT(9) })), 'twice').to.equal(false);
      expect(await s.uow.run(() => s.carts.add({ userId: v, listingId: b, addedAt: AT(4) }))).to.equal(true);
      const mine = await s.carts.items(u);
      expect(mine.map((i) => [i.userId, i.listingId, i.addedAt.getTime()])).to.deep.equal([
        [u, Math.min(b, c), AT(2).getTime()],
        [u, Math.max(b, c), AT(2).getTime()],
        [u, a, AT(3).getTime()],
      ]);
      expect(await s.carts.count(u)).to.equal(3);
      expect(await s.carts.inCart(u, [a, 999999, -1])).to.deep.equal(new Set([a]));
      expect(await s.carts.inCart(u, [])).to.deep.equal(new Set());
      expect(await s.uow.run(() => s.carts.remove(u, a))).to.equal(true);
      expect(await s.uow.run(() => s.carts.remove(u, a))).to.equal(false);
      expect(await s.uow.run(() => s.carts.remove(u, 0))).to.equal(false);
      await s.uow.run(() => s.carts.removeAll(u, [b, c, 999999]));
      expect(await s.carts.count(u)).to.equal(0);
      expect(await s.carts.count(v), "another user's cart").to.equal(1);
    });

    it("numbers each seller's orders from 1 on, separately, and takes a number back with a failed unit of work", async () => {
      const [u, v] = s.users as [number, number];
      expect(await s.uow.run(() => s.orders.nextNumber(u))).to.equal(1);
      expect(await s.uow.run(() => s.orders.nextNumber(u))).to.equal(2);
      expect(await s.uow.run(() => s.orders.nextNumber(v))).to.equal(1);
      await s.uow
        .run(async () => {
          expect(await s.orders.nextNumber(u)).to.equal(3);
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      expect(await s.uow.run(() => s.orders.nextNumber(u))).to.equal(3);
    });

    it('stores an order with its items and money exactly, and refuses a second order with its id', async () => {
      const [u, v] = s.users as [number, number];
      const [a, b] = s.listings as [number, number];
      const order = anOrder(u, 1, v, [a, b]);
      await s.uow.run(() => s.orders.add(order));
      const stored = (await s.orders.byId(order.id))!;
      expect(stored.total.equals(order.total) && stored.fee.equals(order.fee) && stored.shipping.equals(order.shipping)).to.equal(true);
      expect(stored.items.map((i) => [i.listingId, i.releaseId, i.price.toString(), i.mediaCondition, i.sleeveCondition])).to.deep.equal([
        [a, 500, '12.34 EUR', 'Mint (M)', null],
        [b, 501, '1500 JPY', 'Mint (M)', 'Generic'],
      ]);
      const { items: _i, total: _t, fee: _f, shipping: _s, ...rest } = stored;
      const { items: _i2, total: _t2, fee: _f2, shipping: _s2, ...expected } = order;
      expect(rest).to.deep.equal(expected);
      let refused = false;
      await s.uow.run(() => s.orders.add(anOrder(u, 1, v, [b]))).catch(() => (refused = true));
      expect(refused).to.equal(true);
      expect((await s.orders.byId(order.id))!.items).to.have.length(2);
      expect(await s.orders.byId(`${u}-99`)).to.equal(null);
      for (const bad of ['', 'x', '1-', '01-1', '1-1-1', '99999999999-1']) expect(await s.orders.byId(bad), bad).to.equal(null);
    });

    it('saves a change over the version it was read at only', async () => {
      const [u, v] = s.users as [number, number];
      const [a] = s.listings as [number];
      await s.uow.run(() => s.orders.add(anOrder(u, 1, v, [a])));
      const read = (await s.orders.byId(`${u}-1`))!;
      const changed = { ...read, status: 'Invoice Sent' as const, shipping: Money.fromDecimal('4.5', 'EUR'), lastActivity: AT(5), archived: true };
      expect(await s.uow.run(() => s.orders.save(changed))).to.equal(true);
      expect(await s.uow.run(() => s.orders.save({ ...read, status: 'Shipped' })), 'a stale version').to.equal(false);
      const stored = (await s.orders.byId(`${u}-1`))!;
      expect([stored.status, stored.shipping.toString(), stored.archived, stored.lastActivity.getTime(), stored.version]).to.deep.equal([
        'Invoice Sent',
        '4.50 EUR',
        true,
        AT(5).getTime(),
        2,
      ]);
      expect(await s.uow.run(() => s.orders.save({ ...stored, id: `${u}-2` })), 'no such order').to.equal(false);
    });
  });
}

contract('in memory', async () => {
  const uow = new InMemoryUnitOfWork();
  const store = new InMemoryOrderStore(uow);
  return { uow, carts: store.carts, orders: store.orders, users: [1, 2, 3], listings: [11, 12, 13, 14] };
});

describe('with the SQL adapters', () => {
  let db: Database;
  before(async () => {
    db = await openTestDatabase();
  });
  after(() => db.close());

  contract(`SQL on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, async () => {
    // Removing the users removes their listings, carts and orders.
    await emptyIdentity(db);
    await query(db.orm, 'delete from seller_order_sequence');
    const uow = new MikroOrmUnitOfWork(db.orm);
    const users = new MikroOrmUserRepository(db.orm);
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      const name = `buyer-${n}`;
      const user = await uow.run(() =>
        users.add({ username: name, realName: '', email: `${name}@example.com`, passwordHash: 'x', registeredAt: AT(0), homePage: '', location: '', profile: '', currency: 'USD' }),
      );
      ids.push(user.id);
    }
    const listings = new SqlListingRepository(db.orm);
    const listingIds: number[] = [];
    for (const release of [1, 2, 3, 4]) {
      const l = await uow.run(() => listings.add(newListing(ids[2]!, { releaseId: release, condition: 'Mint (M)', price: Money.fromDecimal('5', 'USD') }, AT(0))));
      listingIds.push(l.id);
    }
    return { uow, carts: new SqlCartRepository(db.orm), orders: new SqlOrderRepository(db.orm), users: ids, listings: listingIds };
  });
});
