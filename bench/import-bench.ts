/*
 * Dump import benchmark: builds synthetic dumps of the four kinds (synthetic-dumps.ts) and imports them — labels,
 * artists, masters, releases, N each — into a fresh PostgreSQL database and/or a fresh embedded PGlite database,
 * each in a child process of its own so that its peak RSS is its own, through the code path of `spindle import`
 * (`ImportDump` with `catalogueWriterFor(db)` and `XmlDumpReader`). With --cli it also times `spindle import` itself.
 * With --reimport SHARE it measures a monthly re-import instead: `spindle import` of the dumps into a fresh PostgreSQL
 * database, then of the next month's dumps (SHARE of the records changed) into the same database, and checks that
 * the re-import changed those records and no other.
 *
 *   node dist/bench/import-bench.js [--records 200000] [--releases N] [--releases-only] [--pglite] [--postgres [URL]]
 *                                   [--cli] [--reimport SHARE] [--workers 2] [--no-search-index] [--keep]
 *
 * Without --pglite or --postgres it runs both (PostgreSQL at postgres://postgres@127.0.0.1:5432/spindle_bench).
 */
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { XmlDumpReader } from '../adapters/catalogue/dump/xml-dump-reader.js';
import { Database } from '../adapters/persistence/database.js';
import { ImportDump } from '../application/catalogue/import-dump.js';
import type { DumpKind } from '../application/ports/dump-reader.js';
import { catalogueWriterFor } from '../adapters/persistence/catalogue/catalogue-writer-for.js';
import { discoverSchemas } from '../composition/modules.js';
import { assertBenchDatabase, databaseName, recreateBenchDatabase } from './bench-database.js';
import { spindleNodeOptions, withClient, withSpindleSettings } from './bench-processes.js';
import { runImportProcess, type ImportProcessFigures } from './import-process.js';
import { PostgresCpu, peakRssBytes, resetPeakRss } from './process-figures.js';
import {
  IMPORT_ORDER,
  changedInNextMonth,
  ensureSyntheticDumps,
  removeSyntheticDumps,
  type DumpCounts,
  type NextMonth,
} from './synthetic-dumps.js';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/spindle_bench';
const MB = 1024 * 1024;

type DatabaseKind = 'pglite' | 'postgres';

/** One import (a kind, or the whole run). */
interface Figures {
  readonly label: string;
  readonly records: number;
  readonly seconds: number;
  readonly peakRssMb: number;
  /** CPU time of the importing process per record (µs), all its threads. */
  readonly cpuUsPerRecord: number;
  /** CPU time of the database's postgres processes per record (µs), when they can be read from /proc. */
  readonly postgresCpuUsPerRecord?: number;
}

interface Run {
  readonly title: string;
  readonly rows: readonly Figures[];
  readonly notes?: readonly string[];
}

const program = new Command()
  .option('--records <n>', 'records of each kind in the synthetic dumps', (v) => Number(v), 200_000)
  .option('--releases <n>', 'releases in the synthetic dumps (default: --records)', (v) => Number(v))
  .option('--releases-only', 'import the releases dump alone')
  .option('--pglite', 'benchmark the embedded PGlite database')
  .option('--postgres [url]', 'benchmark a PostgreSQL server (the database is dropped and created)')
  .option('--cli', 'also time `spindle import` itself (process start, module discovery, migrations included)')
  .option('--reimport <share>', "PostgreSQL only: spindle import of the dumps, then of the next month's with this share (0…1) of the records changed, into the same database", (v) => Number(v))
  .option('--workers <n>', 'worker threads that parse (0: parse on the importing thread)', (v) => Number(v))
  .option('--cli-only', 'time `spindle import` itself only (no in-process imports)')
  .option('--cpus <list>', "with --cli or --reimport: run spindle import under taskset -c LIST (e.g. 0: one core; PostgreSQL's processes stay unrestricted)")
  .option('--batch <n>', 'records per batch read (with --workers 0)', (v) => Number(v), 100)
  .option('--no-search-index', 'do not keep the search index (to measure what maintaining it costs)')
  .option('--keep', 'keep the generated dumps in the temp folder for the next run')
  .option('--child <database>', '(internal) run the imports in this process')
  .option('--files <json>', '(internal) the dumps to import, in order')
  .parse();
const opts = program.opts<{
  records: number;
  releases?: number;
  releasesOnly?: boolean;
  pglite?: boolean;
  postgres?: string | boolean;
  cli?: boolean;
  reimport?: number;
  workers?: number;
  cpus?: string;
  cliOnly?: boolean;
  batch: number;
  searchIndex: boolean;
  keep?: boolean;
  child?: DatabaseKind;
  files?: string;
}>();

