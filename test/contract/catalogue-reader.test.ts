import path from 'node:path';
import { expect } from 'chai';
import { FixedClock } from '../../adapters/in-memory/fixed-clock.js';
import { InMemoryCatalogueReader } from '../../adapters/in-memory/in-memory-catalogue-reader.js';
import { PgCatalogueReader } from '../../adapters/persistence/catalogue/pg-catalogue-reader.js';
import { preparedRows } from '../../adapters/persistence/catalogue/sql-rows.js';
import { MikroOrmCatalogueReader } from '../../adapters/persistence/catalogue/mikro-orm-catalogue-reader.js';
import type { Database } from '../../adapters/persistence/database.js';
import type { MasterVersionsQuery } from '../../application/catalogue/read-models.js';
import { releaseTemplate } from '../../application/catalogue/release-document.js';
import type { CatalogueReader } from '../../application/ports/catalogue-reader.js';
import { FIXTURES, CATALOGUE_FIXTURES } from '../support/catalogue-fixtures.js';
import { openTestDatabase } from '../support/test-database.js';
import { demoFiles, readDump } from '../support/dump-fixtures.js';

const SYNTHETIC = ['labels.xml', 'artists.xml', 'masters.xml', 'releases.xml'].map((f) => path.join(FIXTURES, 'dumps/synthetic', f));

async function inMemoryReader(): Promise<InMemoryCatalogueReader> {
  const reader = new InMemoryCatalogueReader(new FixedClock('2026-01-01T00:00:00Z'));
  const [labels, artists, masters, releases] = SYNTHETIC;
  // The demo files as the demo import takes them (the masters sample, then the masters derived from the releases).
  for (const file of [...demoFiles('labels'), labels!]) for (const l of await readDump(file, 'labels')) reader.putLabel(l);
  for (const file of [...demoFiles('artists'), artists!]) for (const a of await readDump(file, 'artists')) reader.putArtist(a);
  for (const file of [...demoFiles('masters'), masters!]) for (const m of await readDump(file, 'masters')) reader.putMaster(m);
  for (const file of [...demoFiles('releases'), releases!]) for (const r of await readDump(file, 'releases')) reader.putRelease(r);
  return reader;
}

const versions = (q: Partial<MasterVersionsQuery> = {}): MasterVersionsQuery => ({ page: 1, perPage: 50, sortOrder: 'asc', ...q });

