/*
 * Search benchmark: GET /database/search on Spindle over a synthetic catalogue, kind of question by kind of question
 * (one common word, two words, artist, title, label and catalogue number, barcode, a misspelt word, genre and year, a
 * deep page, artists by name), each beside a plain SQL baseline: the same kind of question asked straight of
 * PostgreSQL with ILIKE / LIKE on the catalogue's own columns, without the search index.
 *
 *   node dist/bench/search-bench.js [--releases 1000000] [--records 200000] [--postgres URL] [--rebuild] [--keep]
 *                                   [--requests 200] [--warmup 20] [--concurrency 1] [--baseline-runs 5]
 *
 * The database (default postgres://postgres@127.0.0.1:5432/spindle_search_bench) is built with `spindle import` from
 * the synthetic dumps (N releases, M of each other kind) and kept; a later run reuses it when it holds the same counts.
 */
import fs from 'node:fs';
import os from 'node:os';
import { Command } from 'commander';
import { defaultWebConcurrency } from '../composition/config.js';
import pg from 'pg';
import { assertBenchDatabase, databaseExists, databaseName, recreateBenchDatabase } from './bench-database.js';
import {
  freePort,
  runNode,
  servingEnv,
  startServer,
  stopAll,
  stopProcessesOnExit,
  wasInterrupted,
  withClient,
  SPINDLE_CLI as CLI,
  spindleNodeOptions,
  withSpindleSettings,
  type Server,
} from './bench-processes.js';
import { percentile } from './percentile.js';
import { IMPORT_ORDER, ensureSyntheticDumps, removeSyntheticDumps, type DumpCounts } from './synthetic-dumps.js';
import { Porter2Stemmer } from '../adapters/persistence/search/porter2-stemmer.js';
import { KIND_CODES } from '../application/search/posting-codec.js';
import { releaseSearchEntry, searchTokens } from '../domain/catalogue/search-facts.js';
import { releaseDocumentColumns, releaseForms, type ReleaseDocumentRow } from '../adapters/persistence/catalogue/release-forms.js';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/spindle_search_bench';
const USER_AGENT = 'SpindleSearchBench/1.0';
const PER_PAGE = 50;
/** The sample records are ids 1…SAMPLES of each kind; every later id repeats one of them. */
const SAMPLES = 1000;
/** Distinct instances of a kind of question (fewer when the samples have fewer). */
const INSTANCES = 50;

const program = new Command()
  .option('--releases <n>', 'releases in the database', (v) => Number(v), 1_000_000)
  .option('--records <n>', 'labels, artists and masters in the database (as the import benchmark sizes them)', (v) => Number(v), 200_000)
  .option('--artists <n>', 'artists in the database (default --records)', (v) => Number(v))
  .option('--labels <n>', 'labels in the database (default --records)', (v) => Number(v))
  .option('--masters <n>', 'masters in the database (default --records)', (v) => Number(v))
  .option('--postgres <url>', 'the database to build or reuse (its name must contain "bench")', DEFAULT_URL)
  .option('--rebuild', 'build the database again even when it holds the same number of records')
  .option('--keep', 'keep the generated dumps in the temp folder after building the database')
  .option('--requests <n>', 'measured requests per kind of question', (v) => Number(v), 200)
  .option('--warmup <n>', 'requests per kind of question before measuring', (v) => Number(v), 20)
  .option('--concurrency <n>', 'requests in flight at a time', (v) => Number(v), 1)
  .option('--kind-seconds <n>', 'stop measuring a kind after this long (once 20 requests are in)', (v) => Number(v), 120)
  .option('--deep-page <n>', 'the page of the deep-page question (50 per page)', (v) => Number(v), 2000)
  .option('--baseline-runs <n>', 'runs of each plain SQL baseline (fewer once a kind has taken 30 s)', (v) => Number(v), 5)
  .option('--no-baseline', 'skip the plain SQL baselines')
  .option('--json <file>', 'also write the figures of each kind of question (p50, p95, items) to this file as JSON')
  .option('--answers <file>', 'write each question asked and its answer (items, the results\' type:id) as JSON lines, to compare builds')
  .option('--only <kinds>', 'comma-separated keys of the kinds of question to run (word,words,artist,title,catno,barcode,misspelt,genre-year,deep,artist-name)')
  .parse();
