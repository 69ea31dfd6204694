import zlib from 'node:zlib';
import fs from 'node:fs';
import { expect } from 'chai';
import type Koa from 'koa';
import { XmlDumpReader } from '../../../adapters/catalogue/dump/xml-dump-reader.js';
import { ImportDump } from '../../../application/catalogue/import-dump.js';
import { catalogueWriterFor } from '../../../adapters/persistence/catalogue/catalogue-writer-for.js';
import { Porter2Stemmer } from '../../../adapters/persistence/search/porter2-stemmer.js';
import { releaseSearchFacts } from '../../../domain/catalogue/search-facts.js';
import { CATALOGUE } from '../../../composition/catalogue/catalogue-tokens.js';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { apiAs } from '../../support/api-as.js';
import { runImport, seedDemoData } from '../../support/catalogue-import.js';
import { demo, readDump, Scratch } from '../../support/dump-fixtures.js';
import { anApplication, aUser, emptyIdentity } from '../../support/identity-fixtures.js';
import { testContainer } from '../../support/test-app.js';
import { isMemory, openTestStorage, skipInMemory, sqlOf, type TestStorage } from '../../support/test-storage.js';
import { sql } from '../import/import-support.js';
import { SqlCatalogueSearch } from '../../../adapters/persistence/search/sql-catalogue-search.js';
import { decodePostings, noPostings } from '../../../application/search/posting-codec.js';
import type { SearchCriteria } from '../../../application/ports/catalogue-search.js';

interface Body {
  pagination: { items: number; pages: number };
  results: { id: number; type: string }[];
}

/**
 * The search index as the import keeps it: a record imported again is found by its new words only, the rest as
 * before, with one posting row per token and block left; a search during an import sees the catalogue before it;
 * pages agree with the whole order however deep.
 */
