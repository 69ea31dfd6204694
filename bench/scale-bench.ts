/*
 * Scale benchmark (issue 35): the catalogue at N releases, for each N it is given, with artists, labels and masters in
 * the real dumps' proportions (19 M releases : 9 M artists : 2 M labels : 2 M masters), built from the synthetic dumps
 * (synthetic-dumps.ts: the sample records of every kind repeated, references kept consistent). At each size:
 *
 * 1. `spindle import` of the four files into a fresh PostgreSQL database, as a process of its own (import-process.ts):
 *    seconds, peak RSS, CPU of the command and of the database's processes per record; then `vacuum (analyze)`;
 * 2. the database's size, in all and per table, per release;
 * 3. reads on `spindle serve`, one request at a time: a release (random ids), and the first and last pages of the
 *    largest artist's and label's release lists and of the largest master's versions (p50 / p99);
 * 4. every kind of search question of the search benchmark (search-bench.ts, p50 / p95), run as a process of its own
 *    on the same database.
 *
 * The figures of each size go to a results file (`--results`, default bench/results/scale-bench.json; a size measured
 * again replaces its entry), so the sizes can be measured in separate runs. Then it prints one table over every size in
 * the file: each figure at each N, how it grows (k of the power law y ∝ N^k fitted through the sizes: 1 is linear,
 * 0 flat) and what that projects at 19 M releases; `--readme` also writes the table into bench/README.md.
 *
 *   node dist/bench/scale-bench.js --sizes 1000000,2000000,5000000 --readme
 *   node dist/bench/scale-bench.js --sizes 100000 --results /tmp/scale.json      # a quick run while developing
 *   node dist/bench/scale-bench.js --report --readme                            # the table from the results file alone
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { assertBenchDatabase, databaseName, recreateBenchDatabase } from './bench-database.js';
import {
  SPINDLE_CLI as CLI,
  freePort,
  runNode,
  servingEnv,
  startServer,
  stopAll,
  stopProcess,
  stopProcessesOnExit,
  wasInterrupted,
  withClient,
  withSpindleSettings,
} from './bench-processes.js';
import { runImportProcess } from './import-process.js';
import { percentile } from './percentile.js';
import { IMPORT_ORDER, ensureSyntheticDumps, removeSyntheticDumps, type DumpCounts } from './synthetic-dumps.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.join(HERE, '..', '..');
const DEFAULT_RESULTS = path.join(ROOT, 'bench', 'results', 'scale-bench.json');
const README = path.join(ROOT, 'bench', 'README.md');
const BEGIN = '<!-- scale-bench:begin -->';
const END = '<!-- scale-bench:end -->';
const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/spindle_scale_bench';
const USER_AGENT = 'SpindleScaleBench/1.0';
/** The size the figures are projected to. */
const FULL = 19_000_000;

const program = new Command()
  .option('--sizes <list>', 'comma-separated numbers of releases to measure (e.g. 1000000,2000000,5000000)', '')
  .option('--postgres <url>', 'the database to build at each size (dropped and created; its name must contain "bench")', DEFAULT_URL)
  .option('--results <file>', 'the results file each size is written to and the table is read from', DEFAULT_RESULTS)
  .option('--report', 'measure nothing: print the table of the results file')
  .option('--readme', 'write the table into bench/README.md (between its scale-bench markers)')
  .option('--workers <n>', 'spindle import --workers (default: the command\'s own)', (v) => Number(v))
  .option('--read-requests <n>', 'measured requests of each read (a release: 3 times as many, over random ids)', (v) => Number(v), 100)
  .option('--search-requests <n>', 'measured requests of each kind of search question', (v) => Number(v), 100)
  .option('--keep-dumps', 'keep the generated dumps in the temp folder')
  .option('--keep-database', 'leave the last size\'s database in place')
  .parse();
const opts = program.opts<{
  sizes: string;
  postgres: string;
  results: string;
  report?: boolean;
  readme?: boolean;
  workers?: number;
  readRequests: number;
  searchRequests: number;
  keepDumps?: boolean;
  keepDatabase?: boolean;
}>();

stopProcessesOnExit();

// ---------------------------------------------------------------------------------------------------------------
// The results

interface Latency {
  readonly key: string;
  readonly label: string;
  readonly requests: number;
  readonly p50Ms: number;
  /** p99 for the reads, p95 for the searches. */
  readonly tailMs: number;
  /** Items of the list, or the search's `pagination.items` (median). */
  readonly items?: number | null;
}

