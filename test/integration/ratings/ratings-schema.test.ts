import { expect } from 'chai';
import { CATALOGUE_SCHEMAS } from '../../../adapters/persistence/catalogue/catalogue-rows.js';
import { CATALOGUE_MIGRATIONS } from '../../../adapters/persistence/catalogue/migrations/index.js';
import { IDENTITY_SCHEMAS } from '../../../adapters/persistence/identity/identity-rows.js';
import { IDENTITY_MIGRATIONS } from '../../../adapters/persistence/identity/migrations/index.js';
import { RATING_MIGRATIONS } from '../../../adapters/persistence/ratings/migrations/index.js';
import { RATING_SCHEMAS } from '../../../adapters/persistence/ratings/rating-rows.js';
import { migratedSchemaDiff } from '../../support/schema-diff.js';

describe('Ratings schema', function () {
  this.timeout(60_000);

  it('is what the ratings entity schema describes, once its migrations have run (no diff to generate)', async () => {
    // Ratings refer to users, and their triggers keep the release rows' totals: identity's and the catalogue's tables too.
    const { applied, diff } = await migratedSchemaDiff({
      entities: [...IDENTITY_SCHEMAS, ...CATALOGUE_SCHEMAS, ...RATING_SCHEMAS],
      migrations: [...IDENTITY_MIGRATIONS, ...CATALOGUE_MIGRATIONS, ...RATING_MIGRATIONS],
    });
    expect(applied).to.include.members(RATING_MIGRATIONS.map((m) => m.name));
    expect(diff).to.equal('');
  });
});
