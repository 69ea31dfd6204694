import { expect } from 'chai';
import { MikroOrmCatalogueReader } from '../../../adapters/persistence/catalogue/mikro-orm-catalogue-reader.js';
import type { Database } from '../../../adapters/persistence/database.js';
import {
  aCredit,
  aLabel,
  aMaster,
  anArtist,
  aRelease,
  aTrack,
  onLabel,
} from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { openTestDatabase } from '../../support/test-database.js';
import { emptyCatalogue, sql } from './import-support.js';

describe('Test data: seedCatalogue puts built records into the database', function () {
  this.timeout(60_000);
  let db: Database;
  let reader: MikroOrmCatalogueReader;

  before(async () => {
    db = await openTestDatabase();
    reader = new MikroOrmCatalogueReader(db.orm);
  });
  after(() => db.close());
  beforeEach(() => emptyCatalogue(db));

  it('stores records of every kind as the reader gives them back, with their list columns and links', async () => {
    const release = aRelease(5, {
      title: 'Seeded',
      artists: [aCredit(7, 'The Seeder')],
      labels: [onLabel(9, 'Seed Records', 'SEED 1')],
      masterId: 3,
      isMainRelease: true,
      tracklist: [aTrack('A', 'Side', { duration: '3:00' }), aTrack('', 'Heading')],
    });
    const counts = await seedCatalogue(db, {
      releases: [release],
      masters: [aMaster(3, { mainRelease: 5 })],
      artists: [anArtist(7, { name: 'The Seeder' })],
      labels: [aLabel(9, { name: 'Seed Records' })],
    });
    expect(counts).to.deep.equal({
      artists: { inserted: 1, updated: 0, unchanged: 0 },
      labels: { inserted: 1, updated: 0, unchanged: 0 },
      masters: { inserted: 1, updated: 0, unchanged: 0 },
      releases: { inserted: 1, updated: 0, unchanged: 0 },
    });
    expect((await reader.release(5))?.record).to.deep.equal(release);
    expect((await reader.master(3))?.record).to.deep.equal(aMaster(3, { mainRelease: 5 }));
    expect((await reader.artist(7))?.record.name).to.equal('The Seeder');
    expect((await reader.label(9))?.record.name).to.equal('Seed Records');
    expect(release.tracklist.map((t) => t.type)).to.deep.equal(['track', 'heading']);

    expect(await sql(db, 'SELECT artist, label, catno, master_id, is_main_release FROM release WHERE id = 5')).to.deep.equal([
      { artist: 'The Seeder', label: 'Seed Records', catno: 'SEED 1', master_id: 3, is_main_release: true },
    ]);
    const versions = await reader.masterVersions(3, { page: 1, perPage: 10, sortOrder: 'asc' });
    expect(versions.items.map((v) => v.id)).to.deep.equal([5]);
    const releases = await reader.artistReleases(7, { page: 1, perPage: 10, sortOrder: 'asc' });
    expect(releases.items.map((e) => [e.type, e.id, e.role])).to.deep.equal([['master', 3, 'Main']]);
    expect((await reader.labelReleases(9, { page: 1, perPage: 10 })).items.map((e) => [e.id, e.catno])).to.deep.equal([
      [5, 'SEED 1'],
    ]);
    // Seeding is not a dump import.
    expect(await sql(db, 'SELECT count(*)::int AS n FROM dump_import')).to.deep.equal([{ n: 0 }]);
  });

  it('replaces a record seeded again, keeping date_added, and leaves an identical one unchanged', async () => {
    await seedCatalogue(db, { releases: [aRelease(1), aRelease(2)] });
    const [before] = await sql(db, 'SELECT date_added::text AS added FROM release WHERE id = 1');
    const counts = await seedCatalogue(db, { releases: [aRelease(1, { title: 'Renamed' }), aRelease(2)] });
    expect(counts.releases).to.deep.equal({ inserted: 0, updated: 1, unchanged: 1 });
    const rows = await sql(db, 'SELECT id, title, date_added::text AS added FROM release ORDER BY id');
    expect(rows.map((r) => r.title)).to.deep.equal(['Renamed', 'Release 2']);
    expect(rows[0]!.added).to.equal(before!.added);
  });

  it('writes nothing for an empty seed', async () => {
    expect(await seedCatalogue(db, {})).to.deep.equal({});
    expect(await sql(db, 'SELECT count(*)::int AS n FROM release')).to.deep.equal([{ n: 0 }]);
  });
});
