import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { XmlDumpReader } from '../../../adapters/catalogue/dump/xml-dump-reader.js';
import type { Database } from '../../../adapters/persistence/database.js';
import { ImportDump } from '../../../application/catalogue/import-dump.js';
import { InvalidDump } from '../../../application/catalogue/invalid-dump.js';
import { runImport } from '../../support/catalogue-import.js';
import { openTestDatabase } from '../../support/test-database.js';
import { demo, readDump, Scratch, SMALL } from '../../support/dump-fixtures.js';
import {
  catalogueSnapshot,
  observedWriterFor,
  sql,
  type TransactionView,
  type WriterObservations,
} from './import-support.js';

describe('Dump import: bad input leaves the database as it was', function () {
  this.timeout(60_000);
  let db: Database;
  let before: unknown;
  const scratch = new Scratch();
  /**
   * Small pieces and rounds, so that a file breaking part-way has already sent several rounds of rows (new ones, and
   * stored ones updated) in its transaction.
   */
  let importDump: ImportDump;
  /** What the writer saw inside each transaction it rolled back, with the transaction's own connection. */
  let seen: WriterObservations;

  /** Refuses the file, and returns what its transaction held just before the rollback (undefined if none began). */
  async function expectRefused(file: string, message: RegExp): Promise<TransactionView | undefined> {
    const rolledBack = seen.rolledBack.length;
    let error: unknown;
    try {
      await importDump.execute({ source: file });
    } catch (err) {
      error = err;
    }
    expect(error).to.be.instanceOf(InvalidDump);
    expect((error as Error).message).to.match(message);
    expect(await catalogueSnapshot(db)).to.deep.equal(before);
    expect(seen.rolledBack.length - rolledBack).to.be.at.most(1);
    return seen.rolledBack[rolledBack];
  }

  /**
   * The transaction had sent several rounds of rows before the failure rolled them back: new releases, and the 8
   * releases stored before (ids 1 to 8, which the demo releases have too) updated.
   */
  function expectWrittenThenRolledBack(view: TransactionView | undefined, atLeast: number): void {
    expect(view, 'a transaction rolled back').to.not.equal(undefined);
    expect(view!.kind).to.equal('releases');
    expect(view!.copies, 'COPYs sent before the failure').to.be.at.least(3);
    expect(view!.writtenHere, 'rows written in the transaction').to.be.at.least(atLeast);
    const inserted = view!.rows - 8;
    expect(view!.writtenHere - inserted, 'stored releases updated').to.be.within(1, 8);
  }

  // The catalogue holds the small 2019 files; the bad files overlap their ids, so rows were inserted and updated.
  this.beforeAll(async () => {
    db = await openTestDatabase();
    const observed = observedWriterFor(db, { flushRecords: 100 });
    seen = observed.seen;
    importDump = new ImportDump(new XmlDumpReader({ batchSize: 50, pieceBytes: 64_000 }), observed.writer, { now: () => new Date() });
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
    const begun = seen.begun;
    const view = await expectRefused(
      scratch.write('feed.xml', '<?xml version="1.0"?><rss version="2.0"><channel/></rss>'),
      /^feed\.xml is not a Discogs data dump \(root element <rss>\)$/,
    );
    // Refused on opening: no transaction was begun.
    expect(view).to.equal(undefined);
    expect(seen.begun).to.equal(begun);
  });

  it('refuses a truncated gzip file after writing part of it', async () => {
    const whole = fs.readFileSync(demo('releases'));
    const view = await expectRefused(
      scratch.write('releases.xml.gz', whole.subarray(0, Math.floor(whole.length * 0.8))),
      /^releases\.xml\.gz cannot be read: the gzip data is truncated$/,
    );
    expectWrittenThenRolledBack(view, 400);
  });

  it('refuses XML that breaks part-way after writing part of it', async () => {
    const xml = zlib.gunzipSync(fs.readFileSync(demo('releases'))).toString('utf8');
    const at = xml.indexOf('<release id="4497848"');
    const view = await expectRefused(
      scratch.write('releases-broken.xml', `${xml.slice(0, at)}<release id="1"><title>x</release>${xml.slice(at)}`),
      /^releases-broken\.xml is not well-formed XML at line \d+, column \d+: end tag <\/release> does not match <title>$/,
    );
    // (It breaks at the 331st record.)
    expectWrittenThenRolledBack(view, 200);
  });

  it('records no dump date for a dated file that breaks part-way', async () => {
    const xml = zlib.gunzipSync(fs.readFileSync(demo('releases'))).toString('utf8');
    const dated = scratch.write('discogs_20300101_releases.xml', xml.slice(0, Math.floor(xml.length * 0.7)));
    const view = await expectRefused(dated, /^discogs_20300101_releases\.xml is not well-formed XML at line \d+/);
    expectWrittenThenRolledBack(view, 400);
    expect(await sql(db, 'SELECT count(*)::int AS n FROM dump_import')).to.deep.equal([{ n: 0 }]);
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