const opts = program.opts<{
  releases: number;
  records: number;
  artists?: number;
  labels?: number;
  masters?: number;
  json?: string;
  postgres: string;
  rebuild?: boolean;
  keep?: boolean;
  requests: number;
  warmup: number;
  concurrency: number;
  kindSeconds: number;
  deepPage: number;
  baselineRuns: number;
  baseline: boolean;
  answers?: string;
  only?: string;
}>();

stopProcessesOnExit();

// ---------------------------------------------------------------------------------------------------------------
// The database

/** Records of each catalogue table, or null when the catalogue tables are not there. */
async function catalogueCounts(url: string): Promise<Record<string, number> | null> {
  if (!(await databaseExists(url))) return null;
  return withClient(url, async (c) => {
    const { rows } = await c.query<{ present: boolean }>(
      `select to_regclass('release') is not null and to_regclass('search_entry') is not null as present`,
    );
    if (!rows[0]?.present) return null;
    const counts = await c.query<Record<string, number>>(
      `select (select count(*) from label)::int as labels, (select count(*) from artist)::int as artists,
              (select count(*) from master)::int as masters, (select count(*) from release)::int as releases,
              (select count(*) from search_entry)::int as entries`,
    );
    return counts.rows[0]!;
  });
}

/** Reuses the database when it holds these counts; otherwise (or with --rebuild) imports the synthetic dumps. */
async function ensureDatabase(url: string, counts: DumpCounts): Promise<void> {
  const found = await catalogueCounts(url);
  const total = IMPORT_ORDER.reduce((n, k) => n + counts[k], 0);
  // (Every record but releases has a search entry: a release's result is read from its row.)
  const same = found !== null && IMPORT_ORDER.every((k) => found[k] === counts[k]) && found.entries === total - counts.releases;
  if (same && !opts.rebuild) {
    console.log(`reusing ${databaseName(url)}: ${describeCounts(counts)} (--rebuild to build it again)`);
    return;
  }
  assertBenchDatabase(url);
  if (found) console.log(`${databaseName(url)} holds ${JSON.stringify(found)}: building it again`);
  const t0 = performance.now();
  const dumps = await ensureSyntheticDumps(counts, IMPORT_ORDER);
  try {
    await recreateBenchDatabase(url);
    console.log(`spindle import into ${databaseName(url)} …`);
    const t1 = performance.now();
    const run = await runNode([...spindleNodeOptions('import'), CLI, 'import', ...IMPORT_ORDER.map((k) => dumps.files[k])], withSpindleSettings({ ...process.env, DATABASE_URL: url }));
    if (run.code !== 0) throw new Error(`spindle import failed (exit ${run.code}):\n${run.stderr}`);
    process.stdout.write(run.stdout);
    console.log(`imported in ${s(t1)} s`);
  } finally {
    if (!opts.keep) removeSyntheticDumps(dumps, IMPORT_ORDER);
  }
  // The state autovacuum reaches on its own a while after an import (statistics, visibility map, hint bits).
  const t2 = performance.now();
  await withClient(url, (c) => c.query('vacuum (analyze)'));
  console.log(`vacuum (analyze): ${s(t2)} s; database built in ${s(t0)} s`);
}

const describeCounts = (c: DumpCounts) =>
  `${int(c.releases)} releases, ${int(c.masters)} masters, ${int(c.artists)} artists, ${int(c.labels)} labels`;

