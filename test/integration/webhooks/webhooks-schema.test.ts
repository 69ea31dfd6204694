import { expect } from 'chai';
import { IDENTITY_SCHEMAS } from '../../../adapters/persistence/identity/identity-rows.js';
import { IDENTITY_MIGRATIONS } from '../../../adapters/persistence/identity/migrations/index.js';
import { WEBHOOK_MIGRATIONS } from '../../../adapters/persistence/webhooks/migrations/index.js';
import { WEBHOOK_SCHEMAS } from '../../../adapters/persistence/webhooks/webhook-rows.js';
import { migratedSchemaDiff } from '../../support/schema-diff.js';

describe('Webhooks schema', function () {
  this.timeout(60_000);

  it('is what the webhooks entity schemas describe, once its migrations have run (no diff to generate)', async () => {
    // Subscriptions belong to users and, when an application made them, to it (identity's).
    const { applied, diff } = await migratedSchemaDiff({
      entities: [...IDENTITY_SCHEMAS, ...WEBHOOK_SCHEMAS],
      migrations: [...IDENTITY_MIGRATIONS, ...WEBHOOK_MIGRATIONS],
    });
    expect(applied).to.include.members(WEBHOOK_MIGRATIONS.map((m) => m.name));
    expect(diff).to.equal('');
  });
});
