import { expect } from 'chai';
import { Database } from '../../../adapters/persistence/database.js';
import { CATALOGUE_SCHEMAS } from '../../../adapters/persistence/catalogue/catalogue-rows.js';
import { CATALOGUE_MIGRATIONS } from '../../../adapters/persistence/catalogue/migrations/index.js';
import { IDENTITY_SCHEMAS } from '../../../adapters/persistence/identity/identity-rows.js';
import { IDENTITY_MIGRATIONS } from '../../../adapters/persistence/identity/migrations/index.js';
import { CurrencyRateSchema } from '../../../adapters/persistence/marketplace/currency-rate-row.js';
import { MARKETPLACE_SCHEMAS } from '../../../adapters/persistence/marketplace/marketplace-rows.js';
import { MARKETPLACE_MIGRATIONS } from '../../../adapters/persistence/marketplace/migrations/index.js';
import { query } from '../../../adapters/persistence/mikro-orm-unit-of-work.js';
import { ORDER_MIGRATIONS } from '../../../adapters/persistence/orders/migrations/index.js';
import { ORDER_SCHEMAS } from '../../../adapters/persistence/orders/order-rows.js';
import { MikroOrmOrderRepository } from '../../../adapters/persistence/orders/mikro-orm-order-repository.js';

/*
 * Orders stored before an order's total held its shipping read right after the migration that adds it: once, to the
 * orders that had shipping, and the amounts check then refuses a total below its shipping. On the embedded database,
 * or on the PostgreSQL server of DATABASE_URL (its public schema dropped and made again).
 */
describe('Orders stored before totals held shipping', function () {
  this.timeout(60_000);
  const BEFORE = 'Migration20261123022523_orders_lifecycle';
  const MIGRATION = 'Migration20261128033000_order_total_with_shipping';
  let db: Database;

  before(async () => {
    const url = process.env.DATABASE_URL;
    db = await Database.open(url ? { kind: 'server', url } : { kind: 'memory' }, {
      entities: [...IDENTITY_SCHEMAS, ...CATALOGUE_SCHEMAS, CurrencyRateSchema, ...MARKETPLACE_SCHEMAS, ...ORDER_SCHEMAS],
      migrations: [...IDENTITY_MIGRATIONS, ...CATALOGUE_MIGRATIONS, ...MARKETPLACE_MIGRATIONS, ...ORDER_MIGRATIONS],
    });
    if (url) {
      const conn = db.orm.em.getConnection();
      await conn.execute('drop schema if exists public cascade');
      await conn.execute('create schema public');
    }
  });
  after(() => db?.close());

  const sql = (text: string, params: unknown[] = []) => query(db.orm, text, params);
  const repo = () => new MikroOrmOrderRepository(db.orm);
  const read = (id: string) => repo().byId(id);

  it('adds each stored order\'s shipping to its total once, and keeps the fee on the items', async () => {
    const migrator = db.orm.getMigrator();
    await migrator.up({ to: BEFORE });
    expect((await migrator.getPendingMigrations()).map((m) => m.name)).to.include(MIGRATION);
    const at = new Date('2026-11-01T00:00:00Z');
    for (const [id, name] of [[1, 'seller'], [2, 'buyer']] as const) {
      await sql(
        `insert into app_user (id, username, login_key, email, email_key, password_hash, registered_at) values (?, ?, ?, ?, ?, 'x', ?)`,
        [id, name, name, `${name}@example.com`, `${name}@example.com`, at],
      );
    }
    // As the code before stored them: the total the items alone, whatever the shipping.
    const orders: Array<[string, number, string, string, string]> = [
      ['1-1', 1, 'New Order', '4200', '0'], // no shipping yet
      ['1-2', 2, 'Invoice Sent', '4200', '500'], // the Discogs docs' example: 42 and 5 shipping
      ['1-3', 3, 'Shipped', '1000', '250'],
    ];
    for (const [id, number, status, total, shipping] of orders) {
      await sql(
        `insert into market_order (id, seller_id, number, buyer_id, status, currency, total_minor, fee_minor, shipping_minor, shipping_address, created, last_activity)
         values (?, 1, ?, 2, ?, 'USD', ?, 252, ?, 'Here', ?, ?)`,
        [id, number, status, total, shipping, at, at],
      );
      await sql(
        `insert into market_order_item (order_id, listing_id, position, release_id, price_minor, currency, media_condition) values (?, ?, 0, 1, ?, 'USD', 'Mint (M)')`,
        [id, number, total],
      );
    }

    expect((await migrator.up()).map((m) => m.name)).to.include(MIGRATION);
    const after = await Promise.all(['1-1', '1-2', '1-3'].map(read));
    expect(after.map((o) => [o!.id, o!.total.toDecimalString(), o!.shipping.toDecimalString(), o!.fee.toDecimalString()])).to.deep.equal([
      ['1-1', '42.00', '0.00', '2.52'],
      ['1-2', '47.00', '5.00', '2.52'],
      ['1-3', '12.50', '2.50', '2.52'],
    ]);
    expect(await migrator.getPendingMigrations()).to.deep.equal([]);
    // Run once: nothing pending, nothing added again.
    await migrator.up();
    expect((await read('1-2'))!.total.toDecimalString()).to.equal('47.00');
  });

  it('refuses a total below its shipping from then on', async () => {
    let refused: unknown = null;
    try {
      await sql(`update market_order set total_minor = 100 where id = '1-2'`);
    } catch (err) {
      refused = err;
    }
    expect(String(refused)).to.contain('market_order_amounts_check');
    expect((await read('1-2'))!.total.toDecimalString()).to.equal('47.00');
  });

  it('takes the shipping off again when migrated down', async () => {
    await db.orm.getMigrator().down({ to: BEFORE });
    const [row] = await sql(`select total_minor from market_order where id = '1-2'`);
    expect(String(row!.total_minor)).to.equal('4200');
    await db.orm.getMigrator().up();
    expect((await read('1-2'))!.total.toDecimalString()).to.equal('47.00');
  });
});