/** The same expectations for every adapter of the CatalogueReader port, on the demo data plus the synthetic records. */
function contract(name: string, open: () => Promise<{ reader: CatalogueReader; close(): Promise<void> }>): void {
  describe(`CatalogueReader contract: ${name}`, () => {
    let reader: CatalogueReader;
    let close: () => Promise<void>;
    before(async () => ({ reader, close } = await open()));
    after(() => close());

    it('reads each kind of record by id, and null for an unknown id', async () => {
      expect((await reader.release(9000002))?.record.title).to.equal('Synthetic Master');
      expect((await reader.master(900001))?.record.mainRelease).to.equal(9000002);
      expect((await reader.artist(900100))?.record.realname).to.equal('Tess Tartist');
      expect((await reader.label(900201))?.record.parentLabel).to.deep.equal({ id: 900200, name: 'Alpha Records' });
      expect(await reader.release(424242)).to.equal(null);
      expect(await reader.master(424242)).to.equal(null);
      expect(await reader.artist(424242)).to.equal(null);
      expect(await reader.label(424242)).to.equal(null);
      const stored = await reader.release(1);
      expect(stored?.dateAdded).to.be.instanceOf(Date);
      expect(stored?.dateChanged.getTime()).to.be.at.least(stored!.dateAdded.getTime());
    });

    it('gives each of many reads at once its own record (the same id twice, unknown ids, ids no row can have)', async () => {
      const releaseIds = [1, 9000002, 424242, 1, 2 ** 31, 0, 9000002];
      const [releases, documents, masters, masterDocuments, artists, labels] = await Promise.all([
        Promise.all(releaseIds.map((id) => reader.release(id))),
        Promise.all(releaseIds.map((id) => reader.releaseDocument(id))),
        Promise.all([900001, 424242, 900001].map((id) => reader.master(id))),
        Promise.all([900001, 424242, 900001].map((id) => reader.masterDocument(id))),
        Promise.all([900100, 424242, 2 ** 40].map((id) => reader.artist(id))),
        Promise.all([900201, 900200, 424242].map((id) => reader.label(id))),
      ]);
      expect(releases.map((r) => r?.record.id ?? null)).to.deep.equal([1, 9000002, null, 1, null, null, 9000002]);
      expect(documents.map((d) => d !== null)).to.deep.equal([true, true, false, true, false, false, true]);
      expect(documents[0]!.record).to.equal(releaseTemplate(releases[0]!.record));
      expect(documents[1]!.record).to.equal(releaseTemplate(releases[1]!.record));
      expect(masters.map((m) => m?.record.id ?? null)).to.deep.equal([900001, null, 900001]);
      expect(masterDocuments.map((m) => m?.record.id ?? null)).to.deep.equal([900001, null, 900001]);
      expect(artists.map((a) => a?.record.id ?? null)).to.deep.equal([900100, null, null]);
      expect(labels.map((l) => l?.record.id ?? null)).to.deep.equal([900201, 900200, null]);
    });

    it('reads many releases together: each held id once, as release(id) reads it; unknown ids and ids no row can have absent', async () => {
      const read = await reader.releasesOf([9000002, 1, 424242, 1, 2 ** 31, 0, -3, 2 ** 40]);
      expect([...read.keys()].sort((a, b) => a - b)).to.deep.equal([1, 9000002]);
      for (const id of [1, 9000002]) {
        const one = (await reader.release(id))!;
        expect(read.get(id)!.record).to.deep.equal(one.record);
        expect([read.get(id)!.dateAdded.getTime(), read.get(id)!.dateChanged.getTime()]).to.deep.equal([one.dateAdded.getTime(), one.dateChanged.getTime()]);
      }
      expect((await reader.releasesOf([])).size).to.equal(0);
    });

    it("reads a release's document template, with the same dates, and null for an unknown id", async () => {
      for (const id of [1, 9000002]) {
        const release = (await reader.release(id))!;
        const document = (await reader.releaseDocument(id))!;
        expect(document.record).to.equal(releaseTemplate(release.record));
        expect([document.dateAdded, document.dateChanged]).to.deep.equal([release.dateAdded, release.dateChanged]);
      }
      expect(await reader.releaseDocument(424242)).to.equal(null);
    });

    it("reads a master's page: the master, its main release's tracklist, and null for an unknown id", async () => {
      // 900001: its main release is in the catalogue; 113: a demo master whose main release is not.
      for (const id of [900001, 113]) {
        const master = (await reader.master(id))!;
        const page = (await reader.masterDocument(id))!;
        expect(page.record).to.deep.equal(master.record);
        expect([page.dateAdded, page.dateChanged]).to.deep.equal([master.dateAdded, master.dateChanged]);
        const main = master.record.mainRelease ? await reader.release(master.record.mainRelease) : null;
        expect(page.mainTracklist).to.deep.equal(main?.record.tracklist ?? []);
        // Nothing is for sale in the catalogue alone: a reader that keeps the figures says so.
        if (page.market !== undefined) expect(page.market).to.deep.equal({ numForSale: 0, lowestPrices: null });
      }
      expect(((await reader.masterDocument(900001))!.mainTracklist.length)).to.be.greaterThan(0);
      expect(await reader.masterDocument(424242)).to.equal(null);
    });

    it('lists, filters, sorts and pages master versions', async () => {
      const ids = async (q: Partial<MasterVersionsQuery>) => (await reader.masterVersions(900001, versions(q))).items.map((v) => v.id);
      expect(await ids({})).to.deep.equal([9000002, 9000001, 9000003]);
      expect(await ids({ sortOrder: 'desc' })).to.deep.equal([9000003, 9000001, 9000002]);
      expect(await ids({ sort: 'catno' })).to.deep.equal([9000001, 9000003, 9000002]);
      expect(await ids({ sort: 'country', sortOrder: 'desc' })).to.deep.equal([9000003, 9000002, 9000001]);
      expect(await ids({ format: ['VINYL'] })).to.deep.equal([9000002, 9000001]);
      expect(await ids({ label: ['beta music'] })).to.deep.equal([9000002]);
      expect(await ids({ released: ['2005'] })).to.deep.equal([9000003]);
      expect(await ids({ country: ['germany'] })).to.deep.equal([9000001]);
      expect(await ids({ format: ['album'] })).to.deep.equal([9000002, 9000003]);
      expect(await ids({ format: ['LP', 'cd'], country: ['uk', 'US', 'Japan'] })).to.deep.equal([9000002, 9000003]);
      expect(await reader.mostRecentVersion(900001)).to.equal(9000003);
      expect(await reader.mostRecentVersion(424242)).to.equal(null);
      expect(await reader.masterVersionFacets(900001, { format: ['Vinyl'] })).to.deep.equal({
        format: [
          { value: 'Album', count: 2 }, { value: 'Vinyl', count: 2 }, { value: '12"', count: 1 },
          { value: 'CD', count: 1 }, { value: 'LP', count: 1 }, { value: 'Remastered', count: 1 },
        ],
        label: [{ value: 'Alpha Records', count: 1 }, { value: 'Beta Music', count: 1 }],
        country: [{ value: 'Germany', count: 1 }, { value: 'UK', count: 1 }],
        released: [{ value: '1995', count: 1 }, { value: '1996', count: 1 }],
      });
      const second = await reader.masterVersions(900001, versions({ perPage: 2, page: 2 }));
      expect(second.total).to.equal(3);
      expect(second.items.map((v) => v.id)).to.deep.equal([9000003]);
      expect(second.items[0]).to.deep.equal({
        id: 9000003,
        status: 'Accepted',
        title: 'Synthetic Master (Remastered)',
        label: 'Alpha Records',
        catno: 'ALP 099',
        country: 'US',
        format: 'Album, Remastered',
        released: '2005',
        majorFormats: ['CD'],
        thumb: '',
      });
    });

    it("lists an artist's masters and releases with roles, sorted and paged", async () => {
      const page = await reader.artistReleases(900100, { page: 1, perPage: 50, sortOrder: 'asc' });
      expect(page.total).to.equal(2);
      expect(page.items).to.deep.equal([
        { type: 'master', id: 900001, title: 'Synthetic Master', year: 1995, thumb: '', artist: 'Test Artist & Other', role: 'Main', mainRelease: 9000002 },
        { type: 'release', id: 9000004, title: 'Solo Single', year: 1997, thumb: '', artist: 'Test Artist', role: 'Main', format: 'Vinyl, 7", Single', label: 'Beta Music', status: 'Accepted' },
      ]);
      const byTitle = await reader.artistReleases(900100, { page: 1, perPage: 1, sortOrder: 'desc', sort: 'title' });
      expect(byTitle.items.map((e) => e.id)).to.deep.equal([900001]);
      expect((await reader.artistReleases(900104, { page: 1, perPage: 50, sortOrder: 'asc' })).items.map((e) => e.role)).to.deep.equal(['TrackAppearance']);
    });

    it("lists a label's releases per catalogue number", async () => {
      const page = await reader.labelReleases(900200, { page: 1, perPage: 50 });
      expect(page.items.map((e) => [e.id, e.catno])).to.deep.equal([[9000001, 'ALP 001'], [9000003, 'ALP 099']]);
      expect((await reader.labelReleases(424242, { page: 1, perPage: 50 })).total).to.equal(0);
    });

    it('lists the real samples as the XML says', async () => {
      const a60 = await reader.artistReleases(60, { page: 1, perPage: 100, sortOrder: 'asc', sort: 'year' });
      expect(a60.total).to.equal(a60.items.length);
      expect(a60.items.slice(0, 3).map((e) => [e.type, e.id, e.year, e.role])).to.deep.equal(SAMPLE_ARTIST_60_FIRST);
      const l5 = await reader.labelReleases(5, { page: 2, perPage: 4 });
      expect(l5.total).to.equal(9);
      expect(l5.items.map((e) => [e.id, e.catno])).to.deep.equal(SAMPLE_LABEL_5_PAGE_2);
    });
  });
}

