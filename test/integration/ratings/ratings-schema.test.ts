import { expect } from 'chai';
import { CATALOGUE_SCHEMAS } from '../../../adapters/persistence/catalogue/catalogue-rows.js';
import { CATALOGUE_MIGRATIONS } from '../../../adapters/persistence/catalogue/migrations/index.js';
import { Database } from '../../../adapters/persistence/database.js';
import { IDENTITY_SCHEMAS } from '../../../adapters/persistence/identity/identity-rows.js';
import { IDENTITY_MIGRATIONS } from '../../../adapters/persistence/identity/migrations/index.js';
import { RATING_MIGRATIONS } from '../../../adapters/persistence/ratings/migrations/index.js';
import { RATING_SCHEMAS } from '../../../adapters/persistence/ratings/rating-rows.js';

describe('Ratings schema', function () {
  this.timeout(60_000);

  it('is what the ratings entity schema describes, once its migrations have run (no diff to generate)', async () => {
    const url = process.env.DATABASE_URL;
    // Ratings refer to users, and their triggers keep the release rows' totals: identity's and the catalogue's tables too.
    const schema = {
      entities: [...IDENTITY_SCHEMAS, ...CATALOGUE_SCHEMAS, ...RATING_SCHEMAS],
      migrations: [...IDENTITY_MIGRATIONS, ...CATALOGUE_MIGRATIONS, ...RATING_MIGRATIONS],
    };
    const db = await Database.open(url ? { kind: 'server', url } : { kind: 'memory' }, schema);
    try {
      if (url) {
        const conn = db.orm.em.getConnection();
        await conn.execute('drop schema if exists public cascade');
        await conn.execute('create schema public');
      }
      expect(await db.migrate()).to.include.members(RATING_MIGRATIONS.map((m) => m.name));
      expect(await db.orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false })).to.equal('');
    } finally {
      await db.close();
    }
  });
});