interface SizeResult {
  readonly releases: number;
  readonly counts: DumpCounts;
  readonly measuredAt: string;
  readonly machine: string;
  readonly loadAverage: { readonly start: number[]; readonly end: number[] };
  /**
   * Set by hand in the results file when other work shared the machine during the run: the size's timings (wall
   * seconds, latencies) are shown in parentheses and left out of the fits; its sizes and CPU per record still count.
   */
  readonly disturbed?: string;
  readonly import: {
    readonly records: number;
    readonly seconds: number;
    readonly peakRssMb: number;
    readonly nodeCpuUsPerRecord: number;
    readonly postgresCpuUsPerRecord: number | null;
    readonly output: string;
  };
  readonly vacuumSeconds: number;
  readonly bytes: { readonly database: number; readonly tables: Readonly<Record<string, number>> };
  readonly reads: readonly Latency[];
  readonly searches: readonly Latency[];
}

function readResults(file: string): SizeResult[] {
  if (!fs.existsSync(file)) return [];
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { sizes: SizeResult[] }).sizes;
}

function saveResult(file: string, result: SizeResult): void {
  const sizes = readResults(file).filter((r) => r.releases !== result.releases);
  sizes.push(result);
  sizes.sort((a, b) => a.releases - b.releases);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ sizes }, null, 2) + '\n');
}

