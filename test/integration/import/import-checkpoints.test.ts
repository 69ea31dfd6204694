import fs from 'node:fs';
import { expect } from 'chai';
import { XmlDumpReader } from '../../../adapters/catalogue/dump/xml-dump-reader.js';
import { catalogueWriterFor } from '../../../adapters/persistence/catalogue/catalogue-writer-for.js';
import type { Database } from '../../../adapters/persistence/database.js';
import { ImportDump, type ImportDumpInput, type ImportStart } from '../../../application/catalogue/import-dump.js';
import { InvalidDump } from '../../../application/catalogue/invalid-dump.js';
import { openTestDatabase } from '../../support/test-database.js';
import { demo, Scratch } from '../../support/dump-fixtures.js';
import { catalogueSnapshot, emptyCatalogue, searchPostings, sql, staleListKeys } from './import-support.js';

/**
 * The checkpoints of an import (ADR 0065) besides resuming, which test/integration/cli/resumable-import.test.ts checks
 * with a process killed: a file that breaks part-way keeps what its checkpoints committed; another file of the kind,
 * or `restart`, starts over; the last file imported is known again, and left alone when asked.
 */
describe('Dump import checkpoints: another file or restart starts over, an imported file is known', function () {
  this.timeout(600_000);
  let db: Database;
  const scratch = new Scratch();

  before(async () => {
    db = await openTestDatabase();
  });
  after(async () => {
    scratch.cleanup();
    await db.close();
  });

  /** The demo releases come in ten runs of 100 ids, each in a block of its own: a checkpoint after each run. */
  const importDump = (input: ImportDumpInput, starts: ImportStart[] = []) =>
    new ImportDump(new XmlDumpReader({ pieceBytes: 32 * 1024 }), catalogueWriterFor(db, { checkpointRecords: 100 }), {
      now: () => new Date(),
    }).execute({ ...input, onStart: (s) => starts.push(s) });

  const checkpoint = async () =>
    (await sql<{ file: string; records: number; finished: boolean }>(
      db,
      `SELECT file, records, finished_at IS NOT NULL AS finished FROM import_checkpoint WHERE kind = 'releases'`,
    ))[0];

  it('keeps what a broken file committed, starts over on another file, and knows the file imported', async () => {
    const whole = fs.readFileSync(demo('releases'));
    const name = 'discogs_20200806_releases.xml.gz';
    fs.mkdirSync(`${scratch.dir}/broken`);
    const broken = scratch.write(`broken/${name}`, whole.subarray(0, Math.floor(whole.length * 0.7)));
    const good = scratch.write(name, whole);

    // The reference: the whole file imported into an empty catalogue.
    await importDump({ source: good });
    const reference = await catalogueSnapshot(db, { timestamps: false });
    const referencePostings = await searchPostings(db);
    await emptyCatalogue(db);
    await sql(db, 'TRUNCATE import_checkpoint');

    // The file breaks part-way: the runs committed by its checkpoints stay, with the checkpoint.
    let error: unknown;
    await importDump({ source: broken }).catch((err: unknown) => (error = err));
    expect(error).to.be.instanceOf(InvalidDump);
    const stopped = await checkpoint();
    expect(stopped).to.include({ file: name, finished: false });
    expect(stopped!.records % 100).to.equal(0);
    expect(stopped!.records).to.be.within(300, 600);
    const [kept] = await sql<{ n: number }>(db, 'SELECT count(*)::int AS n FROM release');
    expect(kept!.n).to.equal(stopped!.records);

    // The whole file (same name, another size) is another file: the import starts over, and says so.
    const starts: ImportStart[] = [];
    const summary = await importDump({ source: good }, starts);
    expect(starts).to.deep.equal([{ file: name, kind: 'releases', resumedAfter: 0, droppedCheckpoint: name }]);
    expect(summary.resumedAfter).to.equal(0);
    expect(summary.warnings).to.include(`a checkpoint of an import of ${name} that did not finish was dropped: started over`);
    expect(summary).to.include({ records: 1000, inserted: 1000 - stopped!.records, unchanged: stopped!.records });
    expect(await checkpoint()).to.deep.equal({ file: name, records: 1000, finished: true });
    // Every record and list as the uninterrupted import made them, and the indexes left out by the broken import built.
    expect(await catalogueSnapshot(db, { timestamps: false })).to.deep.equal(reference);
    expect(await searchPostings(db)).to.deep.equal(referencePostings);
    expect(await staleListKeys(db)).to.deep.equal([]);
    const indexes = await sql<{ n: number }>(
      db,
      `SELECT count(*)::int AS n FROM pg_indexes WHERE tablename IN ('release', 'release_artist', 'release_label', 'search_posting', 'search_word')`,
    );
    expect(indexes[0]!.n).to.be.at.least(8);

    // The same file again: known as the last imported, left alone when asked, imported again with restart.
    const skipped = await importDump({ source: good, skipImported: true });
    expect(skipped.alreadyImported).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(skipped.records).to.equal(0);
    const again = await importDump({ source: good, skipImported: true, restart: true });
    expect(again.alreadyImported).to.equal(undefined);
    expect(again).to.include({ records: 1000, unchanged: 1000 });
    // (The same dump imported twice is recorded twice.)
    const { dumpImport, ...records } = (await catalogueSnapshot(db, { timestamps: false })) as Record<string, unknown>;
    const { dumpImport: referenceDumps, ...referenceRecords } = reference as Record<string, unknown>;
    expect(records).to.deep.equal(referenceRecords);
    expect(dumpImport).to.deep.equal([...(referenceDumps as unknown[]), ...(referenceDumps as unknown[])]);
  });
});
