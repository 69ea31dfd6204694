import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { XmlDumpReader } from '../../../adapters/catalogue/dump/xml-dump-reader.js';
import type { Database } from '../../../adapters/persistence/database.js';
import { dumpFileDate, ImportDump, type ImportSummary } from '../../../application/catalogue/import-dump.js';
import { Conflict } from '../../../application/errors.js';
import { openTestDatabase } from '../../support/test-database.js';
import { demo, Scratch, SMALL } from '../../support/dump-fixtures.js';
import { catalogueSnapshot, emptyCatalogue, observedWriterFor, sql, storedTemplate, type WriterObservations } from './import-support.js';

describe('Dump import: dump dates', function () {
  this.timeout(60_000);
  let db: Database;
  let importDump: ImportDump;
  let seen: WriterObservations;
  const scratch = new Scratch();
  /** The small 2019 releases (ids 1 to 8, also in the 2020 demo releases) under a dated name. */
  let older: string;
  const newer = demo('releases');

  const recorded = (): Promise<unknown[]> =>
    sql(db, 'SELECT kind, dump_date::text AS date, file FROM dump_import ORDER BY id');
  const release1 = (): Promise<unknown> => storedTemplate(db, 1);

  async function refusal(source: string): Promise<Conflict> {
    try {
      await importDump.execute({ source });
    } catch (err) {
      expect(err).to.be.instanceOf(Conflict);
      return err as Conflict;
    }
    throw new Error(`${source} was imported`);
  }

  before(async () => {
    db = await openTestDatabase();
    const observed = observedWriterFor(db);
    seen = observed.seen;
    importDump = new ImportDump(new XmlDumpReader(), observed.writer, { now: () => new Date() });
    older = scratch.write('discogs_20191001_releases.xml', fs.readFileSync(path.join(SMALL, 'releases.xml')));
  });
  after(async () => {
    await db.close();
    scratch.cleanup();
  });

  describe('dumpFileDate', () => {
    const cases: Array<[string, string | null]> = [
      ['discogs_20200806_releases.xml.gz', '2020-08-06'],
      ['discogs_20200806_releases.xml', '2020-08-06'],
      ['discogs_20240229_releases.xml.gz', '2024-02-29'],
      ['discogs_20230229_releases.xml.gz', null],
      ['discogs_20201301_releases.xml.gz', null],
      ['discogs_20200800_releases.xml.gz', null],
      ['discogs_20200806_artists.xml.gz', null],
      ['discogs_2020080_releases.xml.gz', null],
      ['discogs_20200806_releases.xml.bz2', null],
      ['releases.xml', null],
      ['release_40299_20231001.xml', null],
    ];
    for (const [name, date] of cases) {
      it(`${name} of a releases dump → ${date}`, () => expect(dumpFileDate(name, 'releases')).to.equal(date));
    }
  });

  describe('importing', () => {
    before(() => emptyCatalogue(db));

    it('records the date of a dated file with its records, in the same transaction', async () => {
      const summary = await importDump.execute({ source: newer });
      expect(summary).to.include({ inserted: 1000, skipped: 0 });
      expect(summary.warnings).to.deep.equal([]);
      expect(await recorded()).to.deep.equal([
        { kind: 'releases', date: '2020-08-06', file: 'discogs_20200806_releases.xml.gz' },
      ]);
    });

    it('refuses an older dump of the kind before writing anything, naming both files and dates', async () => {
      const before = await catalogueSnapshot(db);
      const rolledBack = seen.rolledBack.length;
      const err = await refusal(older);
      expect(err.message).to.equal(
        'discogs_20191001_releases.xml (2019-10-01) is older than discogs_20200806_releases.xml.gz (2020-08-06), ' +
          'the newest releases dump imported: importing it would replace newer records with older ones. ' +
          'Use --force to import it anyway.',
      );
      expect(await catalogueSnapshot(db)).to.deep.equal(before);
      // Refused inside the import's transaction (so no other import can record a date meanwhile), with nothing sent.
      expect(seen.rolledBack.slice(rolledBack)).to.deep.equal([
        { kind: 'releases', copies: 0, rows: 1000, writtenHere: 0 },
      ]);
    });

    it('imports it with force, saying so, and still refuses it without', async () => {
      const before = await release1();
      const summary = await importDump.execute({ source: older, force: true });
      expect(summary).to.include({ records: 8, inserted: 0, updated: 8 });
      expect(summary.warnings).to.deep.equal([
        'imported with --force although older than discogs_20200806_releases.xml.gz (2020-08-06)',
      ]);
      expect(await release1()).to.not.equal(before);
      expect(await recorded()).to.deep.equal([
        { kind: 'releases', date: '2020-08-06', file: 'discogs_20200806_releases.xml.gz' },
        { kind: 'releases', date: '2019-10-01', file: 'discogs_20191001_releases.xml' },
      ]);
      // The newest imported is still the 2020 dump.
      expect((await refusal(older)).message).to.match(
        /^discogs_20191001_releases\.xml \(2019-10-01\) is older than discogs_20200806_/,
      );
    });

    it('imports the same date again (a re-import), and a newer date', async () => {
      const again = await importDump.execute({ source: newer });
      expect(again).to.include({ records: 1000, inserted: 0, updated: 8, unchanged: 992 });
      const later = scratch.write('discogs_20210101_releases.xml', fs.readFileSync(path.join(SMALL, 'releases.xml')));
      expect((await importDump.execute({ source: later })).warnings).to.deep.equal([]);
      expect((await recorded()).slice(2)).to.deep.equal([
        { kind: 'releases', date: '2020-08-06', file: 'discogs_20200806_releases.xml.gz' },
        { kind: 'releases', date: '2021-01-01', file: 'discogs_20210101_releases.xml' },
      ]);
      expect((await refusal(newer)).message).to.match(/is older than discogs_20210101_releases\.xml \(2021-01-01\)/);
    });

    it('imports a file whose name has no date unchecked, records nothing, and says so', async () => {
      const count = (await recorded()).length;
      const summary: ImportSummary = await importDump.execute({ source: path.join(SMALL, 'releases.xml') });
      expect(summary).to.include({ records: 8 });
      expect(summary.warnings).to.deep.equal([
        'the name has no dump date (discogs_YYYYMMDD_releases.xml[.gz]): not checked against the releases dumps ' +
          'imported before, and not recorded',
      ]);
      // A name with the date of another kind of dump is no date for this one.
      const misnamed = scratch.write('discogs_20300101_artists.xml', fs.readFileSync(path.join(SMALL, 'releases.xml')));
      expect((await importDump.execute({ source: misnamed })).warnings).to.have.length(1);
      expect(await recorded()).to.have.length(count);
    });

    it('checks each kind against its own dumps', async () => {
      const artists = scratch.write('discogs_20000101_artists.xml', fs.readFileSync(path.join(SMALL, 'artists.xml')));
      expect((await importDump.execute({ source: artists })).warnings).to.deep.equal([]);
      expect(await sql(db, "SELECT dump_date::text AS date FROM dump_import WHERE kind = 'artists'")).to.deep.equal([
        { date: '2000-01-01' },
      ]);
    });
  });
});