/** The real dumps' proportions: 19 M releases, 9 M artists, 2 M labels, 2 M masters. */
function countsFor(releases: number): DumpCounts {
  return {
    releases,
    artists: Math.round((releases * 9) / 19),
    labels: Math.round((releases * 2) / 19),
    masters: Math.round((releases * 2) / 19),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Measuring one size

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const since = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);
const load = () => os.loadavg().map((l) => Number(l.toFixed(1)));

async function measure(releases: number): Promise<SizeResult> {
  const counts = countsFor(releases);
  const url = opts.postgres;
  const loadStart = load();
  console.log(`\n== ${int(releases)} releases (${int(counts.artists)} artists, ${int(counts.labels)} labels, ${int(counts.masters)} masters); load ${loadStart.join(' ')}`);
  const dumps = await ensureSyntheticDumps(counts, IMPORT_ORDER);
  try {
    await recreateBenchDatabase(url);
    console.log(`spindle import into ${databaseName(url)} …`);
    const run = await runImportProcess(
      IMPORT_ORDER.map((k) => dumps.files[k]),
      {
        env: withSpindleSettings({ ...process.env, DATABASE_URL: url }),
        ...(opts.workers !== undefined ? { args: ['--workers', String(opts.workers)] } : {}),
        postgresDatabase: databaseName(url),
      },
    );
    process.stdout.write(run.stdout);
    console.log(`imported in ${run.seconds.toFixed(1)} s, peak RSS ${run.peakRssMb} MB`);
    const t0 = performance.now();
    await withClient(url, (c) => c.query('vacuum (analyze)'));
    const vacuumSeconds = (performance.now() - t0) / 1000;
    console.log(`vacuum (analyze): ${vacuumSeconds.toFixed(1)} s`);
    const bytes = await databaseBytes(url);
    console.log(`database: ${(bytes.database / 1e9).toFixed(2)} GB, ${int(bytes.database / releases)} bytes a release`);
    const reads = await measureReads(url);
    const searches = await measureSearches(url, counts);
    return {
      releases,
      counts,
      measuredAt: new Date().toISOString(),
      machine: `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
      loadAverage: { start: loadStart, end: load() },
      import: {
        records: run.records,
        seconds: run.seconds,
        peakRssMb: run.peakRssMb,
        nodeCpuUsPerRecord: run.records > 0 ? run.cpuUs / run.records : 0,
        postgresCpuUsPerRecord: run.postgresCpuUs !== undefined && run.records > 0 ? run.postgresCpuUs / run.records : null,
        output: run.stdout.trim(),
      },
      vacuumSeconds,
      bytes,
      reads,
      searches,
    };
  } finally {
    if (!opts.keepDumps) removeSyntheticDumps(dumps, IMPORT_ORDER);
  }
}

/** The database's size, and each table's with its indexes and TOAST. */
async function databaseBytes(url: string): Promise<SizeResult['bytes']> {
  return withClient(url, async (c) => {
    const db = await c.query<{ bytes: string }>('select pg_database_size(current_database())::bigint as bytes');
    const tables = await c.query<{ name: string; bytes: string }>(
      `select c.relname as name, pg_total_relation_size(c.oid)::bigint as bytes
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'm') and n.nspname = 'public' order by 2 desc`,
    );
    return { database: Number(db.rows[0]!.bytes), tables: Object.fromEntries(tables.rows.map((r) => [r.name, Number(r.bytes)])) };
  });
}

/** The ids the reads ask for: the largest lists, and the release ids' range. */
async function readTargets(url: string) {
  return withClient(url, async (c) => {
    const one = async (sql: string) => (await c.query<{ id: number; n: number }>(sql)).rows[0]!;
    return {
      maxRelease: (await one('select max(id)::int as id, 0 as n from release')).id,
      artist: await one('select artist_id::int as id, count(*)::int as n from release_artist where artist_id > 0 group by artist_id order by 2 desc, 1 limit 1'),
      label: await one('select label_id::int as id, count(*)::int as n from release_label where label_id > 0 group by label_id order by 2 desc, 1 limit 1'),
      master: await one('select master_id::int as id, count(*)::int as n from release where master_id is not null group by master_id order by 2 desc, 1 limit 1'),
    };
  });
}


async function measureReads(url: string): Promise<Latency[]> {
  const targets = await readTargets(url);
  const port = await freePort();
  const server = await startServer('Spindle', [CLI, 'serve'], servingEnv(url, port), port, '/releases/1', { 'User-Agent': USER_AGENT });
  const get = async (p: string): Promise<{ ms: number; body: Record<string, unknown> }> => {
    const t0 = performance.now();
    const res = await fetch(`${server.base}${p}`, { headers: { 'User-Agent': USER_AGENT } });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`GET ${p}: ${res.status} ${text.slice(0, 300)}`);
    return { ms, body: JSON.parse(text) as Record<string, unknown> };
  };
  try {
    const out: Latency[] = [];
    // A release: random ids (a fixed seed, so runs ask the same ones), three times the requests of a list page.
    let seed = 20_261_208;
    const nextId = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return 1 + (seed % targets.maxRelease);
    };
    for (let i = 0; i < 30; i++) await get(`/releases/${nextId()}`);
    const releaseMs: number[] = [];
    for (let i = 0; i < opts.readRequests * 3; i++) releaseMs.push((await get(`/releases/${nextId()}`)).ms);
    out.push({ key: 'release', label: 'a release (random ids)', requests: releaseMs.length, p50Ms: percentile(releaseMs, 50), tailMs: percentile(releaseMs, 99) });
    const lists = [
      { key: 'artist', label: 'the largest artist\'s releases', path: `/artists/${targets.artist.id}/releases` },
      { key: 'label', label: 'the largest label\'s releases', path: `/labels/${targets.label.id}/releases` },
      { key: 'versions', label: 'the largest master\'s versions', path: `/masters/${targets.master.id}/versions` },
    ];
    for (const list of lists) {
      const first = await get(`${list.path}?per_page=100`);
      const pagination = first.body.pagination as { pages: number; items: number };
      for (const [which, page] of [['first', 1], ['last', pagination.pages]] as const) {
        const p = `${list.path}?per_page=100&page=${page}`;
        for (let i = 0; i < 5; i++) await get(p);
        const ms: number[] = [];
        for (let i = 0; i < opts.readRequests; i++) ms.push((await get(p)).ms);
        const latency = { key: `${list.key}-${which}`, label: `${list.label}, ${which} page of 100`, requests: ms.length, p50Ms: percentile(ms, 50), tailMs: percentile(ms, 99), items: pagination.items };
        console.log(`${latency.label.padEnd(48)} p50 ${latency.p50Ms.toFixed(1)} ms  p99 ${latency.tailMs.toFixed(1)} ms  (${int(pagination.items)} items)`);
        out.push(latency);
      }
    }
    console.log(`${out[0]!.label.padEnd(48)} p50 ${out[0]!.p50Ms.toFixed(1)} ms  p99 ${out[0]!.tailMs.toFixed(1)} ms`);
    return out;
  } finally {
    await stopProcess(server.proc);
  }
}

/** The search benchmark's questions, on this database (which it reuses: it holds the counts it is told). */
async function measureSearches(url: string, counts: DumpCounts): Promise<Latency[]> {
  const json = path.join(os.tmpdir(), `spindle-scale-search-${process.pid}.json`);
  const args = [
    path.join(HERE, 'search-bench.js'),
    '--postgres', url,
    '--releases', String(counts.releases),
    '--artists', String(counts.artists),
    '--labels', String(counts.labels),
    '--masters', String(counts.masters),
    '--requests', String(opts.searchRequests),
    '--warmup', '10',
    '--kind-seconds', '90',
    '--no-baseline',
    '--json', json,
  ];
  console.log('search-bench …');
  const run = await runNode(args, process.env);
  process.stdout.write(run.stdout.split('\n== ')[0]!.trimEnd() + '\n');
  if (run.code !== 0) throw new Error(`search-bench failed (exit ${run.code}):\n${run.stderr}${run.stdout}`);
  try {
    const found = JSON.parse(fs.readFileSync(json, 'utf8')) as {
      kinds: { key: string; label: string; requests: number; failed: number; p50Ms: number; p95Ms: number; itemsMedian: number | null }[];
    };
    const failed = found.kinds.filter((k) => k.failed > 0);
    if (failed.length > 0) throw new Error(`search questions failed: ${failed.map((k) => k.label).join(', ')}\n${run.stdout}`);
    return found.kinds.map((k) => ({ key: k.key, label: k.label, requests: k.requests, p50Ms: k.p50Ms, tailMs: k.p95Ms, items: k.itemsMedian }));
  } finally {
    fs.rmSync(json, { force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The table

interface Row {
  readonly figure: string;
  readonly values: readonly (number | null)[];
  readonly format: (n: number) => string;
  /** A timing (wall seconds, a latency): a disturbed size's is not fitted. */
  readonly timing?: boolean;
}

/** k of y = c·N^k, least squares through the sizes' logarithms; null with fewer than two sizes. */
function exponent(ns: readonly number[], ys: readonly (number | null)[]): { k: number; at: (n: number) => number } | null {
  const pts = ns.map((n, i) => [Math.log(n), ys[i]] as const).filter((p): p is readonly [number, number] => p[1] !== null && p[1] > 0);
  if (pts.length < 2) return null;
  const points = pts.map(([x, y]) => [x, Math.log(y)] as const);
  const mx = points.reduce((s, p) => s + p[0], 0) / points.length;
  const my = points.reduce((s, p) => s + p[1], 0) / points.length;
  const sxx = points.reduce((s, p) => s + (p[0] - mx) ** 2, 0);
  const k = points.reduce((s, p) => s + (p[0] - mx) * (p[1] - my), 0) / sxx;
  return { k, at: (n: number) => Math.exp(my + k * (Math.log(n) - mx)) };
}

const ms = (n: number) => (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : int(n));
const gb = (n: number) => (n / 1e9).toFixed(2);
const mb = (n: number) => int(n);
const us = (n: number) => int(n);
const bytesText = (n: number) => int(n);

function rows(results: readonly SizeResult[]): Row[] {
  const v = (f: (r: SizeResult) => number | null | undefined) => results.map((r) => f(r) ?? null);
  const tableNames = [...new Set(results.flatMap((r) => Object.keys(r.bytes.tables)))];
  const largest = tableNames
    .map((name) => ({ name, bytes: results[results.length - 1]!.bytes.tables[name] ?? 0 }))
    .sort((a, b) => b.bytes - a.bytes);
  const shown = largest.slice(0, 8).map((t) => t.name);
  const out: Row[] = [
    { figure: 'import: seconds (four files, process start to exit)', values: v((r) => r.import.seconds), format: (n) => int(n), timing: true },
    { figure: 'import: µs a release (seconds / releases)', values: v((r) => (r.import.seconds * 1e6) / r.releases), format: us, timing: true },
    { figure: 'import: peak RSS (MB)', values: v((r) => r.import.peakRssMb), format: mb },
    { figure: 'import: Node CPU µs a record', values: v((r) => r.import.nodeCpuUsPerRecord), format: us },
    { figure: 'import: PostgreSQL CPU µs a record', values: v((r) => r.import.postgresCpuUsPerRecord), format: us },
    {
      figure: 'import: CPU seconds in all (Node and PostgreSQL)',
      values: v((r) => (r.import.postgresCpuUsPerRecord === null ? null : ((r.import.nodeCpuUsPerRecord + r.import.postgresCpuUsPerRecord) * r.import.records) / 1e6)),
      format: (n) => int(n),
    },
    { figure: 'vacuum (analyze) after it: seconds', values: v((r) => r.vacuumSeconds), format: (n) => int(n), timing: true },
    { figure: 'database: GB', values: v((r) => r.bytes.database), format: gb },
    { figure: 'database: bytes a release', values: v((r) => r.bytes.database / r.releases), format: bytesText },
    ...shown.map((name) => ({ figure: `\`${name}\`: bytes a release`, values: v((r) => (r.bytes.tables[name] ?? 0) / r.releases), format: bytesText })),
    {
      figure: 'the other tables: bytes a release',
      values: v((r) => Object.entries(r.bytes.tables).filter(([n]) => !shown.includes(n)).reduce((s, [, b]) => s + b, 0) / r.releases),
      format: bytesText,
    },
  ];
  const latencyKeys = (pick: (r: SizeResult) => readonly Latency[]) => [...new Map(results.flatMap((r) => pick(r).map((l) => [l.key, l.label] as const)))];
  for (const [key, label] of latencyKeys((r) => r.reads)) {
    const find = (r: SizeResult) => r.reads.find((l) => l.key === key);
    // (A list's items once, with its first page.)
    if (!key.endsWith('-last') && results.some((r) => find(r)?.items !== undefined)) out.push({ figure: `read: ${label}: items`, values: v((r) => find(r)?.items), format: (n) => int(n) });
    out.push({ figure: `read: ${label}: p50 ms`, values: v((r) => find(r)?.p50Ms), format: ms, timing: true });
    out.push({ figure: `read: ${label}: p99 ms`, values: v((r) => find(r)?.tailMs), format: ms, timing: true });
  }
  for (const [key, label] of latencyKeys((r) => r.searches)) {
    const find = (r: SizeResult) => r.searches.find((l) => l.key === key);
    out.push({ figure: `search: ${label}: p50 ms`, values: v((r) => find(r)?.p50Ms), format: ms, timing: true });
    out.push({ figure: `search: ${label}: p95 ms`, values: v((r) => find(r)?.tailMs), format: ms, timing: true });
  }
  return out;
}

