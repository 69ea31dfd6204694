/*
 * Read benchmark: GET /releases/{id} on Spindle against a bare node:http + pg server (bare-server.ts) on the same
 * PostgreSQL database, driven in turn by wrk with the same seeded random ids; then Spindle's other catalogue reads
 * (masters, master versions, the largest artist and label release lists at their last page in each order, an
 * ordinary artist list page).
 *
 *   node dist/bench/read-bench.js [--releases 1000000] [--postgres URL] [--rebuild] [--seconds 20] [--rounds 2]
 *                                 [--releases-endpoint-only | --lists-only]
 *
 * The database (default postgres://postgres@127.0.0.1:5432/spindle_read_bench) is built with `spindle import` from
 * the synthetic dumps (N of each kind) and kept; a later run reuses it when it holds the same N.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { defaultWebConcurrency } from '../composition/config.js';
import {
  startServer,
  stopAll,
  stopProcessesOnExit,
  track,
  wasInterrupted,
  withClient,
  freePort,
  SPINDLE_CLI as CLI,
  spindleNodeOptions,
  withSpindleSettings,
  type Server,
} from './bench-processes.js';
import { assertBenchDatabase, databaseExists, databaseName, recreateBenchDatabase } from './bench-database.js';
import { IMPORT_ORDER, ensureSyntheticDumps, removeSyntheticDumps } from './synthetic-dumps.js';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/spindle_read_bench';
const USER_AGENT = 'SpindleReadBench/1.0';
/** Both servers are ready once they serve a release. */
const READY_PATH = '/releases/1';
const READY_HEADERS = { 'User-Agent': USER_AGENT };

const program = new Command()
  .option('--releases <n>', 'records of each kind in the database', (v) => Number(v), 1_000_000)
  .option('--postgres <url>', 'the database to build or reuse (its name must contain "bench")', DEFAULT_URL)
  .option('--rebuild', 'build the database again even when it holds the same number of records')
  .option('--seconds <n>', 'length of each measured run', (v) => Number(v), 20)
  .option('--warmup <n>', 'length of the warm-up before each measured run', (v) => Number(v), 5)
  .option('--rounds <n>', 'Spindle and bare runs of GET /releases/{id}, alternately', (v) => Number(v), 2)
  .option('--connections <n>', 'wrk connections', (v) => Number(v), 64)
  .option('--threads <n>', 'wrk threads', (v) => Number(v), 2)
  .option('--seed <n>', 'seed of the random ids', (v) => Number(v), 20_260_101)
  .option('--releases-endpoint-only', 'measure GET /releases/{id} only (not the other catalogue reads)')
  .option('--lists-only', 'measure the other catalogue reads only (no GET /releases/{id} rounds, no bare server)')
  .option('--keep', 'keep the generated dumps in the temp folder after building the database')
  .parse();
const opts = program.opts<{
  releases: number;
  postgres: string;
  rebuild?: boolean;
  seconds: number;
  warmup: number;
  rounds: number;
  connections: number;
  threads: number;
  seed: number;
  releasesEndpointOnly?: boolean;
  listsOnly?: boolean;
  keep?: boolean;
}>();

const here = path.dirname(fileURLToPath(import.meta.url));
const BARE = path.join(here, 'bare-server.js');

stopProcessesOnExit();

// ---------------------------------------------------------------------------------------------------------------

function requireWrk(): void {
  const r = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  if (r.error) {
    console.error(
      'wrk is not installed. On Debian or Ubuntu: sudo apt-get install wrk\n' +
        '(elsewhere: https://github.com/wg/wrk, `make`, and put the wrk binary on the PATH)',
    );
    process.exit(2);
  }
}

function requireBuild(): void {
  for (const f of [CLI, BARE]) {
    if (!fs.existsSync(f)) {
      console.error(`${f} is missing: build first (npx tsc -p .)`);
      process.exit(2);
    }
  }
}

