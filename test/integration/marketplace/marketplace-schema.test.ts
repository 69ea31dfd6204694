import { expect } from 'chai';
import { CATALOGUE_SCHEMAS } from '../../../adapters/persistence/catalogue/catalogue-rows.js';
import { CATALOGUE_MIGRATIONS } from '../../../adapters/persistence/catalogue/migrations/index.js';
import { IDENTITY_SCHEMAS } from '../../../adapters/persistence/identity/identity-rows.js';
import { IDENTITY_MIGRATIONS } from '../../../adapters/persistence/identity/migrations/index.js';
import { CurrencyRateSchema } from '../../../adapters/persistence/marketplace/currency-rate-row.js';
import { MARKETPLACE_SCHEMAS } from '../../../adapters/persistence/marketplace/marketplace-rows.js';
import { MARKETPLACE_MIGRATIONS } from '../../../adapters/persistence/marketplace/migrations/index.js';
import { migratedSchemaDiff } from '../../support/schema-diff.js';

describe('Marketplace schema', function () {
  this.timeout(60_000);

  it('is what the marketplace entity schemas describe, once its migrations have run (no diff to generate)', async () => {
    // Listings refer to users, and their trigger keeps the release rows' figures: identity's and the catalogue's tables too.
    const { applied, diff } = await migratedSchemaDiff({
      entities: [...IDENTITY_SCHEMAS, ...CATALOGUE_SCHEMAS, CurrencyRateSchema, ...MARKETPLACE_SCHEMAS],
      migrations: [...IDENTITY_MIGRATIONS, ...CATALOGUE_MIGRATIONS, ...MARKETPLACE_MIGRATIONS],
    });
    expect(applied).to.include.members(MARKETPLACE_MIGRATIONS.map((m) => m.name));
    expect(diff).to.equal('');
  });
});