function table(results: readonly SizeResult[]): string {
  const ns = results.map((r) => r.releases);
  const mark = (r: SizeResult) => (r.disturbed ? ' †' : '');
  const head = `| figure | ${results.map((r) => `${r.releases >= 1e6 ? `${r.releases / 1e6} M` : int(r.releases)}${mark(r)}`).join(' | ')} | k (y ∝ N^k) | at 19 M |`;
  const lines = [head, `|---|${ns.map(() => '---:').join('|')}|---:|---:|`];
  for (const row of rows(results)) {
    // A disturbed size's timings are shown in parentheses and not fitted.
    const left = (i: number) => row.timing === true && results[i]!.disturbed !== undefined;
    const fit = exponent(ns, row.values.map((x, i) => (left(i) ? null : x)));
    const cells = row.values.map((x, i) => (x === null ? '-' : left(i) ? `(${row.format(x)})` : row.format(x)));
    lines.push(`| ${row.figure} | ${cells.join(' | ')} | ${fit ? fit.k.toFixed(2) : '-'} | ${fit ? row.format(fit.at(FULL)) : '-'} |`);
  }
  const when = results.map((r) => `${int(r.releases)}: ${r.measuredAt.slice(0, 16).replace('T', ' ')} UTC, load ${r.loadAverage.start.join(' ')} → ${r.loadAverage.end.join(' ')}`);
  const notes = results.filter((r) => r.disturbed).map((r) => `† ${int(r.releases)}: ${r.disturbed}`);
  return [
    `Measured on ${results[0]?.machine ?? '-'}, PostgreSQL 15 on the same machine with its default settings (${when.join('; ')}).`,
    '',
    ...lines,
    ...(notes.length > 0 ? ['', ...notes] : []),
  ].join('\n');
}

