import path from 'node:path';
import { expect } from 'chai';
import { FILL_VERSION_FACETS } from '../../../adapters/persistence/catalogue/migrations/Migration20261128031000_version_facets.js';
import type { Database } from '../../../adapters/persistence/database.js';
import { runImport } from '../../support/catalogue-import.js';
import { demo } from '../../support/dump-fixtures.js';
import { openTestDatabase } from '../../support/test-database.js';
import { emptyCatalogue, sql, unpackStoredTemplates } from './import-support.js';

const SAMPLES = '/work/shared/data/discogs-dumps';

/**
 * Versions stored before the import wrote their facet values, and templates stored before the people slot, get them by
 * migration: what the migrations' SQL makes of the stored rows is what the import writes (the domain's rules).
 */
describe('Migrations of stored releases: version facets and the people slot', function () {
  this.timeout(120_000);
  let db: Database;

  before(async () => {
    db = await openTestDatabase();
    await emptyCatalogue(db);
    const files = [demo('releases'), path.join(SAMPLES, 'discogs_20200806_releases.xml.gz')];
    await runImport(db, files, { progress: 'none', force: true });
    // These migrations ran on catalogues whose templates were text (before ADR 0066 packed them).
    await unpackStoredTemplates(db);
  });
  after(() => db.close());

  it('fills version_formats and version_labels from the templates exactly as the import wrote them', async () => {
    const written = await sql(db, 'select id, version_formats, version_labels from release where master_id is not null order by id');
    expect(written.length).to.be.above(100);
    await sql(db, 'update release set version_formats = null, version_labels = null');
    await sql(db, FILL_VERSION_FACETS);
    const filled = await sql(db, 'select id, version_formats, version_labels from release where master_id is not null order by id');
    expect(filled).to.deep.equal(written);
    expect(await sql(db, 'select count(*)::int as n from release where master_id is null and version_formats is not null')).to.deep.equal([{ n: 0 }]);
  });

  it('finds the people slot in every template the import wrote', async () => {
    const [{ n }] = await sql<{ n: number }>(db, `select count(*)::int as n from release where document not like '%' || chr(1) || 'U,"data_quality"%'`);
    expect(n).to.equal(0);
  });
});
