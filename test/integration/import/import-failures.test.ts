import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { XmlDumpReader } from '../../../adapters/catalogue/dump/xml-dump-reader.js';
import type { Database } from '../../../adapters/persistence/database.js';
import { ImportDump } from '../../../application/catalogue/import-dump.js';
import { InvalidDump } from '../../../application/catalogue/invalid-dump.js';
import { catalogueWriterFor, runImport } from '../../../composition/commands/import.js';
import { openTestDatabase } from '../../support/test-database.js';
import { demo, readDump, Scratch, SMALL } from '../../support/dump-fixtures.js';
import { catalogueSnapshot, sql } from './import-support.js';

describe('Dump import: bad input leaves the database as it was', function () {
  this.timeout(60_000);
  let db: Database;
  let before: unknown;
  const scratch = new Scratch();
  /** Small rounds, so that a file breaking part-way has already written (and updated) rows in its transaction. */
  let importDump: ImportDump;

  async function expectRefused(file: string, message: RegExp): Promise<void> {
    let error: unknown;
    try {
      await importDump.execute({ source: file });
    } catch (err) {
      error = err;
    }
    expect(error).to.be.instanceOf(InvalidDump);
    expect((error as Error).message).to.match(message);
    expect(await catalogueSnapshot(db)).to.deep.equal(before);
  }

  // The catalogue holds the small 2019 files; the bad files overlap their ids, so rows were inserted and updated.
  this.beforeAll(async () => {
    db = await openTestDatabase();
    importDump = new ImportDump(new XmlDumpReader({ batchSize: 50 }), catalogueWriterFor(db, { flushRecords: 100 }), {
      now: () => new Date(),
    });
    await runImport(
      db,
      ['artists', 'labels', 'masters', 'releases'].map((k) => path.join(SMALL, `${k}.xml`)),
      { progress: 'none' },
    );
    before = await catalogueSnapshot(db);
    expect(await sql(db, 'SELECT count(*)::int AS n FROM release_artist')).to.not.deep.equal([{ n: 0 }]);
  });
  after(async () => {
    await db.close();
    scratch.cleanup();
  });

  it('refuses a file that is not a dump', async () => {
    await expectRefused(
      scratch.write('feed.xml', '<?xml version="1.0"?><rss version="2.0"><channel/></rss>'),
      /^feed\.xml is not a Discogs data dump \(root element <rss>\)$/,
    );
  });

  it('refuses a truncated gzip file after writing part of it', async () => {
    const whole = fs.readFileSync(demo('releases'));
    await expectRefused(
      scratch.write('releases.xml.gz', whole.subarray(0, Math.floor(whole.length * 0.8))),
      /^releases\.xml\.gz cannot be read: the gzip data is truncated$/,
    );
  });

  it('refuses XML that breaks part-way after writing part of it', async () => {
    const xml = zlib.gunzipSync(fs.readFileSync(demo('releases'))).toString('utf8');
    const at = xml.indexOf('<release id="4497848"');
    await expectRefused(
      scratch.write('releases-broken.xml', `${xml.slice(0, at)}<release id="1"><title>x</release>${xml.slice(at)}`),
      /^releases-broken\.xml is not well-formed XML at line \d+, column \d+: end tag <\/release> does not match <title>$/,
    );
  });

  it('stops at the first bad file of several, keeping the files before it', async () => {
    const bad = scratch.write('bad.xml', '<labels><label><id>1</id>');
    let error: unknown;
    try {
      await runImport(db, [path.join(SMALL, 'labels.xml'), demo('labels'), bad, demo('artists')], { progress: 'none' });
    } catch (err) {
      error = err;
    }
    expect(error).to.be.instanceOf(InvalidDump);
    const [counts] = await sql(
      db,
      'SELECT (SELECT count(*) FROM label)::int AS labels, (SELECT count(*) FROM artist)::int AS artists',
    );
    const ids = new Set([
      ...(await readDump(path.join(SMALL, 'labels.xml'), 'labels')).map((l) => l.id),
      ...(await readDump(demo('labels'), 'labels')).map((l) => l.id),
    ]);
    expect(counts).to.deep.equal({ labels: ids.size, artists: 27 });
  });
});
