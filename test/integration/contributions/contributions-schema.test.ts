import { expect } from 'chai';
import { CONTRIBUTION_SCHEMAS } from '../../../adapters/persistence/contributions/contribution-row.js';
import { CONTRIBUTION_MIGRATIONS } from '../../../adapters/persistence/contributions/migrations/index.js';
import { Database } from '../../../adapters/persistence/database.js';
import { IDENTITY_SCHEMAS } from '../../../adapters/persistence/identity/identity-rows.js';
import { IDENTITY_MIGRATIONS } from '../../../adapters/persistence/identity/migrations/index.js';

describe('Contributions schema', function () {
  this.timeout(60_000);

  it("is what the contributions entity schema describes, once its migrations have run (no diff to generate)", async () => {
    const url = process.env.DATABASE_URL;
    // The history refers to users: identity's tables come first.
    const schema = { entities: [...IDENTITY_SCHEMAS, ...CONTRIBUTION_SCHEMAS], migrations: [...IDENTITY_MIGRATIONS, ...CONTRIBUTION_MIGRATIONS] };
    const db = await Database.open(url ? { kind: 'server', url } : { kind: 'memory' }, schema);
    try {
      if (url) {
        const conn = db.orm.em.getConnection();
        await conn.execute('drop schema if exists public cascade');
        await conn.execute('create schema public');
      }
      expect(await db.migrate()).to.include.members(CONTRIBUTION_MIGRATIONS.map((m) => m.name));
      expect(await db.orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false })).to.equal('');
    } finally {
      await db.close();
    }
  });
});
