import path from 'node:path';
import { expect } from 'chai';
import { expandMaster } from '../../../adapters/persistence/catalogue/catalogue-documents.js';
import { releaseOfTemplate, releaseTemplate } from '../../../application/catalogue/release-document.js';
import type { Database } from '../../../adapters/persistence/database.js';
import { runImport, seedDemoData } from '../../support/catalogue-import.js';
import { aCredit, aRelease, aTrack, inSeries, onLabel } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { openTestDatabase } from '../../support/test-database.js';
import { demo, readDump, Scratch, SINGLE } from '../../support/dump-fixtures.js';
import { catalogueSnapshot, emptyCatalogue, sql, staleListKeys, storedTemplate } from './import-support.js';

const quiet = { progress: 'none' } as const;

describe('Dump import into the database', function () {
  this.timeout(60_000);
  let db: Database;
  const scratch = new Scratch();

  before(async () => {
    db = await openTestDatabase();
  });
  after(async () => {
    await db.close();
    scratch.cleanup();
  });

  describe('the demo data', () => {
    before(() => emptyCatalogue(db));

    it('is imported into an empty catalogue, once', async () => {
      const lines: string[] = [];
      expect(await seedDemoData(db, { progress: 'none', log: (l) => lines.push(l) })).to.equal(true);
      // The samples, and the masters of the sample releases derived from them (composition/demo-data/derived/).
      expect(lines).to.have.length(5);
      expect(lines[2]).to.match(/^discogs_20200806_masters\.xml\.gz: 1,000 masters in/);
      expect(lines[3]).to.match(/^discogs_20200806_masters\.xml\.gz: 589 masters in [^\n]*: 589 new, 0 changed, 0 unchanged$/);
      expect(lines[4]).to.match(
        /^discogs_20200806_releases\.xml\.gz: 1,000 releases in \d+\.\d s \([\d,]+\/s\): 1,000 new, 0 changed, 0 unchanged$/,
      );
      expect(await seedDemoData(db, quiet)).to.equal(false);
      const [counts] = await sql<Record<string, number>>(
        db,
        `SELECT (SELECT count(*) FROM artist)::int AS artists, (SELECT count(*) FROM label)::int AS labels,
                (SELECT count(*) FROM master)::int AS masters, (SELECT count(*) FROM release)::int AS releases`,
      );
      expect(counts).to.deep.equal({ artists: 1000, labels: 1000, masters: 1589, releases: 1000 });
      // Every demo master a demo release names is there, with its versions.
      const [orphans] = await sql<Record<string, number>>(db, 'SELECT count(*)::int AS n FROM release r WHERE r.master_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM master m WHERE m.id = r.master_id)');
      expect(orphans!.n).to.equal(0);
    });

    it('stores each release with its list columns and the whole record as the template of its document', async () => {
      const releases = await readDump(demo('releases'), 'releases');
      const [row] = await sql(
        db,
        `SELECT id, title, status, year, released, country, master_id, is_main_release, artist, label, catno, format,
                format_details, major_formats, thumb, data, document, packed_document IS NOT NULL AS packed FROM release WHERE id = 1`,
      );
      expect(row).to.deep.equal({
        id: 1,
        title: 'Stockholm',
        status: 'Accepted',
        year: 1999,
        released: '1999-03-00',
        country: 'Sweden',
        master_id: 1660109,
        is_main_release: true,
        artist: 'The Persuader',
        label: 'Svek',
        catno: 'SK032',
        format: '2xVinyl, 12", 33 ⅓ RPM',
        format_details: '12", 33 ⅓ RPM',
        major_formats: ['Vinyl'],
        thumb: '',
        data: null,
        document: null,
        packed: true,
      });
      // The template of the API document, packed (ADR 0066), which gives back the whole record.
      const release = releases.find((r) => r.id === 1)!;
      const template = await storedTemplate(db, 1);
      expect(template).to.equal(releaseTemplate(release));
      expect(releaseOfTemplate(template!, true)).to.deep.equal(release);
      const [noMaster] = await sql(db, 'SELECT count(*)::int AS n FROM release WHERE master_id IS NULL');
      expect(noMaster!.n).to.equal(releases.filter((r) => r.masterId === null).length);
    });

    it('stores masters, artists and labels', async () => {
      const masters = await readDump(demo('masters'), 'masters');
      const [m] = await sql(db, 'SELECT id, title, year, main_release, data FROM master WHERE id = 113');
      expect(m).to.deep.equal({
        id: 113,
        title: 'Moments In Time',
        year: 2002,
        main_release: 116925,
        data: m!.data,
      });
      expect(expandMaster(m!.data as Record<string, unknown>)).to.deep.equal(masters.find((x) => x.id === 113));
      const [a] = await sql(db, "SELECT name, data->>'realname' AS realname FROM artist WHERE id = 1");
      expect(a).to.deep.equal({ name: 'The Persuader', realname: 'Jesper Dahlbäck' });
      const [l] = await sql(db, "SELECT name, json_array_length(data->'urls') AS urls FROM label WHERE id = 1");
      expect(l).to.deep.equal({ name: 'Planet E', urls: 13 });
    });

    it('derives the link rows of every release', async () => {
      const releases = await readDump(demo('releases'), 'releases');
      const [links] = await sql<Record<string, number>>(
        db,
        `SELECT (SELECT count(DISTINCT release_id) FROM release_artist WHERE role = 'Main')::int AS with_main,
                (SELECT count(*) FROM release_label)::int AS labels`,
      );
      expect(links!.with_main).to.equal(releases.filter((r) => r.artists.some((a) => a.id > 0)).length);
      expect(links!.labels).to.equal(
        releases.reduce((n, r) => n + [...r.labels, ...r.series].filter((l) => l.id > 0).length, 0),
      );
      const r2 = await sql(db, 'SELECT artist_id, role FROM release_artist WHERE release_id = 2 ORDER BY 1, 2');
      expect(r2).to.deep.include.members([
        { artist_id: 2, role: 'Main' },
        { artist_id: 26, role: 'Producer' },
        { artist_id: 26, role: 'Recorded By' },
        { artist_id: 26, role: 'Written-By' },
        { artist_id: 27, role: 'Producer' },
      ]);
    });
  });

  describe('link rows', () => {
    before(() => emptyCatalogue(db));

    it('have Main, Appearance, each credit role, and TrackAppearance, skipping unlinked credits', async () => {
      await seedCatalogue(db, {
        releases: [
          aRelease(500, {
            title: 'Links',
            artists: [aCredit(10, 'A', { join: '&' }), aCredit(11, 'B')],
            labels: [onLabel(100, 'L', 'X1'), onLabel(0, 'Not On Label', 'none')],
            series: [inSeries(200, 'S', 'S1')],
            extraartists: [
              aCredit(12, 'C', { role: 'Written-By, Producer' }),
              aCredit(13, 'D', { role: 'Guitar [Acoustic, Electric]' }),
              aCredit(10, 'A', { role: 'Mixed By' }),
              aCredit(0, 'Unlinked', { role: 'Artwork' }),
            ],
            tracklist: [
              aTrack('1', 'One', {
                artists: [aCredit(10, 'A'), aCredit(14, 'E')],
                extraartists: [aCredit(15, 'F', { role: 'Vocals' })],
              }),
              aTrack('', 'Medley', {
                subTracks: [
                  aTrack('2a', 'Two', {
                    artists: [aCredit(16, 'G')],
                    extraartists: [aCredit(12, 'C', { role: 'Lyrics By' })],
                  }),
                ],
              }),
            ],
          }),
        ],
      });
      expect(await sql(db, 'SELECT artist_id, role FROM release_artist WHERE release_id = 500 ORDER BY 1, 2')).to.deep.equal([
        { artist_id: 10, role: 'Main' },
        { artist_id: 10, role: 'Mixed By' },
        { artist_id: 11, role: 'Main' },
        { artist_id: 12, role: 'Producer' },
        { artist_id: 12, role: 'TrackAppearance' },
        { artist_id: 12, role: 'Written-By' },
        { artist_id: 13, role: 'Guitar [Acoustic, Electric]' },
        { artist_id: 14, role: 'Appearance' },
        { artist_id: 15, role: 'TrackAppearance' },
        { artist_id: 16, role: 'Appearance' },
      ]);
      expect(await sql(db, 'SELECT position, label_id, catno FROM release_label WHERE release_id = 500 ORDER BY 1')).to.deep.equal([
        { position: 0, label_id: 100, catno: 'X1' },
        { position: 1, label_id: 200, catno: 'S1' },
      ]);
      const [row] = await sql(db, 'SELECT artist, label, catno, master_id, is_main_release FROM release WHERE id = 500');
      expect(row).to.deep.equal({ artist: 'A & B', label: 'L', catno: 'X1', master_id: null, is_main_release: false });
    });
  });

  describe('re-importing', () => {
    before(() => emptyCatalogue(db));

    it('updates a changed record in place, keeping date_added, and replaces its link rows', async () => {
      const [first] = await runImport(db, [path.join(SINGLE, 'release_40299_20231001.xml')], quiet);
      expect(first).to.include({ kind: 'releases', records: 1, inserted: 1, updated: 0, unchanged: 0 });
      const [before] = await sql(
        db,
        'SELECT date_added::text AS added, date_changed::text AS changed FROM release WHERE id = 40299',
      );
      expect(await sql(db, 'SELECT count(*)::int AS n FROM release_label WHERE release_id = 40299')).to.deep.equal([
        { n: 2 },
      ]);

      const [second] = await runImport(db, [path.join(SINGLE, 'release_40299_20250501.xml')], quiet);
      expect(second).to.include({ records: 1, inserted: 0, updated: 1, unchanged: 0 });
      const [after] = await sql(
        db,
        `SELECT date_added::text AS added, date_changed::text AS changed, date_changed > date_added AS later,
                is_main_release FROM release WHERE id = 40299`,
      );
      expect(after).to.include({ added: before!.added, later: true });
      const updated = releaseOfTemplate((await storedTemplate(db, 40299))!, after!.is_main_release as boolean);
      expect(updated.series).to.have.length(2);
      expect(updated.images).to.deep.equal([]);
      expect(await sql(db, 'SELECT position, label_id, catno FROM release_label WHERE release_id = 40299 ORDER BY 1')).to.deep.equal([
        { position: 0, label_id: 9789, catno: 'Subway Dance 4000' },
        { position: 1, label_id: 9789, catno: 'SD 4000-LP' },
        { position: 2, label_id: 183060, catno: '4' },
        { position: 3, label_id: 475876, catno: '' },
      ]);

      const [third] = await runImport(db, [path.join(SINGLE, 'release_40299_20250501.xml')], quiet);
      expect(third).to.include({ records: 1, inserted: 0, updated: 0, unchanged: 1 });
      const [unchanged] = await sql(
        db,
        'SELECT date_added::text AS added, date_changed::text AS changed FROM release WHERE id = 40299',
      );
      expect(unchanged).to.deep.equal({ added: after!.added, changed: after!.changed });
      expect(await sql(db, 'SELECT count(*)::int AS n FROM release')).to.deep.equal([{ n: 1 }]);
    });

    it('keeps the last version when a file holds a record twice, across and within rounds', async () => {
      const release = (title: string): string => `<release id="9"><title>${title}</title></release>`;
      const file = scratch.write('twice.xml', `<releases>${release('first')}${release('second')}</releases>`);
      const [summary] = await runImport(db, [file], quiet);
      expect(summary).to.include({ records: 2, inserted: 1, updated: 1 });
      expect(await sql(db, 'SELECT title FROM release WHERE id = 9')).to.deep.equal([{ title: 'second' }]);
    });
  });

  describe('import order', () => {
    it('gives the same catalogue with masters before releases as with releases before masters', async () => {
      await emptyCatalogue(db);
      await runImport(db, [demo('masters'), demo('releases')], quiet);
      const mastersFirst = await catalogueSnapshot(db, { timestamps: false });
      await emptyCatalogue(db);
      await runImport(db, [demo('releases'), demo('masters')], quiet);
      expect(await catalogueSnapshot(db, { timestamps: false })).to.deep.equal(mastersFirst);
      expect(await staleListKeys(db)).to.deep.equal([]);

      // A master's versions and main release come out complete whichever came first.
      const masters = await readDump(demo('masters'), 'masters');
      const releases = await readDump(demo('releases'), 'releases');
      // (The samples share one master: cut from different places, they rarely meet.)
      const withVersions = masters.find((m) => releases.some((r) => r.masterId === m.id))!;
      const versions = await sql(db, `SELECT id FROM release WHERE master_id = ${withVersions.id} ORDER BY id`);
      expect(versions.map((v) => v.id)).to.deep.equal(
        releases.filter((r) => r.masterId === withVersions.id).map((r) => r.id).sort((a, b) => a - b),
      );
      const [main] = await sql(db, `SELECT main_release FROM master WHERE id = ${withVersions.id}`);
      expect(main!.main_release).to.equal(withVersions.mainRelease);
    });
  });
});