/** A user and an application of theirs (created through the CLI, as an operator would): its key and secret. */
async function createApplication(url: string): Promise<{ key: string; secret: string }> {
  const env = { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' };
  const user = 'search-bench';
  const added = await runNode([CLI, 'user', 'add', user, '--email', 'search-bench@example.invalid', '--password', 'search-bench-password'], env);
  if (added.code !== 0 && !/is taken/.test(added.stderr + added.stdout)) {
    throw new Error(`spindle user add failed (exit ${added.code}):\n${added.stderr}`);
  }
  const app = await runNode([CLI, 'app', 'add', 'Search benchmark', '--owner', user], env);
  const key = /consumer_key=(\S+)/.exec(app.stdout)?.[1];
  const secret = /consumer_secret=(\S+)/.exec(app.stdout)?.[1];
  if (app.code !== 0 || !key || !secret) throw new Error(`spindle app add failed (exit ${app.code}):\n${app.stderr}${app.stdout}`);
  return { key, secret };
}

// ---------------------------------------------------------------------------------------------------------------
// The questions

/** A plain SQL question over one table: `select count(*) … where …` and `select id … order by id limit 50 offset …`. */
interface Baseline {
  readonly table: 'release' | 'artist';
  readonly where: string;
  readonly values: readonly unknown[];
  readonly offset: number;
}

interface Question {
  /** The search parameters (besides the credentials). */
  readonly params: Readonly<Record<string, string>>;
  readonly baseline: Baseline;
}

interface Kind {
  readonly key: string;
  readonly label: string;
  /** What the instances are, for the header. */
  readonly about: string;
  /** What the baseline asks, for the header. */
  readonly baselineAbout: string;
  readonly questions: readonly Question[];
}

/** `%value%` for LIKE, its own %, _ and \ escaped. */
const contains = (value: string) => `%${value.replace(/[\\%_]/g, '\\$&')}%`;

/** `n` items spread evenly over `all` (all of them when there are fewer). */
function spread<T>(all: readonly T[], n = INSTANCES): T[] {
  if (all.length <= n) return [...all];
  return Array.from({ length: n }, (_, i) => all[Math.floor((i * all.length) / n)]!);
}

const LETTERS = /^[a-z]+$/;

/** The words of a folded text (letters only), as search-facts tokenises them (minus digits and other scripts). */
const lettersWords = (text: string) => text.split(/[^a-z0-9]+/).filter((w) => LETTERS.test(w));

/** The word without its third letter from the end (`stockholm` → `stockhlm`): a typing slip trigrams still meet. */
const misspell = (word: string): string => word.slice(0, -3) + word.slice(-2);

/**
 * The instances of every kind of question, drawn from the sample records (ids 1…1,000 of each kind, which every
 * later id repeats), so that each is a question about records that are there, 1/1,000 of them each.
 */
async function questions(url: string, releases: number): Promise<Kind[]> {
  return withClient(url, async (c) => {
    const rows = async <T>(sql: string, values: unknown[] = []) => (await c.query(sql, values)).rows as T[];
    // (A release's result values, as a search shows them, are read from its row.)
    const samples = (
      await rows<{ id: number; title: string; artist: string; label: string; catno: string } & ReleaseDocumentRow>(
        `select r.id, r.title, r.artist, r.label, r.catno, ${releaseDocumentColumns('r.')}
           from release r where r.id <= ${SAMPLES} order by r.id`,
      )
    ).map((r) => ({ ...r, result: releaseSearchEntry(releaseForms(r).release()).result }));
    // The words of each sample's title as the search folds them (letters only).
    const titleWords = new Map(samples.map((r) => [r.id, lettersWords(searchTokens(r.title).join(' '))]));
    // Words that are not English stop words (PostgreSQL's english dictionary): a question of "the" alone is no one's.
    const candidates = [...new Set(samples.flatMap((r) => titleWords.get(r.id)!).filter((w) => w.length >= 3))];
    const meaningful = new Set(
      (await rows<{ w: string }>(`select w from unnest($1::text[]) w where numnode(to_tsquery('english', w)) > 0`, [candidates])).map((r) => r.w),
    );
    // How many releases hold each word (its stem) anywhere: the postings of its token.
    const stemmer = new Porter2Stemmer();
    const holders = async (words: readonly string[]): Promise<Map<string, number>> => {
      const counts = await rows<{ token: string; n: number }>(
        `select token, sum(n)::int as n from search_posting where kind = ${KIND_CODES.release} and token = any($1::text[]) group by token`,
        [[...new Set(words.map((w) => stemmer.token(w)))]],
      );
      const byToken = new Map(counts.map((c) => [c.token, c.n]));
      return new Map(words.map((w) => [w, byToken.get(stemmer.token(w)) ?? 0]));
    };

    // One common word: the 20 title words (of sample titles, twice or more) that the most releases hold anywhere.
    const titleCounts = new Map<string, number>();
    for (const r of samples) for (const w of new Set(titleWords.get(r.id))) if (meaningful.has(w)) titleCounts.set(w, (titleCounts.get(w) ?? 0) + 1);
    const inTitles = [...titleCounts].filter(([, n]) => n >= 2).map(([w]) => w);
    const held = await holders(inTitles);
    // (one word of each stem: `love`, not `loved` too)
    const byStem = new Map<string, { w: string; n: number }>();
    for (const w of [...inTitles].sort((a, b) => a.length - b.length || (a < b ? -1 : 1))) {
      const token = stemmer.token(w);
      if (!byStem.has(token)) byStem.set(token, { w, n: held.get(w)! });
    }
    const common = [...byStem.values()].sort((a, b) => b.n - a.n || a.w.length - b.w.length || (a.w < b.w ? -1 : 1)).slice(0, 20);
    const releaseText = `(title || ' ' || artist)`;
    const word: Kind = {
      key: 'word',
      label: 'one common word',
      about: `q=<one of the 20 title words the most releases hold: ${common.slice(0, 5).map((r) => r.w).join(', ')} …>`,
      baselineAbout: `release title or artist ILIKE '%word%'`,
      questions: common.map((r) => ({
        params: { q: r.w },
        baseline: { table: 'release', where: `(title ilike $1 or artist ilike $1)`, values: [contains(r.w)], offset: 0 },
      })),
    };

    // Two words: two neighbouring words of a sample title.
    const pairs: [string, string][] = [];
    for (const r of samples) {
      const ws = titleWords.get(r.id)!;
      const i = ws.findIndex((w, k) => k + 1 < ws.length && meaningful.has(w) && meaningful.has(ws[k + 1]!));
      if (i >= 0) pairs.push([ws[i]!, ws[i + 1]!]);
    }
    const words: Kind = {
      key: 'words',
      label: 'two words',
      about: 'q=<two neighbouring words of a title>',
      baselineAbout: `title || ' ' || artist ILIKE '%w1%' and ILIKE '%w2%'`,
      questions: spread(pairs).map(([a, b]) => ({
        params: { q: `${a} ${b}` },
        baseline: { table: 'release', where: `${releaseText} ilike $1 and ${releaseText} ilike $2`, values: [contains(a), contains(b)], offset: 0 },
      })),
    };

    const withArtist = samples.filter((r) => /[\p{L}\p{N}]/u.test(r.artist));
    const artist: Kind = {
      key: 'artist',
      label: 'artist',
      about: "artist=<a release's artist line>",
      baselineAbout: `release.artist ILIKE '%artist%'`,
      questions: spread(withArtist).map((r) => ({
        params: { artist: r.artist },
        baseline: { table: 'release', where: 'artist ilike $1', values: [contains(r.artist)], offset: 0 },
      })),
    };

    const withTitle = samples.filter((r) => /[\p{L}\p{N}]/u.test(r.title));
    const title: Kind = {
      key: 'title',
      label: 'title',
      about: "title=<a release's title>",
      baselineAbout: `release.title ILIKE '%title%'`,
      questions: spread(withTitle).map((r) => ({
        params: { title: r.title },
        baseline: { table: 'release', where: 'title ilike $1', values: [contains(r.title)], offset: 0 },
      })),
    };

    const withCatno = samples.filter((r) => /[\p{L}\p{N}]/u.test(r.label) && /[\p{L}\p{N}]/u.test(r.catno) && r.catno.toLowerCase() !== 'none');
    const catno: Kind = {
      key: 'catno',
      label: 'label + catno',
      about: "label=<a release's first label>&catno=<its catalogue number>",
      baselineAbout: `release.label ILIKE '%label%' and release.catno ILIKE '%catno%'`,
      questions: spread(withCatno).map((r) => ({
        params: { label: r.label, catno: r.catno },
        baseline: { table: 'release', where: 'label ilike $1 and catno ilike $2', values: [contains(r.label), contains(r.catno)], offset: 0 },
      })),
    };

    const barcodes = samples.flatMap((r) => (r.result.barcode ?? []).filter((b) => /[\p{L}\p{N}]/u.test(b)).slice(0, 1));
    const barcode: Kind = {
      key: 'barcode',
      label: 'barcode',
      about: "barcode=<a release's barcode as written>",
      baselineAbout: `release.document LIKE '%barcode%' (no barcode column)`,
      questions: spread(barcodes).map((b) => ({
        params: { barcode: b },
        baseline: { table: 'release', where: 'document like $1', values: [contains(b)], offset: 0 },
      })),
    };

    // A title word of 7 letters or more, misspelt so that no record holds it: the search falls back to trigrams.
    const misspellings = [...new Set(samples.flatMap((r) => titleWords.get(r.id)!).filter((w) => w.length >= 7 && meaningful.has(w)))].map(misspell);
    const misspeltHeld = await holders(misspellings);
    const unknown = misspellings.filter((w) => misspeltHeld.get(w) === 0).sort().map((w) => ({ w }));
    const misspelt: Kind = {
      key: 'misspelt',
      label: 'misspelt word',
      about: `q=<a title word without its third letter from the end, in no record: ${unknown.slice(0, 3).map((r) => r.w).join(', ')} …>`,
      baselineAbout: `word_similarity(q, release.title) >= 0.5 (pg_trgm, no index: q <% title)`,
      questions: spread(unknown).map((r) => ({
        params: { q: r.w },
        baseline: { table: 'release', where: '$1 <% title', values: [r.w], offset: 0 },
      })),
    };

    const dated = samples.filter((r) => r.result.genre.length > 0 && r.result.year !== '');
    const genreYear: Kind = {
      key: 'genre-year',
      label: 'genre + year',
      about: "genre=<a release's first genre>&year=<its year>",
      baselineAbout: `release.year = year and release.document LIKE '%"Genre"%'`,
      questions: spread(dated).map((r) => ({
        params: { genre: r.result.genre[0]!, year: r.result.year },
        baseline: { table: 'release', where: 'year = $1 and document like $2', values: [Number(r.result.year), contains(JSON.stringify(r.result.genre[0]!))], offset: 0 },
      })),
    };

    // A deep page of the genres with enough releases for it (estimated from the samples).
    const genreCounts = new Map<string, number>();
    for (const r of samples) for (const g of new Set(r.result.genre)) genreCounts.set(g, (genreCounts.get(g) ?? 0) + 1);
    const estimate = (n: number) => Math.floor((n * releases) / SAMPLES);
    const byCount = [...genreCounts].sort((a, b) => b[1] - a[1]);
    const deepGenres = byCount.filter(([, n]) => estimate(n) >= opts.deepPage * PER_PAGE);
    const page = deepGenres.length > 0 ? opts.deepPage : Math.max(1, Math.floor(estimate(byCount[0]![1]) / PER_PAGE));
    const deep: Kind = {
      key: 'deep',
      label: `deep page (${int(page)})`,
      about: `type=release&genre=<${(deepGenres.length > 0 ? deepGenres : byCount.slice(0, 1)).map(([g]) => g).join(' | ')}>&page=${page}&per_page=${PER_PAGE}`,
      baselineAbout: `release.document LIKE '%"Genre"%' order by id offset ${int((page - 1) * PER_PAGE)}`,
      questions: (deepGenres.length > 0 ? deepGenres : byCount.slice(0, 1)).map(([g]) => ({
        params: { type: 'release', genre: g, page: String(page), per_page: String(PER_PAGE) },
        baseline: { table: 'release', where: 'document like $1', values: [contains(JSON.stringify(g))], offset: (page - 1) * PER_PAGE },
      })),
    };

    const artists = await rows<{ name: string }>(`select name from artist where id <= ${SAMPLES} order by id`);
    const artistName: Kind = {
      key: 'artist-name',
      label: 'type=artist',
      about: "type=artist&q=<an artist's name>",
      baselineAbout: `artist.name ILIKE '%name%'`,
      questions: spread(artists.filter((a) => /[\p{L}\p{N}]/u.test(a.name))).map((a) => ({
        params: { type: 'artist', q: a.name },
        baseline: { table: 'artist', where: 'name ilike $1', values: [contains(a.name)], offset: 0 },
      })),
    };

    const all = [word, words, artist, title, catno, barcode, misspelt, genreYear, deep, artistName];
    const only = opts.only?.split(',').map((k) => k.trim());
    for (const k of only ?? []) if (!all.some((kind) => kind.key === k)) throw new Error(`--only: no kind of question "${k}"`);
    for (const kind of all) if (kind.questions.length === 0) throw new Error(`no instances of "${kind.label}" in the samples`);
    return only ? all.filter((k) => only.includes(k.key)) : all;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Measuring

interface Figures {
  /** Latency of each measured request (ms). */
  readonly ms: number[];
  /** `pagination.items` (or the SQL count) of each measured question. */
  readonly items: number[];
  readonly problems: string[];
}

function searchUrl(base: string, q: Question, credentials: { key: string; secret: string }): string {
  const search = new URLSearchParams({ ...q.params, key: credentials.key, secret: credentials.secret });
  return `${base}/database/search?${search}`;
}

/** Each question's first answer (with --answers), by kind and parameters. */
const answers = new Map<string, { items: number; results: string[] }>();

/**
 * `count` requests, `concurrency` at a time, the i-th asking question i mod n (from `start`); fewer when `seconds`
 * have passed and at least 20 are in.
 */
async function drive(
  server: Server,
  kind: Kind,
  credentials: { key: string; secret: string },
  count: number,
  start: number,
  seconds = Infinity,
): Promise<Figures> {
  const figures: Figures = { ms: [], items: [], problems: [] };
  const t0 = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < count && (next < 20 || performance.now() - t0 < seconds * 1000)) {
      const i = next++;
      const q = kind.questions[(start + i) % kind.questions.length]!;
      const t0 = performance.now();
      const res = await fetch(searchUrl(server.base, q, credentials), { headers: { 'User-Agent': USER_AGENT } });
      const body = await res.text();
      const elapsed = performance.now() - t0;
      if (res.status !== 200) {
        if (figures.problems.length < 3) figures.problems.push(`${res.status} for ${new URLSearchParams(q.params).toString()}: ${body.slice(0, 200)}`);
        continue;
      }
      const answer = JSON.parse(body) as { pagination: { items: number }; results: { type: string; id: number }[] };
      figures.ms.push(elapsed);
      figures.items.push(answer.pagination.items);
      const key = `${kind.key} ${new URLSearchParams(q.params).toString()}`;
      if (opts.answers && !answers.has(key)) {
        answers.set(key, { items: answer.pagination.items, results: answer.results.map((r) => `${r.type}:${r.id}`) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency) }, worker));
  if (server.proc.exitCode !== null) throw new Error(`Spindle died:\n${server.stderr()}`);
  return figures;
}

/** The baseline's count and page, asked one after the other on one connection, `runs` times (or until 30 s). */
async function baseline(client: pg.Client, kind: Kind, runs: number): Promise<Figures> {
  const figures: Figures = { ms: [], items: [], problems: [] };
  const t0 = performance.now();
  for (let i = 0; i < runs; i++) {
    if (i > 0 && performance.now() - t0 > 30_000) break;
    const b = kind.questions[(i * 7) % kind.questions.length]!.baseline;
    const t1 = performance.now();
    const count = await client.query<{ n: number }>(`select count(*)::int as n from ${b.table} where ${b.where}`, [...b.values]);
    await client.query(`select id from ${b.table} where ${b.where} order by id limit ${PER_PAGE} offset ${b.offset}`, [...b.values]);
    figures.ms.push(performance.now() - t1);
    figures.items.push(count.rows[0]!.n);
  }
  return figures;
}

// ---------------------------------------------------------------------------------------------------------------
// Printing

const int = (n: number) => Math.round(n).toLocaleString('en-US');

function s(t0: number): string {
  return ((performance.now() - t0) / 1000).toFixed(1);
}


const msText = (n: number) => (Number.isNaN(n) ? '-' : n < 100 ? n.toFixed(1) : int(n));

function itemsText(items: readonly number[]): string {
  if (items.length === 0) return '-';
  const min = Math.min(...items);
  const max = Math.max(...items);
  return min === max ? int(min) : `${int(percentile(items, 50))} (${int(min)}–${int(max)})`;
}

// ---------------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  if (!fs.existsSync(CLI)) {
    console.error(`${CLI} is missing: build first (npx tsc -p .)`);
    process.exit(2);
  }
  const url = opts.postgres;
  assertBenchDatabase(url);
  const counts: DumpCounts = {
    labels: opts.labels ?? opts.records,
    artists: opts.artists ?? opts.records,
    masters: opts.masters ?? opts.records,
    releases: opts.releases,
  };
  await ensureDatabase(url, counts);
  const kinds = await questions(url, opts.releases);
  const credentials = await createApplication(url);

  const port = await freePort();
  const spindle = await startServer('Spindle', [CLI, 'serve'], servingEnv(url, port), port, '/releases/1', { 'User-Agent': USER_AGENT });

  const concurrency = process.env.WEB_CONCURRENCY
    ? `WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY}`
    : `WEB_CONCURRENCY unset (${defaultWebConcurrency(url, os.availableParallelism())} by default here)`;
  const header =
    `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}); Spindle: ${concurrency}${process.env.REDIS_URL ? ', REDIS_URL set' : ''}; ` +
    `${describeCounts(counts)}; ${opts.warmup} warm-up and ${opts.requests} measured requests per kind, ${opts.concurrency} at a time`;
  console.log(`\n${header}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);

  const results: { kind: Kind; spindle: Figures; sql?: Figures }[] = [];
  for (const kind of kinds) {
    const t0 = performance.now();
    // The warm-up asks the questions after the measured run's first ones, so both see every instance.
    if (opts.warmup > 0) await drive(spindle, kind, credentials, opts.warmup, Math.floor(kind.questions.length / 2));
    const figures = await drive(spindle, kind, credentials, opts.requests, 0, opts.kindSeconds);
    console.log(
      `${kind.label.padEnd(18)} p50 ${msText(percentile(figures.ms, 50)).padStart(6)} ms  p95 ${msText(percentile(figures.ms, 95)).padStart(6)} ms` +
        `  items ${itemsText(figures.items)}  (${figures.ms.length} requests, ${s(t0)} s)` +
        (figures.problems.length > 0 ? `\n    ${figures.problems.join('\n    ')}` : ''),
    );
    results.push({ kind, spindle: figures });
  }
  await stopAll();
  if (opts.json) {
    const kindsOut = results.map((r) => ({
      key: r.kind.key,
      label: r.kind.label,
      requests: r.spindle.ms.length,
      failed: r.spindle.problems.length,
      p50Ms: percentile(r.spindle.ms, 50),
      p95Ms: percentile(r.spindle.ms, 95),
      itemsMedian: r.spindle.items.length > 0 ? percentile(r.spindle.items, 50) : null,
    }));
    fs.writeFileSync(opts.json, JSON.stringify({ counts, loadAverage: os.loadavg(), kinds: kindsOut }, null, 2) + '\n');
  }
  if (opts.answers) {
    const lines = [...answers].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([question, a]) => JSON.stringify({ question, ...a }));
    fs.writeFileSync(opts.answers, lines.join('\n') + '\n');
    console.log(`\n${lines.length} answers written to ${opts.answers}`);
  }

  if (opts.baseline) {
    console.log('\nplain SQL baselines (count, then the page), straight through pg …');
    await withClient(url, async (client) => {
      await client.query(`set pg_trgm.word_similarity_threshold = 0.5`);
      for (const r of results) {
        const t0 = performance.now();
        r.sql = await baseline(client, r.kind, opts.baselineRuns);
        console.log(`${r.kind.label.padEnd(18)} p50 ${msText(percentile(r.sql.ms, 50)).padStart(6)} ms  (${r.sql.ms.length} runs, ${s(t0)} s)`);
      }
    });
  }

  console.log(`\n== GET /database/search: ${header}`);
  console.log(`load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log('                     Spindle  p50 ms   p95 ms   pagination.items median (min–max)     plain SQL  p50 ms   p95 ms   count median (min–max)');
  for (const r of results) {
    const sp = r.spindle;
    const sql = r.sql;
    const problems =
      (sp.problems.length > 0 ? `  (${sp.problems.length}+ failed requests!)` : '') +
      (sp.ms.length < opts.requests ? `  [${sp.ms.length} requests in --kind-seconds ${opts.kindSeconds}]` : '');
    console.log(
      `${r.kind.label.padEnd(28)} ${msText(percentile(sp.ms, 50)).padStart(8)} ${msText(percentile(sp.ms, 95)).padStart(8)}   ${itemsText(sp.items).padEnd(36)}` +
        `${' '.repeat(10)}${sql ? msText(percentile(sql.ms, 50)).padStart(8) : '-'.padStart(8)} ${sql ? msText(percentile(sql.ms, 95)).padStart(8) : '-'.padStart(8)}   ${sql ? itemsText(sql.items) : '-'}${problems}`,
    );
  }
  console.log('\nThe questions (each kind cycles through its instances; the baseline asks the release or artist table alone):');
  for (const r of results) {
    console.log(`  ${r.kind.label}: ${r.kind.about} (${r.kind.questions.length} instances)\n      e.g. ${new URLSearchParams(r.kind.questions[0]!.params).toString()}\n      SQL: ${r.kind.baselineAbout}`);
  }
}

try {
  await main();
} catch (err) {
  if (!wasInterrupted()) console.error(err instanceof Error ? err.stack ?? err.message : err);
  process.exitCode = 1;
} finally {
  await stopAll();
}
