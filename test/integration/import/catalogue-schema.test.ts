import { expect } from 'chai';
import { CATALOGUE_SCHEMAS } from '../../../adapters/persistence/catalogue/catalogue-rows.js';
import { CATALOGUE_MIGRATIONS } from '../../../adapters/persistence/catalogue/migrations/index.js';
import { Database } from '../../../adapters/persistence/database.js';

describe('Catalogue schema', function () {
  this.timeout(60_000);

  it("is what the catalogue's entity schemas describe, once its migrations have run (no diff to generate)", async () => {
    const url = process.env.DATABASE_URL;
    const schema = { entities: CATALOGUE_SCHEMAS, migrations: CATALOGUE_MIGRATIONS };
    const db = await Database.open(url ? { kind: 'server', url } : { kind: 'memory' }, schema);
    try {
      if (url) {
        const conn = db.orm.em.getConnection();
        await conn.execute('drop schema if exists public cascade');
        await conn.execute('create schema public');
      }
      expect(await db.migrate()).to.deep.equal(CATALOGUE_MIGRATIONS.map((m) => m.name));
      expect(await db.orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false })).to.equal('');
    } finally {
      await db.close();
    }
  });
});
