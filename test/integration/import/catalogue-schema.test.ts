import { expect } from 'chai';
import { CATALOGUE_SCHEMAS } from '../../../adapters/persistence/catalogue/catalogue-rows.js';
import { CATALOGUE_MIGRATIONS } from '../../../adapters/persistence/catalogue/migrations/index.js';
import { migratedSchemaDiff } from '../../support/schema-diff.js';

describe('Catalogue schema', function () {
  this.timeout(60_000);

  it("is what the catalogue's entity schemas describe, once its migrations have run (no diff to generate)", async () => {
    const { applied, diff } = await migratedSchemaDiff({ entities: CATALOGUE_SCHEMAS, migrations: CATALOGUE_MIGRATIONS });
    expect(applied).to.deep.equal(CATALOGUE_MIGRATIONS.map((m) => m.name));
    expect(diff).to.equal('');
  });
});