async function main(): Promise<void> {
  const both = !opts.pglite && !opts.postgres;
  const url = typeof opts.postgres === 'string' ? opts.postgres : DEFAULT_URL;
  if (both || opts.postgres) assertBenchDatabase(url);
  const releases = opts.releases ?? opts.records;
  // Releases alone are the releases file of the run with N of each kind (the same file, cached in the same folder).
  const counts: DumpCounts = opts.releasesOnly
    ? { labels: releases, artists: releases, masters: releases, releases }
    : { labels: opts.records, artists: opts.records, masters: opts.records, releases };
  const kinds: readonly DumpKind[] = opts.releasesOnly ? ['releases'] : IMPORT_ORDER;
  if (opts.reimport !== undefined) {
    if (opts.pglite || !opts.postgres) throw new Error('--reimport measures PostgreSQL only: give --postgres [URL] (and not --pglite)');
    if (!opts.searchIndex) throw new Error('--reimport runs spindle import, which keeps the search index: --no-search-index does not apply');
    await reimport(counts, kinds, { changed: opts.reimport }, url);
    return;
  }
  const dumps = await ensureSyntheticDumps(counts, kinds);
  const files = kinds.map((k) => dumps.files[k]);
  const databases: DatabaseKind[] = [...(both || opts.pglite ? ['pglite' as const] : []), ...(both || opts.postgres ? ['postgres' as const] : [])];
  const runs: Run[] = [];
  try {
    if (!opts.cliOnly) for (const database of databases) runs.push(await child(database, files, url));
    if (opts.cli || opts.cliOnly) for (const database of databases) runs.push(await cli(database, files, url));
  } finally {
    if (!opts.keep) removeSyntheticDumps(dumps, kinds);
  }
  printSettings();
  for (const run of runs) print(run);
}

