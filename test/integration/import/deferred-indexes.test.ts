import { expect } from 'chai';
import pg from 'pg';
import { XmlDumpReader } from '../../../adapters/catalogue/dump/xml-dump-reader.js';
import { catalogueWriterFor } from '../../../adapters/persistence/catalogue/catalogue-writer-for.js';
import type { Database } from '../../../adapters/persistence/database.js';
import { ImportDump } from '../../../application/catalogue/import-dump.js';
import { InvalidDump } from '../../../application/catalogue/invalid-dump.js';
import type { DumpKind } from '../../../application/ports/dump-reader.js';
import { openTestDatabase } from '../../support/test-database.js';
import { demo, Scratch } from '../../support/dump-fixtures.js';
import { catalogueSnapshot, emptyCatalogue, observedWriterFor, sql } from './import-support.js';

const KINDS: readonly DumpKind[] = ['artists', 'labels', 'masters', 'releases'];

/** Every index of the catalogue tables, as PostgreSQL would create it again. */
function catalogueIndexes(db: Database): Promise<unknown[]> {
  return sql(
    db,
    `SELECT tablename, indexname, indexdef FROM pg_indexes
      WHERE tablename IN ('artist', 'label', 'master', 'release', 'release_artist', 'release_label', 'search_entry',
                          'search_posting', 'search_word')
      ORDER BY tablename, indexname`,
  );
}

/**
 * Tables that are empty when a file starts are loaded without their indexes, which are built before the commit (see
 * `DeferredIndexes`): what is stored, and the indexes, must be exactly as when the rows go into the indexes as they
 * come, whatever happens part-way.
 */