/** Records of each catalogue table, or null when the catalogue tables are not there. */
async function catalogueCounts(url: string): Promise<Record<string, number> | null> {
  if (!(await databaseExists(url))) return null;
  return withClient(url, async (c) => {
    const { rows } = await c.query<{ present: boolean }>(
      `select to_regclass('release') is not null and to_regclass('master') is not null
          and to_regclass('artist') is not null and to_regclass('label') is not null as present`,
    );
    if (!rows[0]?.present) return null;
    const counts = await c.query<Record<string, number>>(
      `select (select count(*) from label)::int as labels, (select count(*) from artist)::int as artists,
              (select count(*) from master)::int as masters, (select count(*) from release)::int as releases`,
    );
    return counts.rows[0]!;
  });
}

/** Reuses the database when it holds N of each kind; otherwise (or with --rebuild) imports the synthetic dumps. */
async function ensureDatabase(url: string, n: number): Promise<void> {
  const counts = await catalogueCounts(url);
  const same = counts !== null && IMPORT_ORDER.every((k) => counts[k] === n);
  if (same && !opts.rebuild) {
    console.log(`reusing ${databaseName(url)}: ${n.toLocaleString('en-US')} records of each kind (--rebuild to build it again)`);
    return;
  }
  assertBenchDatabase(url);
  if (counts) console.log(`${databaseName(url)} holds ${JSON.stringify(counts)}: building it again`);
  const t0 = performance.now();
  const dumps = await ensureSyntheticDumps({ labels: n, artists: n, masters: n, releases: n }, IMPORT_ORDER);
  try {
    await recreateBenchDatabase(url);
    console.log(`spindle import into ${databaseName(url)} …`);
    const t1 = performance.now();
    const proc = track(
      spawn(process.execPath, [...spindleNodeOptions('import'), CLI, 'import', ...IMPORT_ORDER.map((k) => dumps.files[k])], {
        env: withSpindleSettings({ ...process.env, DATABASE_URL: url }),
        stdio: ['ignore', 'inherit', 'inherit'],
      }),
    );
    const code = await new Promise<number | null>((resolve) => proc.on('close', resolve));
    if (code !== 0) throw new Error(`spindle import failed (exit ${code})`);
    console.log(`imported in ${s(t1)} s`);
  } finally {
    if (!opts.keep) removeSyntheticDumps(dumps, IMPORT_ORDER);
  }
  // The state autovacuum reaches on its own a while after an import (statistics, visibility map, hint bits), now,
  // so that the first measured run does not pay for it.
  const t2 = performance.now();
  await withClient(url, (c) => c.query('vacuum (analyze)'));
  console.log(`vacuum (analyze): ${s(t2)} s; database built in ${s(t0)} s`);
}

function s(t0: number): string {
  return ((performance.now() - t0) / 1000).toFixed(1);
}

interface Targets {
  readonly maxRelease: number;
  readonly maxMaster: number;
  readonly biggestMaster: { id: number; versions: number };
  readonly mastersWithVersions: number[];
  readonly biggestArtist: { id: number; rows: number };
  readonly biggestLabel: { id: number; rows: number };
  readonly artistsWithReleases: number[];
}

async function findTargets(url: string): Promise<Targets> {
  return withClient(url, async (c) => {
    const one = async (sql: string) => (await c.query<Record<string, number>>(sql)).rows[0]!;
    const releases = await one('select max(id)::int as max, count(*)::int as n from release');
    if (releases.max !== releases.n) throw new Error(`release ids are not 1…${releases.n}`);
    const masters = await one('select max(id)::int as max from master');
    const biggestMaster = await one(
      'select master_id::int as id, count(*)::int as versions from release where master_id is not null group by master_id order by 2 desc, 1 limit 1',
    );
    // A fixed sample of the masters that have versions, the same on every run over the same data.
    const sample = await c.query<{ id: number }>(
      `select master_id::int as id from release where master_id is not null group by master_id
        order by md5(master_id::text) limit 10000`,
    );
    const biggestArtist = await one(
      'select artist_id::int as id, count(*)::int as rows from release_artist group by artist_id order by 2 desc, 1 limit 1',
    );
    const biggestLabel = await one(
      'select label_id::int as id, count(*)::int as rows from release_label group by label_id order by 2 desc, 1 limit 1',
    );
    // A fixed sample of the artists with releases, for an ordinary list page to compare the largest ones with.
    const artists = await c.query<{ id: number }>(
      `select artist_id::int as id from release_artist group by artist_id order by md5(artist_id::text) limit 10000`,
    );
    return {
      maxRelease: releases.max!,
      maxMaster: masters.max!,
      biggestMaster: { id: biggestMaster.id!, versions: biggestMaster.versions! },
      mastersWithVersions: sample.rows.map((r) => r.id),
      biggestArtist: { id: biggestArtist.id!, rows: biggestArtist.rows! },
      biggestLabel: { id: biggestLabel.id!, rows: biggestLabel.rows! },
      artistsWithReleases: artists.rows.map((r) => r.id),
    };
  });
}

