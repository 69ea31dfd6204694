import { expect } from 'chai';
import { IDENTITY_SCHEMAS } from '../../../adapters/persistence/identity/identity-rows.js';
import { IDENTITY_MIGRATIONS } from '../../../adapters/persistence/identity/migrations/index.js';
import { JOB_SCHEMAS } from '../../../adapters/persistence/jobs/job-rows.js';
import { JOB_MIGRATIONS } from '../../../adapters/persistence/jobs/migrations/index.js';
import { migratedSchemaDiff } from '../../support/schema-diff.js';

describe('Jobs schema', function () {
  this.timeout(60_000);

  it('is what the jobs entity schemas describe, once its migrations have run (no diff to generate)', async () => {
    // Jobs belong to users (identity's), or to nobody.
    const { applied, diff } = await migratedSchemaDiff({
      entities: [...IDENTITY_SCHEMAS, ...JOB_SCHEMAS],
      migrations: [...IDENTITY_MIGRATIONS, ...JOB_MIGRATIONS],
    });
    expect(applied).to.include.members(JOB_MIGRATIONS.map((m) => m.name));
    expect(diff).to.equal('');
  });
});