describe('Dump import: indexes of empty tables built at the end', function () {
  this.timeout(120_000);
  let db: Database;
  let indexes: unknown[];
  const scratch = new Scratch();

  function importer(deferIndexes: boolean): ImportDump {
    return new ImportDump(
      new XmlDumpReader({ pieceBytes: 64_000 }),
      catalogueWriterFor(db, { deferIndexes, flushRecords: 100 }),
      { now: () => new Date() },
    );
  }

  async function importAll(deferIndexes: boolean, files: readonly string[]): Promise<unknown> {
    await emptyCatalogue(db);
    const useCase = importer(deferIndexes);
    for (const file of files) await useCase.execute({ source: file });
    return catalogueSnapshot(db, { timestamps: false });
  }

  before(async () => {
    db = await openTestDatabase();
    indexes = await catalogueIndexes(db);
    expect(indexes.length).to.be.at.least(9);
  });
  after(async () => {
    await db.close();
    scratch.cleanup();
  });

  it('stores what the import stores into indexed tables, and leaves the same indexes', async () => {
    const files = KINDS.map(demo);
    const indexed = await importAll(false, files);
    expect(await catalogueIndexes(db)).to.deep.equal(indexes);
    const deferred = await importAll(true, files);
    expect(deferred).to.deep.equal(indexed);
    expect(await catalogueIndexes(db)).to.deep.equal(indexes);
  });

  it('drops and builds them only for tables that are empty', async () => {
    await emptyCatalogue(db);
    const { writer, seen } = observedWriterFor(db);
    const useCase = new ImportDump(new XmlDumpReader(), writer, { now: () => new Date() });
    // (The index a re-import puts on its staged postings, a temporary table, is no index of the catalogue.)
    const ddl = (): string[] =>
      seen.queries.filter((q) => /^(DROP INDEX|CREATE INDEX|ALTER TABLE)/.test(q) && !q.includes('import_posting'));
    // Each index of a kind's tables (and of the search index of every kind: the entries' only for a kind that has
    // entries, not releases) but the primary keys of its records and of the vocabulary, dropped and built again.
    const deferrable = (tables: string[]): number =>
      (indexes as { tablename: string; indexname: string }[]).filter(
        (i) =>
          [...tables, ...(tables[0] === 'release' ? [] : ['search_entry']), 'search_posting', 'search_word'].includes(i.tablename) &&
          ![`${tables[0]}_pkey`, 'search_word_pkey'].includes(i.indexname),
      ).length;
    await useCase.execute({ source: demo('artists') });
    expect(ddl()).to.have.length(2 * deferrable(['artist']));
    const before = ddl().length;
    await useCase.execute({ source: demo('releases') });
    const releases = ddl().slice(before);
    const built = releases.filter((q) => q.includes(' ADD CONSTRAINT ') || q.startsWith('CREATE'));
    expect(built).to.have.length(deferrable(['release', 'release_artist', 'release_label']));
    expect(releases).to.have.length(2 * built.length);
    expect(releases.join('\n')).to.not.include('release_pkey');
    expect(releases.join('\n')).to.not.include('search_entry');
    // Importing again (the tables hold rows now) goes through the indexes.
    const imported = ddl().length;
    const summary = await useCase.execute({ source: demo('releases') });
    expect(summary).to.include({ inserted: 0, updated: 0, unchanged: 1000 });
    expect(ddl()).to.have.length(imported);
    expect(await catalogueIndexes(db)).to.deep.equal(indexes);
  });

  it('builds them part-way when a file repeats a record, and stores the last version', async () => {
    const lines = ['<releases>'];
    for (let id = 1; id <= 300; id++) {
      const credit = `<artists><artist><id>${id}</id></artist></artists>`;
      lines.push(`<release id="${id}"><title>T${id}</title>${credit}</release>`);
    }
    lines.push('<release id="5"><title>Again</title><artists><artist><id>77</id></artist></artists></release>');
    lines.push('<release id="301"><title>After</title></release>', '</releases>');
    const file = scratch.write('repeated.xml', lines.join('\n'));
    const indexed = await importAll(false, [file]);
    expect(await importAll(true, [file])).to.deep.equal(indexed);
    expect(await catalogueIndexes(db)).to.deep.equal(indexes);
    expect(await sql(db, 'SELECT title FROM release WHERE id = 5')).to.deep.equal([{ title: 'Again' }]);
    expect(await sql(db, 'SELECT artist_id FROM release_artist WHERE release_id = 5')).to.deep.equal([
      { artist_id: 77 },
    ]);
  });

  it('leaves the tables empty and indexed when the first import breaks part-way', async () => {
    await emptyCatalogue(db);
    const lines = ['<releases>'];
    for (let id = 1; id <= 500; id++) lines.push(`<release id="${id}"><title>T${id}</title></release>`);
    lines.push('<release id="501"><title>broken</titel></release>', '</releases>');
    const file = scratch.write('broken.xml', lines.join('\n'));
    let error: unknown;
    try {
      await importer(true).execute({ source: file });
    } catch (err) {
      error = err;
    }
    expect(error).to.be.instanceOf(InvalidDump);
    expect(await sql(db, 'SELECT count(*)::int AS n FROM release')).to.deep.equal([{ n: 0 }]);
    expect(await catalogueIndexes(db)).to.deep.equal(indexes);
  });

  it('loads into the indexes as before when a reader holds the tables (PostgreSQL)', async function () {
    if (db.location.kind !== 'server') this.skip();
    await emptyCatalogue(db);
    const reader = new pg.Client({ connectionString: db.location.url });
    await reader.connect();
    try {
      // An open transaction that has read release_artist keeps a lock the import cannot wait out.
      await reader.query('BEGIN');
      await reader.query('SELECT count(*) FROM release_artist');
      const started = Date.now();
      const summary = await importer(true).execute({ source: demo('releases') });
      expect(summary).to.include({ inserted: 1000 });
      expect(Date.now() - started).to.be.below(60_000);
      expect(await catalogueIndexes(db)).to.deep.equal(indexes);
    } finally {
      await reader.query('ROLLBACK').catch(() => undefined);
      await reader.end();
    }
  });
});