/** Reads every release document once, so that both servers start from a warm OS page cache. */
async function prewarm(url: string): Promise<void> {
  const t0 = performance.now();
  const mb = await withClient(url, async (c) => {
    const { rows } = await c.query<{ bytes: string }>('select sum(coalesce(length(packed_document), length(coalesce(document, data::text))))::bigint as bytes from release');
    return Number(rows[0]!.bytes) / 1e6;
  });
  console.log(`read the ${mb.toFixed(0)} MB of release documents once (${s(t0)} s)`);
}

// ---------------------------------------------------------------------------------------------------------------
// Servers

async function getJson(url: string): Promise<Record<string, unknown>> {
  const res = await fetch(url, { headers: { 'User-Agent': USER_AGENT } });
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** `?per_page=100&page=LAST` of a list (after the query `more`, if any), LAST as the server counts it. */
async function lastPagePath(base: string, list: string, more = ''): Promise<{ path: string; items: number; pages: number }> {
  const first = await getJson(`${base}${list}?${more}per_page=100`);
  const pagination = first.pagination as { pages: number; items: number };
  return { path: `${list}?${more}per_page=100&page=${pagination.pages}`, items: pagination.items, pages: pagination.pages };
}

// ---------------------------------------------------------------------------------------------------------------
// wrk

/** What wrk asks for: random ids in 1…max, random ids of a list, or one path. */
type Requests =
  | { readonly kind: 'range'; readonly prefix: string; readonly suffix: string; readonly max: number }
  | { readonly kind: 'list'; readonly prefix: string; readonly suffix: string; readonly ids: readonly number[] }
  | { readonly kind: 'fixed'; readonly path: string };

interface WrkResult {
  readonly requests: number;
  readonly seconds: number;
  readonly rps: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly bytesPerResponse: number;
  /** Responses that were not 2xx or 3xx. */
  readonly non2xx: number;
  /** Requests without an answer within wrk's timeout. */
  readonly timeouts: number;
  /** Connect, read and write errors. */
  readonly socketErrors: number;
  /** The connections and the timeout used, when not the defaults (see `measureSlow`). */
  readonly note?: string;
}

const luaString = (v: string) => JSON.stringify(v);

/**
 * The Lua script: each wrk thread draws ids from its own Park–Miller sequence, seeded from --seed and the thread's
 * number, so that every run with the same seed asks for the same ids in the same order (per connection, up to timing).
 */
function luaScript(req: Requests, seed: number): string {
  const ids = req.kind === 'list' ? `{${req.ids.join(',')}}` : '{}';
  return `-- written by bench/read-bench.ts
wrk.headers["User-Agent"] = ${luaString(USER_AGENT)}
local kind = ${luaString(req.kind)}
local prefix = ${luaString(req.kind === 'fixed' ? req.path : req.prefix)}
local suffix = ${luaString(req.kind === 'fixed' ? '' : req.suffix)}
local max = ${req.kind === 'range' ? req.max : 0}
local ids = ${ids}
local seed = ${seed}
local threads = 0
function setup(thread)
  thread:set("tid", threads)
  threads = threads + 1
end
local state = 1
local fixed = nil
function init(args)
  state = (seed + 7919 * (tid or 0)) % 2147483647
  if state == 0 then state = 1 end
  if kind == "fixed" then fixed = wrk.format(nil, prefix) end
end
function request()
  if fixed then return fixed end
  state = (state * 48271) % 2147483647
  local id
  if kind == "range" then id = 1 + state % max else id = ids[1 + state % #ids] end
  return wrk.format(nil, prefix .. string.format("%d", id) .. suffix)
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_RESULT {"requests":%d,"duration_us":%d,"bytes":%d,"p50_us":%d,"p99_us":%d,"status":%d,"timeout":%d,"socket":%d}\\n',
    summary.requests, summary.duration, summary.bytes, latency:percentile(50), latency:percentile(99),
    e.status, e.timeout, e.connect + e.read + e.write))
end
`;
}

interface Load {
  readonly connections: number;
  readonly threads: number;
  readonly timeoutSeconds: number;
}

const DEFAULT_LOAD = (): Load => ({ connections: opts.connections, threads: opts.threads, timeoutSeconds: 10 });

async function wrk(base: string, req: Requests, seconds: number, seed: number, load: Load = DEFAULT_LOAD()): Promise<WrkResult> {
  const script = path.join(os.tmpdir(), `spindle-read-bench-${process.pid}.lua`);
  fs.writeFileSync(script, luaScript(req, seed));
  try {
    const args = [`-t${load.threads}`, `-c${load.connections}`, `-d${seconds}s`, '--timeout', `${load.timeoutSeconds}s`, '-s', script, base];
    const proc = track(spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] }));
    let out = '';
    proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => proc.on('close', resolve));
    const line = out.split('\n').find((l) => l.startsWith('WRK_RESULT '));
    if (code !== 0 || !line) throw new Error(`wrk failed (exit ${code}):\n${out}`);
    const r = JSON.parse(line.slice('WRK_RESULT '.length)) as Record<string, number>;
    const secs = r.duration_us! / 1e6;
    return {
      requests: r.requests!,
      seconds: secs,
      rps: r.requests! / secs,
      p50Ms: r.p50_us! / 1000,
      p99Ms: r.p99_us! / 1000,
      bytesPerResponse: r.requests! > 0 ? r.bytes! / r.requests! : 0,
      non2xx: r.status!,
      timeouts: r.timeout!,
      socketErrors: r.socket!,
    };
  } finally {
    fs.rmSync(script, { force: true });
  }
}

