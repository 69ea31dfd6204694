import { expect } from 'chai';
import { CONTRIBUTION_SCHEMAS } from '../../../adapters/persistence/contributions/contribution-row.js';
import { CONTRIBUTION_MIGRATIONS } from '../../../adapters/persistence/contributions/migrations/index.js';
import { IDENTITY_SCHEMAS } from '../../../adapters/persistence/identity/identity-rows.js';
import { IDENTITY_MIGRATIONS } from '../../../adapters/persistence/identity/migrations/index.js';
import { migratedSchemaDiff } from '../../support/schema-diff.js';

describe('Contributions schema', function () {
  this.timeout(60_000);

  it('is what the contributions entity schema describes, once its migrations have run (no diff to generate)', async () => {
    // The history refers to users: identity's tables come first.
    const { applied, diff } = await migratedSchemaDiff({
      entities: [...IDENTITY_SCHEMAS, ...CONTRIBUTION_SCHEMAS],
      migrations: [...IDENTITY_MIGRATIONS, ...CONTRIBUTION_MIGRATIONS],
    });
    expect(applied).to.include.members(CONTRIBUTION_MIGRATIONS.map((m) => m.name));
    expect(diff).to.equal('');
  });
});
