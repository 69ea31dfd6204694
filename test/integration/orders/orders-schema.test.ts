import { expect } from 'chai';
import { CATALOGUE_SCHEMAS } from '../../../adapters/persistence/catalogue/catalogue-rows.js';
import { CATALOGUE_MIGRATIONS } from '../../../adapters/persistence/catalogue/migrations/index.js';
import { IDENTITY_SCHEMAS } from '../../../adapters/persistence/identity/identity-rows.js';
import { IDENTITY_MIGRATIONS } from '../../../adapters/persistence/identity/migrations/index.js';
import { CurrencyRateSchema } from '../../../adapters/persistence/marketplace/currency-rate-row.js';
import { MARKETPLACE_SCHEMAS } from '../../../adapters/persistence/marketplace/marketplace-rows.js';
import { MARKETPLACE_MIGRATIONS } from '../../../adapters/persistence/marketplace/migrations/index.js';
import { ORDER_MIGRATIONS } from '../../../adapters/persistence/orders/migrations/index.js';
import { ORDER_SCHEMAS } from '../../../adapters/persistence/orders/order-rows.js';
import { migratedSchemaDiff } from '../../support/schema-diff.js';

describe('Orders schema', function () {
  this.timeout(60_000);

  it('is what the orders entity schemas describe, once its migrations have run (no diff to generate)', async () => {
    // Carts refer to listings (the marketplace's, with the catalogue's trigger target) and orders to users.
    const { applied, diff } = await migratedSchemaDiff({
      entities: [...IDENTITY_SCHEMAS, ...CATALOGUE_SCHEMAS, CurrencyRateSchema, ...MARKETPLACE_SCHEMAS, ...ORDER_SCHEMAS],
      migrations: [...IDENTITY_MIGRATIONS, ...CATALOGUE_MIGRATIONS, ...MARKETPLACE_MIGRATIONS, ...ORDER_MIGRATIONS],
    });
    expect(applied).to.include.members(ORDER_MIGRATIONS.map((m) => m.name));
    expect(diff).to.equal('');
  });
});