/** A warm-up (other ids), then the measured run. */
async function measure(server: Server, req: Requests, load: Load = DEFAULT_LOAD()): Promise<WrkResult> {
  if (opts.warmup > 0) await wrk(server.base, req, opts.warmup, opts.seed + 1, load);
  const result = await wrk(server.base, req, opts.seconds, opts.seed, load);
  if (server.proc.exitCode !== null) throw new Error(`${server.name} died:\n${server.stderr()}`);
  return result;
}

/** Latency of one request at a time (the median of three), for the paths too slow for 64 connections. */
async function singleRequestMs(server: Server, req: Requests): Promise<number> {
  const paths =
    req.kind === 'fixed' ? [req.path, req.path, req.path]
    : req.kind === 'range' ? [1, 2, 3].map((i) => `${req.prefix}${Math.ceil((req.max * i) / 4)}${req.suffix}`)
    : req.ids.slice(0, 3).map((id) => `${req.prefix}${id}${req.suffix}`);
  const times: number[] = [];
  for (const p of paths) {
    const t0 = performance.now();
    const res = await fetch(`${server.base}${p}`, { headers: { 'User-Agent': USER_AGENT } });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  return median(times);
}

/**
 * A path whose single request takes longer than SLOW_MS would only time out under 64 connections (each request
 * queued behind 63 others): it is measured with as many connections as wrk threads and a long timeout instead, and
 * the row says so.
 */
const SLOW_MS = 500;

async function measureSpindleOnly(server: Server, req: Requests): Promise<WrkResult> {
  const single = await singleRequestMs(server, req);
  if (single <= SLOW_MS) return measure(server, req);
  const load: Load = { connections: opts.threads, threads: opts.threads, timeoutSeconds: 120 };
  const result = await measure(server, req, load);
  return { ...result, note: `one request alone: ${int(single)} ms; measured with ${load.connections} connections` };
}

// ---------------------------------------------------------------------------------------------------------------
// Printing

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => n.toFixed(1);

function median(values: number[]): number {
  const v = [...values].sort((a, b) => a - b);
  const mid = v.length >> 1;
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
}

function row(r: WrkResult): string {
  const problems = [
    r.non2xx > 0 ? `${int(r.non2xx)} non-2xx` : '',
    r.timeouts > 0 ? `${int(r.timeouts)} timeouts` : '',
    r.socketErrors > 0 ? `${int(r.socketErrors)} socket errors` : '',
  ].filter((p) => p !== '');
  const rps = r.rps < 100 ? r.rps.toFixed(1) : int(r.rps);
  return (
    `${rps.padStart(8)} req/s  p50 ${ms(r.p50Ms).padStart(7)} ms  p99 ${ms(r.p99Ms).padStart(7)} ms  ` +
    `${(r.bytesPerResponse / 1000).toFixed(1).padStart(5)} KB/response` +
    (problems.length > 0 ? `  (${problems.join(', ')}!)` : '') +
    (r.note ? `  [${r.note}]` : '')
  );
}

// ---------------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  requireWrk();
  requireBuild();
  const url = opts.postgres;
  const n = opts.releases;
  await ensureDatabase(url, n);
  const targets = await findTargets(url);
  await prewarm(url);

  const [spindlePort, barePort] = [await freePort(), await freePort()];
  const spindleEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: url,
    PORT: String(spindlePort),
    HOST: '127.0.0.1',
    RATE_LIMIT_ANONYMOUS: '10000000',
    LOG_LEVEL: 'silent',
  };
  const spindle = await startServer('Spindle', [CLI, 'serve'], withSpindleSettings(spindleEnv), spindlePort, READY_PATH, READY_HEADERS);
  const bare = opts.listsOnly ? undefined : await startServer('bare', [BARE], { ...process.env, DATABASE_URL: url, PORT: String(barePort) }, barePort, READY_PATH, READY_HEADERS);

  const concurrency = process.env.WEB_CONCURRENCY
    ? `WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY}`
    : `WEB_CONCURRENCY unset (${defaultWebConcurrency(url, os.availableParallelism())} by default here)`;
  console.log(
    `\n${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; ` +
      `Spindle: ${concurrency}${process.env.REDIS_URL ? ', REDIS_URL set' : ''}; ` +
      `wrk ${opts.threads} threads, ${opts.connections} connections, ${opts.warmup} s warm-up, ${opts.seconds} s measured`,
  );

  const releases: Requests = { kind: 'range', prefix: '/releases/', suffix: '', max: targets.maxRelease };
  if (bare) console.log(`\nGET /releases/{random id of 1…${int(targets.maxRelease)}}`);
  const rounds: { spindle: WrkResult; bare: WrkResult }[] = [];
  for (let r = 1; bare && r <= opts.rounds; r++) {
    const sp = await measure(spindle, releases);
    console.log(`round ${r}  Spindle ${row(sp)}`);
    const ba = await measure(bare, releases);
    console.log(`round ${r}  bare    ${row(ba)}   Spindle/bare ${(sp.rps / ba.rps).toFixed(2)}`);
    rounds.push({ spindle: sp, bare: ba });
  }

  const others: { label: string; result: WrkResult }[] = [];
  if (!opts.releasesEndpointOnly) {
    const artist = await lastPagePath(spindle.base, `/artists/${targets.biggestArtist.id}/releases`);
    const artistByTitle = await lastPagePath(spindle.base, `/artists/${targets.biggestArtist.id}/releases`, 'sort=title&sort_order=desc&');
    const artistByFormat = await lastPagePath(spindle.base, `/artists/${targets.biggestArtist.id}/releases`, 'sort=format&');
    const label = await lastPagePath(spindle.base, `/labels/${targets.biggestLabel.id}/releases`);
    const versions = await lastPagePath(spindle.base, `/masters/${targets.biggestMaster.id}/versions`);
    const versionsByTitle = await lastPagePath(spindle.base, `/masters/${targets.biggestMaster.id}/versions`, 'sort=title&sort_order=desc&');
    const cases: { label: string; req: Requests }[] = [
      { label: `GET /masters/{random id of 1…${int(targets.maxMaster)}}`, req: { kind: 'range', prefix: '/masters/', suffix: '', max: targets.maxMaster } },
      {
        label: `GET /masters/${targets.biggestMaster.id}/versions (the most versions: ${int(targets.biggestMaster.versions)})`,
        req: { kind: 'fixed', path: `/masters/${targets.biggestMaster.id}/versions` },
      },
      {
        label: `GET /masters/{random of ${int(targets.mastersWithVersions.length)} masters with versions}/versions`,
        req: { kind: 'list', prefix: '/masters/', suffix: '/versions', ids: targets.mastersWithVersions },
      },
      {
        label: `GET ${artist.path} (the largest artist list: ${int(artist.items)} entries)`,
        req: { kind: 'fixed', path: artist.path },
      },
      {
        label: `GET ${label.path} (the largest label list: ${int(label.items)} entries)`,
        req: { kind: 'fixed', path: label.path },
      },
      // The other orders at their last page, and an ordinary page to compare the largest lists with.
      { label: `GET ${artistByTitle.path} (the largest artist list by title, descending)`, req: { kind: 'fixed', path: artistByTitle.path } },
      { label: `GET ${artistByFormat.path} (the largest artist list by format)`, req: { kind: 'fixed', path: artistByFormat.path } },
      { label: `GET ${versions.path} (the last page of the most versions)`, req: { kind: 'fixed', path: versions.path } },
      {
        label: `GET ${versionsByTitle.path} (the most versions by title, descending: an order without an index)`,
        req: { kind: 'fixed', path: versionsByTitle.path },
      },
      {
        label: `GET /artists/{random of ${int(targets.artistsWithReleases.length)} artists with releases}/releases (an ordinary list page)`,
        req: { kind: 'list', prefix: '/artists/', suffix: '/releases', ids: targets.artistsWithReleases },
      },
    ];
    console.log('\nSpindle only');
    for (const c of cases) {
      const result = await measureSpindleOnly(spindle, c.req);
      console.log(`${c.label}\n        ${row(result)}`);
      others.push({ label: c.label, result });
    }
  }

  await stopAll();

  if (rounds.length > 0) printRounds(n, rounds);
  if (others.length > 0) {
    console.log('\n== Spindle only');
    for (const o of others) console.log(`${o.label}\n        ${row(o.result)}`);
  }
}

