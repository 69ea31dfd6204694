import { expect } from 'chai';
import { InMemorySellerRepository } from '../../adapters/in-memory/in-memory-seller-repository.js';
import { InMemoryUnitOfWork } from '../../adapters/in-memory/in-memory-unit-of-work.js';
import type { Database } from '../../adapters/persistence/database.js';
import { MikroOrmSellerRepository } from '../../adapters/persistence/marketplace/mikro-orm-seller-repository.js';
import { MikroOrmUnitOfWork } from '../../adapters/persistence/mikro-orm-unit-of-work.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import type { SellerRepository } from '../../domain/marketplace/seller-repository.js';
import { Money } from '../../domain/marketplace/money.js';
import { NO_SELLER_AMOUNTS } from '../../domain/marketplace/seller.js';
import { shippingRates } from '../../domain/marketplace/shipping-rates.js';
import { storedUsers } from '../support/identity-fixtures.js';
import { openTestDatabase } from '../support/test-database.js';

interface Subject {
  readonly uow: UnitOfWork;
  readonly sellers: SellerRepository;
  /** Two users who exist. */
  readonly users: readonly [number, number];
}

const AT = (s: number) => new Date(Date.UTC(2026, 10, 23, 0, 0, s));

function contract(name: string, open: () => Promise<Subject>): void {
  describe(`Seller repository contract: ${name}`, function () {
    this.timeout(60_000);
    let s: Subject;
    beforeEach(async () => (s = await open()));

    it('keeps one settings row per user: a second put replaces the first, other users untouched', async () => {
      const [u, v] = s.users;
      expect(await s.sellers.settingsOf(u)).to.equal(null);
      await s.uow.run(() => s.sellers.put({ userId: u, paymentTerms: 'Cash', shippingTerms: 'Post', ...NO_SELLER_AMOUNTS, updatedAt: AT(1) }));
      await s.uow.run(() => s.sellers.put({ userId: v, paymentTerms: '', shippingTerms: 'Pick-up [b]only[/b]', ...NO_SELLER_AMOUNTS, updatedAt: AT(2) }));
      await s.uow.run(() => s.sellers.put({ userId: u, paymentTerms: 'PayPal\nor cash', shippingTerms: 'Post', ...NO_SELLER_AMOUNTS, updatedAt: AT(3) }));
      expect(await s.sellers.settingsOf(u)).to.deep.equal({ userId: u, paymentTerms: 'PayPal\nor cash', shippingTerms: 'Post', ...NO_SELLER_AMOUNTS, updatedAt: AT(3) });
      expect(await s.sellers.settingsOf(v)).to.deep.equal({ userId: v, paymentTerms: '', shippingTerms: 'Pick-up [b]only[/b]', ...NO_SELLER_AMOUNTS, updatedAt: AT(2) });
    });

    it('keeps the shipping price by destination and the minimum order, in their currency, destinations in order', async () => {
      const [u, v] = s.users;
      const amounts = { shippingRates: shippingRates({ GB: 2.5, default: 10, europe: '7.505', north_america: 0 }, 'GBP'), minOrderTotal: Money.fromDecimal('5', 'GBP') };
      await s.uow.run(() => s.sellers.put({ userId: u, paymentTerms: 'Cash', shippingTerms: 'Post', ...amounts, updatedAt: AT(1) }));
      const stored = (await s.sellers.settingsOf(u))!;
      expect(stored.shippingRates?.currency).to.equal('GBP');
      expect([...stored.shippingRates!.amounts]).to.deep.equal([['default', 1000n], ['europe', 751n], ['north_america', 0n], ['GB', 250n]]);
      expect(stored.minOrderTotal?.toString()).to.equal('5.00 GBP');
      await s.uow.run(() => s.sellers.put({ ...stored, ...NO_SELLER_AMOUNTS, updatedAt: AT(2) }));
      expect(await s.sellers.settingsOf(u)).to.deep.include({ shippingRates: null, minOrderTotal: null });
      await s.uow.run(() => s.sellers.put({ userId: v, paymentTerms: '', shippingTerms: '', shippingRates: shippingRates(1000, 'JPY'), minOrderTotal: null, updatedAt: AT(3) }));
      expect([...(await s.sellers.settingsOf(v))!.shippingRates!.amounts]).to.deep.equal([['default', 1000n]]);
    });

    it('forgets a put whose unit of work fails', async () => {
      const [u] = s.users;
      await s.uow.run(() => s.sellers.put({ userId: u, paymentTerms: 'Cash', shippingTerms: 'Post', ...NO_SELLER_AMOUNTS, updatedAt: AT(1) }));
      const failed = await s.uow
        .run(async () => {
          await s.sellers.put({ userId: u, paymentTerms: 'Changed', shippingTerms: 'Changed', ...NO_SELLER_AMOUNTS, updatedAt: AT(2) });
          throw new Error('rolled back');
        })
        .catch((err: Error) => err.message);
      expect(failed).to.equal('rolled back');
      expect((await s.sellers.settingsOf(u))?.paymentTerms).to.equal('Cash');
    });
  });
}

contract('in memory', async () => {
  const uow = new InMemoryUnitOfWork();
  return { uow, sellers: new InMemorySellerRepository(uow), users: [1, 2] };
});

describe('with the SQL adapter', () => {
  let db: Database;
  before(async () => (db = await openTestDatabase()));
  after(() => db.close());

  contract(`SQL on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, async () => {
    // Removing the users removes their settings (the foreign key cascades).
    const ids = await storedUsers(db, ['seller-a', 'seller-b']);
    const uow = new MikroOrmUnitOfWork(db.orm);
    return { uow, sellers: new MikroOrmSellerRepository(db.orm), users: [ids[0]!, ids[1]!] };
  });
});