describe('Database search: the index the import keeps', function () {
  this.timeout(180_000);
  let storage: TestStorage;
  let app: Koa;
  let search: (params: string) => Promise<Body>;
  const scratch = new Scratch();

  before(async () => {
    storage = await openTestStorage();
    await seedDemoData(storage, { progress: 'none' });
    const container = testContainer(storage, { RATE_LIMIT_AUTHENTICATED: '100000' });
    app = container.get(HTTP.HttpApp) as unknown as Koa;
    await emptyIdentity(storage);
    const owner = await aUser(container, 'indexer');
    const client = await anApplication(container, owner.name);
    search = async (params) => {
      const res = await apiAs(app, client)('app').get(`/database/search?${params}`);
      expect(res.status, `${params}: ${res.text}`).to.equal(200);
      return res.body as Body;
    };
  });
  after(async () => {
    await storage.close();
    scratch.cleanup();
  });

  const ids = async (params: string): Promise<string[]> => {
    const out: string[] = [];
    for (let page = 1; ; page++) {
      const body = await search(`${params}&per_page=100&page=${page}`);
      out.push(...body.results.map((r) => `${r.type}:${r.id}`));
      if (page >= body.pagination.pages) return out;
    }
  };
  /** The demo releases dump with release 1 ("Stockholm") retitled. */
  const retitled = (title: string): string => {
    const xml = zlib.gunzipSync(fs.readFileSync(demo('releases'))).toString('utf8');
    const start = xml.indexOf('<release id="1" ');
    const at = xml.indexOf('<title>Stockholm</title>', start);
    expect(at).to.be.greaterThan(start);
    const changed = `${xml.slice(0, at)}<title>${title}</title>${xml.slice(at + '<title>Stockholm</title>'.length)}`;
    const folder = title.replace(/\W/g, '');
    fs.mkdirSync(`${scratch.dir}/${folder}`, { recursive: true });
    return scratch.write(`${folder}/discogs_20200806_releases.xml.gz`, zlib.gzipSync(changed));
  };

  it('stems every word of the demo releases as PostgreSQL’s english_stem does (its stop words aside)', async function () {
    skipInMemory(this);
    const words = new Set<string>();
    for (const r of await readDump(demo('releases'), 'releases')) {
      for (const grade of releaseSearchFacts(r).words) for (const w of grade) if (/^[a-z]+$/.test(w)) words.add(w);
    }
    const stemmer = new Porter2Stemmer();
    const list = [...words];
    const rows = await sql<{ w: string; s: string | null }>(
      sqlOf(storage),
      `SELECT w, (ts_lexize('english_stem', w))[1] AS s FROM unnest('{${list.join(',')}}'::text[]) w`,
    );
    const stemmed = rows.filter((r) => r.s !== null);
    expect(stemmed.length).to.be.greaterThan(10_000);
    expect(stemmed.filter((r) => stemmer.stem(r.w) !== r.s)).to.deep.equal([]);
  });

  it('pages agree with the whole order, however deep; past the end is empty with the count', async () => {
    const all = await ids('type=release');
    const releases = await readDump(demo('releases'), 'releases');
    expect(all).to.have.length(releases.length);
    for (const page of [1, 37, 142, 143]) {
      const body = await search(`type=release&per_page=7&page=${page}`);
      expect(body.results.map((r) => `${r.type}:${r.id}`)).to.deep.equal(all.slice((page - 1) * 7, page * 7));
      expect(body.pagination.items).to.equal(releases.length);
    }
    expect((await search('type=release&per_page=7&page=100000')).results).to.deep.equal([]);
  });

  it('a record imported again is found by its new words and not its old ones; the others as before', async () => {
    const questions = ['q=love', 'genre=Electronic', 'q=the', 'type=master&q=stockholm', 'style=house&year=1999', 'q=persuader'];
    const before = await Promise.all(questions.map(ids));
    expect(await ids('type=release&release_title=stockholm')).to.include('release:1');
    const [summary] = await runImport(storage, [retitled('Quuxlophone Zebrawing')], { progress: 'none' });
    expect(summary).to.include({ updated: 1, inserted: 0 });
    expect(await ids('q=quuxlophone')).to.deep.equal(['release:1']);
    expect(await ids('type=release&release_title=zebrawing quuxlophone')).to.deep.equal(['release:1']);
    expect(await ids('type=release&release_title=stockholm')).to.not.include('release:1');
    expect(await Promise.all(questions.map(ids))).to.deep.equal(before);
    // Compacted: one row per kind, token and block.
    if (!isMemory(storage)) expect(await sql(sqlOf(storage), 'SELECT kind, token, block FROM search_posting GROUP BY 1, 2, 3 HAVING count(*) > 1')).to.deep.equal([]);
  });

  it('a search while an import is under way sees the catalogue as it was before it (PostgreSQL, memory)', async function () {
    if (!isMemory(storage) && !process.env.DATABASE_URL) this.skip();
    const [changed] = (await readDump(retitled('Vortigaunt Marmalade'), 'releases')).filter((r) => r.id === 1);
    const writer = isMemory(storage) ? testContainer(storage).get(CATALOGUE.Writer) : catalogueWriterFor(sqlOf(storage), { flushRecords: 1 });
    const session = await writer.begin('releases');
    try {
      await session.write({ kind: 'releases', records: [changed!] });
      await session.write({ kind: 'releases', records: [{ ...changed!, id: 2_000_001 }] });
      expect(await ids('q=vortigaunt')).to.deep.equal([]);
      expect(await ids('q=quuxlophone')).to.deep.equal(['release:1']);
      await session.commit();
    } catch (err) {
      await session.rollback();
      throw err;
    }
    expect(await ids('q=vortigaunt')).to.deep.equal(['release:1', 'release:2000001']);
    expect(await ids('q=quuxlophone')).to.deep.equal([]);
  });

  it('popularity follows a release’s counts, for the release (it has no entry) and for its master; an import again makes it anew', async function () {
    skipInMemory(this);
    const [pair] = await sql(sqlOf(storage), 'SELECT m.id AS master, m.main_release AS release FROM master m JOIN release r ON r.id = m.main_release ORDER BY m.id LIMIT 1');
    const [master, release] = [Number(pair!.master), Number(pair!.release)];
    expect(await sql(sqlOf(storage), `SELECT 1 FROM search_entry WHERE kind = 'release'`)).to.deep.equal([]);
    const popularity = async (kind: number, id: number): Promise<number> => {
      const [row] = await sql(sqlOf(storage), `SELECT pops[${(id & 16383) + 1}] AS pop FROM search_popularity WHERE kind = ${kind} AND block = ${id >> 14}`);
      return Number(row?.pop ?? 0);
    };
    // The collection and wantlist modules change the counts; the trigger follows them.
    await sql(sqlOf(storage), `UPDATE release SET num_have = 5, num_want = 2 WHERE id = ${release}`);
    expect([await popularity(3, release), await popularity(2, master)]).to.deep.equal([7, 7]);
    const found = await search('type=release&per_page=1');
    expect(found.results.map((r) => r.id)).to.deep.equal([release]);
    // Lost, then made again by an import of the releases (the counts stay with the rows).
    await sql(sqlOf(storage), 'DELETE FROM search_popularity');
    expect(await popularity(3, release)).to.equal(0);
    const importer = new ImportDump(new XmlDumpReader(), catalogueWriterFor(sqlOf(storage)), { now: () => new Date() });
    expect(await importer.execute({ source: demo('releases') })).to.include({ inserted: 0 });
    expect(await popularity(3, release)).to.equal(7);
    await sql(sqlOf(storage), `UPDATE release SET num_have = 0, num_want = 0 WHERE id = ${release}`);
    expect([await popularity(3, release), await popularity(2, master)]).to.deep.equal([0, 0]);
  });

  it('a block compacted a few rows at a time is the block compacted at once', async function () {
    skipInMemory(this);
    const questions = ['q=love', 'genre=Electronic', 'q=the', 'style=house&year=1999', 'q=persuader', 'q=stockholm'];
    const reimport = async (compaction?: { rows: number; bytes: number }): Promise<Record<string, unknown>[]> => {
      const importer = new ImportDump(new XmlDumpReader(), catalogueWriterFor(sqlOf(storage), compaction ? { compaction } : {}), {
        now: () => new Date(),
      });
      expect(await importer.execute({ source: demo('releases') })).to.include({ inserted: 0 });
      return sql(sqlOf(storage), 'SELECT kind, token, block, part, n, md5(postings) AS postings FROM search_posting ORDER BY kind, token COLLATE "C", block');
    };
    const whole = await reimport();
    const found = await Promise.all(questions.map(ids));
    // A hundred rows read at a time (the demo block has thousands), the rows written back after each hundred.
    const inParts = await reimport({ rows: 100, bytes: 1 });
    expect(inParts.length).to.be.greaterThan(1000);
    expect(inParts).to.deep.equal(whole);
    expect(await Promise.all(questions.map(ids))).to.deep.equal(found);
  });

  it('top-k pages (block bounds, ADR 0053) are the exhaustive evaluation’s, with popularity or without', async function () {
    skipInMemory(this);
    const db = sqlOf(storage);
    const topK = new SqlCatalogueSearch(db.orm, { timeoutMs: 10_000 });
    const exhaustive = new SqlCatalogueSearch(db.orm, { timeoutMs: 10_000, exhaustive: true });
    const questions: SearchCriteria[] = [
      { text: 'love', fields: {} },
      { text: 'the', fields: {} },
      { text: 'stockholm', fields: {} },
      { text: 'the', kind: 'release', fields: {} },
      { title: 'love', fields: {} },
      { releaseTitle: 'the', fields: {} },
      { fields: { genre: 'Electronic' } },
      { text: 'love the', fields: {} },
    ];
    const compare = async (): Promise<void> => {
      for (const criteria of questions) {
        for (const [page, perPage] of [[1, 5], [4, 13], [30, 3]] as const) {
          const [a, b] = [await topK.search(criteria, { page, perPage }), await exhaustive.search(criteria, { page, perPage })];
          const label = `${JSON.stringify(criteria)} page ${page} of ${perPage}`;
          expect(a.total, label).to.equal(b.total);
          expect(a.items.map((h) => `${h.kind}:${h.id}`), label).to.deep.equal(b.items.map((h) => `${h.kind}:${h.id}`));
        }
      }
    };
    await compare();
    // Popular releases (every ninth), in the collection counts the popularity trigger follows.
    await sql(db, 'UPDATE release SET num_have = num_have + (id % 7) + 1 WHERE id % 9 = 0');
    await compare();
    await sql(db, 'UPDATE release SET num_have = num_have - (id % 7) - 1 WHERE id % 9 = 0');
  });

  it('top-k pages of several lists (ADR 0062) are the exhaustive evaluation’s on random questions; counts exact or estimated', async function () {
    skipInMemory(this);
    const db = sqlOf(storage);
    // Every question of several lists takes the top-k path (the demo catalogue is far below the default's postings).
    const topK = new SqlCatalogueSearch(db.orm, { timeoutMs: 10_000, exactCountPostings: 0 });
    const exhaustive = new SqlCatalogueSearch(db.orm, { timeoutMs: 10_000, exhaustive: true });
    const rows = await sql<{ block: number }>(db, `SELECT DISTINCT block FROM search_posting WHERE kind = 3`);
    expect(rows.length, 'release blocks of the demo catalogue').to.be.greaterThan(5);
    let seed = 35;
    const next = (): number => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    const words = ['the', 'love', 'mix', 'remix', 'of', 'original', 'live', 'you', 'house', 'part', 'vol', 'dance'];
    const fields: SearchCriteria['fields'][] = [
      { genre: 'Electronic' }, { genre: 'Rock' }, { style: 'House' }, { style: 'Techno' }, { country: 'UK' }, { country: 'US' },
      { country: 'Germany' }, { format: 'Vinyl' }, { format: 'CD' }, { year: '1999' }, { year: '2000' }, { label: 'records' },
    ];
    const question = (): SearchCriteria => {
      const shape = Math.floor(next() * 6);
      if (shape === 0) return { text: `${pick(words)} ${pick(words)}`, fields: {} };
      if (shape === 1) return { text: pick(words), fields: pick(fields) };
      if (shape === 2) return { fields: { ...pick(fields), ...pick(fields) } };
      if (shape === 3) return { text: `${pick(words)} ${pick(words)}`, kind: 'release', fields: pick(fields) };
      if (shape === 4) return { title: `${pick(words)} ${pick(words)}`, fields: {} };
      return { text: pick(words), releaseTitle: pick(words), fields: {} };
    };
    const compare = async (): Promise<number> => {
      let estimated = 0;
      for (let q = 0; q < 40; q++) {
        const criteria = question();
        const [page, perPage] = pick([[1, 5], [2, 13], [1, 50], [7, 9]] as const);
        const [a, b] = [await topK.search(criteria, { page, perPage }), await exhaustive.search(criteria, { page, perPage })];
        const label = `${JSON.stringify(criteria)} page ${page} of ${perPage}`;
        expect(a.items.map((h) => `${h.kind}:${h.id}`), label).to.deep.equal(b.items.map((h) => `${h.kind}:${h.id}`));
        if (a.estimated) {
          estimated++;
          expect(a.total, label).to.be.at.least((page - 1) * perPage + a.items.length);
        } else expect(a.total, label).to.equal(b.total);
      }
      return estimated;
    };
    const flat = await compare();
    // Popular releases (every ninth), in the collection counts the popularity trigger follows.
    await sql(db, 'UPDATE release SET num_have = num_have + (id % 7) + 1 WHERE id % 9 = 0');
    const popular = await compare();
    await sql(db, 'UPDATE release SET num_have = num_have - (id % 7) - 1 WHERE id % 9 = 0');
    expect(flat + popular, 'questions whose count was estimated').to.be.greaterThan(0);
  });

  it('each posting row keeps the grades of its postings, as the import and the compaction write them', async function () {
    skipInMemory(this);
    const rows = await sql<{ block: number; postings: Uint8Array; grades: number | null }>(sqlOf(storage), 'SELECT block, postings, grades FROM search_posting');
    expect(rows.length).to.be.greaterThan(1000);
    const decoded = noPostings();
    for (const row of rows) {
      decoded.length = 0;
      decodePostings(row.block, row.postings, decoded);
      let mask = 0;
      for (let i = 0; i < decoded.length; i++) mask |= 1 << decoded.grades[i]!;
      expect(row.grades).to.equal(mask);
    }
  });
});
