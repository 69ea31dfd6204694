import { expect } from 'chai';
import { XmlDumpReader } from '../../../adapters/catalogue/dump/xml-dump-reader.js';
import type { Database } from '../../../adapters/persistence/database.js';
import { ImportDump } from '../../../application/catalogue/import-dump.js';
import type { SqlWriteOptions } from '../../../adapters/persistence/catalogue/sql-catalogue-write-session.js';
import { demo } from '../../support/dump-fixtures.js';
import { openTestDatabase } from '../../support/test-database.js';
import { emptyCatalogue, observedWriterFor, sql } from './import-support.js';

/**
 * A large import takes the planner's statistics of the tables it wrote before its commit, so that the next import and
 * the API plan with them before autovacuum gets there; a small one leaves that to autovacuum.
 */
describe('Dump import: the planner statistics of the tables written', function () {
  this.timeout(120_000);
  let db: Database;

  before(async () => {
    db = await openTestDatabase();
  });
  after(() => db.close());

  async function importReleases(options: SqlWriteOptions): Promise<string[]> {
    await emptyCatalogue(db);
    const { writer, seen } = observedWriterFor(db, options);
    const useCase = new ImportDump(new XmlDumpReader(), writer, { now: () => new Date() });
    for (const kind of ['masters', 'releases'] as const) await useCase.execute({ source: demo(kind) });
    return seen.queries.filter((q) => /^ANALYZE/.test(q));
  }

  /** The columns of `table` that have statistics, as the planner sees them after the commit. */
  const statisticsOf = async (table: string): Promise<number> =>
    Number((await sql<{ n: number }>(db, `SELECT count(*)::int AS n FROM pg_stats WHERE tablename = '${table}'`))[0]!.n);

  it('analyzes the tables an import of that many records wrote, in its transaction', async () => {
    const analyzed = await importReleases({ analyzeAfter: 500 });
    expect(analyzed).to.deep.equal([
      'ANALYZE "master", "release_artist", "search_posting", "search_entry"',
      'ANALYZE "release", "release_artist", "release_label", "search_posting"',
    ]);
    for (const table of ['master', 'release', 'release_artist', 'release_label', 'search_posting']) {
      expect(await statisticsOf(table), table).to.be.greaterThan(0);
    }
  });

  it('leaves smaller imports to autovacuum', async () => {
    expect(await importReleases({})).to.deep.equal([]);
    expect(await importReleases({ analyzeAfter: 1_001 })).to.deep.equal([]);
  });
});