function printSettings(): void {
  console.log(`\n${os.cpus().length} cores, ${Math.round(os.totalmem() / 1e9)} GB, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const settings = withSpindleSettings({});
  const options = spindleNodeOptions('import');
  console.log(
    `imports run with the settings of the spindle program: ${[...Object.entries(settings).map(([k, v]) => `${k}=${v}`), ...options].join(' ') || 'none'}`,
  );
}

function print(run: Run): void {
  console.log(`\n${run.title}`);
  console.log('             records   seconds   records/s   peak RSS (MB)   CPU µs/record (node / postgres)');
  for (const r of run.rows) {
    const rate = r.seconds > 0 ? Math.round(r.records / r.seconds) : 0;
    console.log(
      `${r.label.padEnd(10)} ${String(r.records).padStart(10)} ${r.seconds.toFixed(1).padStart(9)} ` +
        `${String(rate).padStart(11)} ${String(r.peakRssMb).padStart(15)}   ` +
        `${r.cpuUsPerRecord} / ${r.postgresCpuUsPerRecord ?? '-'}`,
    );
  }
  for (const note of run.notes ?? []) console.log(note);
}

const self = fileURLToPath(import.meta.url);

async function child(database: DatabaseKind, files: string[], url: string): Promise<Run> {
  const args = [self, '--child', database, '--files', JSON.stringify(files), '--batch', String(opts.batch), '--postgres', url];
  if (opts.workers !== undefined) args.push('--workers', String(opts.workers));
  if (!opts.searchIndex) args.push('--no-search-index');
  console.log(`importing into ${database} …`);
  // (With the settings `spindle` gives itself: this process imports as `spindle import` does.)
  const proc = spawn(process.execPath, [...process.execArgv, ...spindleNodeOptions('import'), ...args], { env: withSpindleSettings(process.env), stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => proc.on('close', resolve));
  if (code !== 0) throw new Error(`the ${database} import failed (exit ${code})`);
  return JSON.parse(out.trim().split('\n').pop()!) as Run;
}

/** Imports the files in this process, one `ImportDump` per file as `spindle import` does, and measures each. */
async function runChild(database: DatabaseKind, files: string[], url: string): Promise<Run> {
  let db: Database;
  let dataDir: string | undefined;
  if (database === 'postgres') {
    await recreateBenchDatabase(url);
    db = await Database.open({ kind: 'server', url }, await discoverSchemas());
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-bench-pglite-'));
    db = await Database.open({ kind: 'embedded', dataDir }, await discoverSchemas());
  }
  try {
    await db.migrate();
    const rows: Figures[] = [];
    const openPeak = peakRssBytes() ?? process.memoryUsage().rss;
    let runPeak = openPeak;
    const reader = new XmlDumpReader({
      batchSize: opts.batch,
      ...(opts.workers !== undefined ? { workers: opts.workers } : {}),
    });
    const useCase = new ImportDump(reader, catalogueWriterFor(db, { searchIndex: opts.searchIndex }), { now: () => new Date() });
    const runCpu0 = process.cpuUsage();
    const runPg = database === 'postgres' && PostgresCpu.available() ? new PostgresCpu(databaseName(url)) : undefined;
    runPg?.sample();
    const t0 = performance.now();
    for (const file of files) {
      resetPeakRss();
      let peak = process.memoryUsage().rss;
      const cpu0 = process.cpuUsage();
      const pgCpu = runPg ? new PostgresCpu(databaseName(url)) : undefined;
      pgCpu?.sample();
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
        pgCpu?.sample();
        runPg?.sample();
      }, 100);
      let lastLog = Date.now();
      const summary = await useCase.execute({
        source: file,
        onProgress: (p) => {
          if (Date.now() - lastLog < 5_000) return;
          lastLog = Date.now();
          process.stderr.write(`  ${p.kind}: ${p.records} records, ${Math.round((100 * p.bytesRead) / p.totalBytes)}% of the file\n`);
        },
      });
      clearInterval(sampler);
      pgCpu?.sample();
      const cpu = process.cpuUsage(cpu0);
      peak = Math.max(peak, peakRssBytes() ?? 0);
      runPeak = Math.max(runPeak, peak);
      rows.push({
        label: summary.kind,
        records: summary.records,
        seconds: summary.seconds,
        peakRssMb: Math.round(peak / MB),
        cpuUsPerRecord: Math.round((cpu.user + cpu.system) / summary.records),
        ...(pgCpu ? { postgresCpuUsPerRecord: Math.round(pgCpu.micros() / summary.records) } : {}),
      });
    }
    runPg?.sample();
    const records = rows.reduce((n, r) => n + r.records, 0);
    const cpu = process.cpuUsage(runCpu0);
    if (rows.length > 1) {
      rows.push({
        label: 'total',
        records,
        seconds: (performance.now() - t0) / 1000,
        peakRssMb: Math.round(runPeak / MB),
        cpuUsPerRecord: Math.round((cpu.user + cpu.system) / records),
        ...(runPg ? { postgresCpuUsPerRecord: Math.round(runPg.micros() / records) } : {}),
      });
    }
    return {
      title:
        `${database}: ImportDump in a child process${opts.searchIndex ? '' : ', without the search index'} ` +
        '(seconds from opening each file to its commit; peak RSS of the process, per file and over the run)',
      rows,
      notes: [`peak RSS while opening the database and migrating, before the first file: ${Math.round(openPeak / MB)} MB`],
    };
  } finally {
    await db.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `spindle import FILES…` in a process of its own (import-process.ts), into a fresh database. */
async function cli(database: DatabaseKind, files: string[], url: string): Promise<Run> {
  const env = withSpindleSettings(process.env);
  let dataDir: string | undefined;
  if (database === 'postgres') {
    await recreateBenchDatabase(url);
    env.DATABASE_URL = url;
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-bench-pglite-'));
    delete env.DATABASE_URL;
    env.DATA_DIR = dataDir;
  }
  console.log(`spindle import into ${database} …`);
  try {
    const run = await runImportProcess(files, {
      env,
      ...(opts.workers !== undefined ? { args: ['--workers', String(opts.workers)] } : {}),
      ...(opts.cpus !== undefined ? { cpus: opts.cpus } : {}),
      ...(database === 'postgres' ? { postgresDatabase: databaseName(url) } : {}),
    });
    return {
      title:
        `${database}: spindle import ${files.length > 1 ? `(${files.length} files)` : ''} as a process of its own ` +
        `(seconds from start to exit; peak RSS ${run.peakFromTime ? 'from /usr/bin/time' : 'sampled from /proc'}` +
        `${opts.searchIndex ? '' : '; it writes the search index: --no-search-index applies to the in-process imports only'})`,
      rows: [processRow('total', run)],
      notes: run.stdout.trim().split('\n').map((l) => `  ${l}`),
    };
  } finally {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The row of a `spindle import` process. */
function processRow(label: string, run: ImportProcessFigures): Figures {
  return {
    label,
    records: run.records,
    seconds: run.seconds,
    peakRssMb: run.peakRssMb,
    cpuUsPerRecord: run.records > 0 ? Math.round(run.cpuUs / run.records) : 0,
    ...(run.postgresCpuUs !== undefined && run.records > 0 ? { postgresCpuUsPerRecord: Math.round(run.postgresCpuUs / run.records) } : {}),
  };
}

/** The catalogue's tables of each kind and how their stored record reads as text (a release's in any form it has). */
const RECORD_TABLES: Record<DumpKind, { readonly table: string; readonly stored: string }> = {
  labels: { table: 'label', stored: 'data::text' },
  artists: { table: 'artist', stored: 'data::text' },
  masters: { table: 'master', stored: 'data::text' },
  releases: { table: 'release', stored: "concat_ws('|', packed_document::text, document, data::text)" },
};

/** The digest of every stored record, kept between the two imports (not a table of the catalogue). */
const DIGESTS = 'bench_record_digest';

/** The rows each table of the database has had inserted, updated and deleted (PostgreSQL's statistics). */
type TableWrites = Map<string, { ins: number; upd: number; del: number }>;

async function tableWrites(url: string): Promise<TableWrites> {
  return withClient(url, async (c) => {
    // A backend sends its statistics when it exits, before it leaves pg_stat_activity: wait for the importer's.
    for (let i = 0; i < 600; i++) {
      const { rows } = await c.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()",
      );
      if (rows[0]!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const { rows } = await c.query<{ relname: string; ins: string; upd: string; del: string }>(
      'select relname, n_tup_ins as ins, n_tup_upd as upd, n_tup_del as del from pg_stat_user_tables',
    );
    return new Map(rows.map((r) => [r.relname, { ins: Number(r.ins), upd: Number(r.upd), del: Number(r.del) }]));
  });
}

/**
 * A monthly re-import: `spindle import` of the dumps into a fresh PostgreSQL database, then (after `vacuum (analyze)`
 * and a checkpoint, the state a month of autovacuum leaves) of the next month's dumps into the same database, each as
 * a process of its own; prints both and their ratio, and checks what the re-import changed: the command's counts,
 * the records whose stored form differs, and the rows whose `date_changed` moved must all be the records the next
 * month's dumps changed. Also prints the rows each table had written during the re-import.
 */
async function reimport(counts: DumpCounts, kinds: readonly DumpKind[], next: NextMonth, url: string): Promise<void> {
  // (The next month's first: it refuses a share out of 0…1 before anything is generated.)
  const second = await ensureSyntheticDumps(counts, kinds, console.log, next);
  const first = await ensureSyntheticDumps(counts, kinds);
  const env = { ...withSpindleSettings(process.env), DATABASE_URL: url };
  const options = {
    env,
    ...(opts.workers !== undefined ? { args: ['--workers', String(opts.workers)] } : {}),
    ...(opts.cpus !== undefined ? { cpus: opts.cpus } : {}),
    postgresDatabase: databaseName(url),
  };
  let runs: [ImportProcessFigures, ImportProcessFigures];
  let writes: TableWrites;
  let differing: Map<DumpKind, number[]>;
  let moved: Map<DumpKind, number[]>;
  try {
    await recreateBenchDatabase(url);
    console.log('spindle import (the first month) …');
    const firstRun = await runImportProcess(kinds.map((k) => first.files[k]), options);
    await withClient(url, async (c) => {
      await c.query('vacuum (analyze)');
      await c.query(
        `create table ${DIGESTS} as ` +
          kinds.map((k) => `select '${k}'::text as kind, id, md5(${RECORD_TABLES[k].stored}) as digest from ${RECORD_TABLES[k].table}`).join(' union all '),
      );
      await c.query('checkpoint');
    });
    const before = await tableWrites(url);
    const [{ now: started }] = (await withClient(url, (c) => c.query<{ now: Date }>('select now()'))).rows as [{ now: Date }];
    console.log(`spindle import (the next month, ${next.changed} of the records changed) …`);
    const secondRun = await runImportProcess(kinds.map((k) => second.files[k]), options);
    runs = [firstRun, secondRun];
    const after = await tableWrites(url);
    writes = new Map(
      [...after].map(([table, a]) => {
        const b = before.get(table) ?? { ins: 0, upd: 0, del: 0 };
        return [table, { ins: a.ins - b.ins, upd: a.upd - b.upd, del: a.del - b.del }];
      }),
    );
    const ids = async (sql: (k: DumpKind) => string): Promise<Map<DumpKind, number[]>> =>
      withClient(url, async (c) => {
        const out = new Map<DumpKind, number[]>();
        for (const k of kinds) out.set(k, (await c.query<{ id: number }>(sql(k))).rows.map((r) => r.id));
        return out;
      });
    differing = await ids(
      (k) =>
        `select coalesce(t.id, d.id) as id from (select id, md5(${RECORD_TABLES[k].stored}) as digest from ${RECORD_TABLES[k].table}) t ` +
        `full join (select id, digest from ${DIGESTS} where kind = '${k}') d on d.id = t.id ` +
        'where t.digest is distinct from d.digest order by 1',
    );
    moved = await ids((k) => `select id from ${RECORD_TABLES[k].table} where date_changed >= '${started.toISOString()}' order by id`);
  } finally {
    if (!opts.keep) {
      removeSyntheticDumps(first, kinds);
      removeSyntheticDumps(second, kinds);
    }
  }

  printSettings();
  const [firstRun, secondRun] = runs;
  const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : '-');
  print({
    title:
      `postgres: spindle import as a process of its own, the first month into a fresh database, then the next month ` +
      `(${next.changed} of the records of each kind changed) into the same one (seconds from start to exit; peak RSS ` +
      `${firstRun.peakFromTime ? 'from /usr/bin/time' : 'sampled from /proc'})`,
    rows: [processRow('first', firstRun), processRow('re-import', secondRun)],
    notes: [
      `re-import / first import: seconds ${ratio(secondRun.seconds, firstRun.seconds)}, CPU node ` +
        `${ratio(secondRun.cpuUs, firstRun.cpuUs)}, CPU postgres ${ratio(secondRun.postgresCpuUs ?? 0, firstRun.postgresCpuUs ?? 0)}`,
      'first month:',
      ...firstRun.stdout.trim().split('\n').map((l) => `  ${l}`),
      'next month:',
      ...secondRun.stdout.trim().split('\n').map((l) => `  ${l}`),
    ],
  });

  // What the re-import changed, against what the next month's dumps changed.
  console.log('\nchecks of the re-import      expected changed   command: new / changed / unchanged   stored record differs   date_changed moved');
  let failed = false;
  for (const kind of kinds) {
    const expected = changedInNextMonth(kind, counts[kind], next);
    const summary = new RegExp(`: ([\\d,]+) ${kind} in .*?: ([\\d,]+) new, ([\\d,]+) changed, ([\\d,]+) unchanged`).exec(secondRun.stdout);
    const [fresh, changed, unchanged] = summary ? summary.slice(2, 5).map((n) => Number(n!.replace(/,/g, ''))) : [NaN, NaN, NaN];
    const same = (got: readonly number[]) => got.length === expected.length && got.every((id, i) => id === expected[i]);
    const ok =
      fresh === 0 && changed === expected.length && unchanged === counts[kind] - expected.length && same(differing.get(kind)!) && same(moved.get(kind)!);
    failed ||= !ok;
    console.log(
      `${kind.padEnd(28)} ${String(expected.length).padStart(16)}   ${`${fresh} / ${changed} / ${unchanged}`.padStart(34)}   ` +
        `${String(differing.get(kind)!.length).padStart(21)}   ${String(moved.get(kind)!.length).padStart(18)}   ${ok ? 'ok' : 'MISMATCH'}`,
    );
    if (!ok) {
      const wanted = new Set(expected);
      const extra = (got: readonly number[]) => got.filter((id) => !wanted.has(id)).slice(0, 5);
      const missing = (got: readonly number[]) => {
        const found = new Set(got);
        return expected.filter((id) => !found.has(id)).slice(0, 5);
      };
      console.log(
        `  stored record differs, not expected: ${extra(differing.get(kind)!).join(' ') || '-'}; expected, not differing: ${missing(differing.get(kind)!).join(' ') || '-'}; ` +
          `date_changed moved, not expected: ${extra(moved.get(kind)!).join(' ') || '-'}`,
      );
    }
  }
  console.log('\nrows written during the re-import, by table (PostgreSQL statistics: inserted / updated / deleted)');
  for (const [table, w] of [...writes].filter(([t, w]) => t !== DIGESTS && w.ins + w.upd + w.del > 0).sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    console.log(`  ${table.padEnd(24)} ${String(w.ins).padStart(10)} / ${String(w.upd).padStart(10)} / ${String(w.del).padStart(10)}`);
  }
  if (failed) {
    console.log('\nthe re-import did not change exactly the records the next month changed (see MISMATCH above)');
    process.exitCode = 1;
  }
}

// Last, so that everything above is initialised before the top-level await runs.
if (opts.child) {
  const result = await runChild(opts.child, JSON.parse(opts.files!) as string[], typeof opts.postgres === 'string' ? opts.postgres : DEFAULT_URL);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
} else {
  await main();
}