function printRounds(n: number, rounds: readonly { spindle: WrkResult; bare: WrkResult }[]): void {
  console.log(`\n== GET /releases/{id}: ${int(n)} releases, ${opts.connections} connections, ${opts.threads} wrk threads, ${opts.seconds} s per run`);
  console.log('           Spindle req/s   p50 ms   p99 ms      bare req/s   p50 ms   p99 ms   Spindle/bare');
  const line = (name: string, sp: { rps: number; p50Ms: number; p99Ms: number }, ba: typeof sp, ratio: number) =>
    console.log(
      `${name.padEnd(10)} ${int(sp.rps).padStart(13)} ${ms(sp.p50Ms).padStart(8)} ${ms(sp.p99Ms).padStart(8)}   ` +
        `${int(ba.rps).padStart(13)} ${ms(ba.p50Ms).padStart(8)} ${ms(ba.p99Ms).padStart(8)}   ${ratio.toFixed(2).padStart(12)}`,
    );
  rounds.forEach((r, i) => line(`round ${i + 1}`, r.spindle, r.bare, r.spindle.rps / r.bare.rps));
  const med = (pick: (r: { spindle: WrkResult; bare: WrkResult }) => number) => median(rounds.map(pick));
  line(
    'median',
    { rps: med((r) => r.spindle.rps), p50Ms: med((r) => r.spindle.p50Ms), p99Ms: med((r) => r.spindle.p99Ms) },
    { rps: med((r) => r.bare.rps), p50Ms: med((r) => r.bare.p50Ms), p99Ms: med((r) => r.bare.p99Ms) },
    med((r) => r.spindle.rps / r.bare.rps),
  );
}

try {
  await main();
} catch (err) {
  // After Ctrl-C, wrk and the servers end under it: their errors are not news.
  if (!wasInterrupted()) console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await stopAll();
}