function writeReadme(text: string): void {
  const readme = fs.readFileSync(README, 'utf8');
  const begin = readme.indexOf(BEGIN);
  const end = readme.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`${README} has no ${BEGIN} … ${END} markers to write the table between`);
  fs.writeFileSync(README, `${readme.slice(0, begin + BEGIN.length)}\n${text}\n${readme.slice(end)}`);
  console.log(`\nwritten to ${README}`);
}

// ---------------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  if (!opts.report) {
    const sizes = opts.sizes.split(',').filter((s) => s.trim() !== '').map(Number);
    if (sizes.length === 0 || sizes.some((n) => !Number.isInteger(n) || n < 1000)) {
      console.error('--sizes: comma-separated numbers of releases, each 1,000 or more (or --report)');
      process.exit(2);
    }
    if (!fs.existsSync(CLI)) {
      console.error(`${CLI} is missing: build first (npx tsc -p .)`);
      process.exit(2);
    }
    assertBenchDatabase(opts.postgres);
    for (const n of sizes) {
      const t0 = performance.now();
      const result = await measure(n);
      saveResult(opts.results, result);
      console.log(`${int(n)} releases measured in ${since(t0)} s; written to ${opts.results}`);
    }
    if (!opts.keepDatabase) await recreateBenchDatabase(opts.postgres);
  }
  const results = readResults(opts.results);
  if (results.length === 0) {
    console.error(`no results in ${opts.results}`);
    process.exit(2);
  }
  const text = table(results);
  console.log(`\n${text}`);
  if (opts.readme) writeReadme(text);
}

try {
  await main();
} catch (err) {
  if (!wasInterrupted()) console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
} finally {
  await stopAll();
}
