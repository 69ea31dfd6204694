import { expect } from 'chai';
import { EVENT_SCHEMAS } from '../../../adapters/persistence/events/event-rows.js';
import { EVENT_MIGRATIONS } from '../../../adapters/persistence/events/migrations/index.js';
import { IDENTITY_SCHEMAS } from '../../../adapters/persistence/identity/identity-rows.js';
import { IDENTITY_MIGRATIONS } from '../../../adapters/persistence/identity/migrations/index.js';
import { migratedSchemaDiff } from '../../support/schema-diff.js';

describe('Events schema', function () {
  this.timeout(60_000);

  it('is what the events entity schema describes, once its migrations have run (no diff to generate)', async () => {
    // Events concern users (identity's).
    const { applied, diff } = await migratedSchemaDiff({
      entities: [...IDENTITY_SCHEMAS, ...EVENT_SCHEMAS],
      migrations: [...IDENTITY_MIGRATIONS, ...EVENT_MIGRATIONS],
    });
    expect(applied).to.include.members(EVENT_MIGRATIONS.map((m) => m.name));
    expect(diff).to.equal('');
  });
});