// Read off the 2020 sample XML by hand. Pete Moss (60) is the main artist and credited "Written-By, Producer,
// Engineer" on release 38 "Late Night Up North" (1999), the first of his 1999 titles, listed as its master 442131
// (not in the masters sample: one of the masters derived from the sample releases); roles come in name order. Svek (5): releases 1 (SK032), 2 (SK 026, SK026), 6 (SK025, SK 025), 44 (SK021),
// 79 (SK029), 96 (SK024), 101 (SK020) — nine entries, so page 2 of 4 is the fifth to the eighth.
const SAMPLE_ARTIST_60_FIRST: unknown[] = [
  ['master', 442131, 1999, 'Engineer'],
  ['master', 442131, 1999, 'Main'],
  ['master', 442131, 1999, 'Producer'],
];
const SAMPLE_LABEL_5_PAGE_2: unknown[] = [
  [6, 'SK 025'],
  [44, 'SK021'],
  [79, 'SK029'],
  [96, 'SK024'],
];

contract('MikroOrmCatalogueReader', async () => {
  const db: Database = await openTestDatabase(CATALOGUE_FIXTURES);
  return { reader: new MikroOrmCatalogueReader(db.orm), close: () => db.close() };
});

if (process.env.DATABASE_URL) {
  // The hot reads by id through pg's named prepared statements, on a server only (the embedded database is one session).
  contract('PgCatalogueReader', async () => {
    const db: Database = await openTestDatabase(CATALOGUE_FIXTURES);
    // As the catalogue module builds it: lists as prepared statements on the same pool.
    const pool = db.hotReadPool()!;
    return { reader: new PgCatalogueReader(pool, new MikroOrmCatalogueReader(db.orm, preparedRows(pool))), close: () => db.close() };
  });
} else {
  describe('CatalogueReader contract: PgCatalogueReader', () => {
    it('runs on a PostgreSQL server only (set DATABASE_URL)', function () {
      this.skip();
    });
  });
}

contract('InMemoryCatalogueReader', async () => ({ reader: await inMemoryReader(), close: async () => undefined }));
