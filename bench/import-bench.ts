/*
 * Dump import benchmark: builds synthetic dumps of the four kinds (synthetic-dumps.ts) and imports them — labels,
 * artists, masters, releases, N each — into a fresh PostgreSQL database and/or a fresh embedded PGlite database,
 * each in a child process of its own so that its peak RSS is its own, through the code path of `spindle import`
 * (`ImportDump` with `catalogueWriterFor(db)` and `XmlDumpReader`). With --cli it also times `spindle import` itself.
 *
 *   node dist/bench/import-bench.js [--records 200000] [--releases N] [--releases-only] [--pglite] [--postgres [URL]]
 *                                   [--cli] [--workers 2] [--no-search-index] [--keep]
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
import { spindleNodeOptions, withSpindleSettings } from './bench-processes.js';
import { runImportProcess } from './import-process.js';
import { PostgresCpu, peakRssBytes, resetPeakRss } from './process-figures.js';
import { IMPORT_ORDER, ensureSyntheticDumps, removeSyntheticDumps, type DumpCounts } from './synthetic-dumps.js';

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
  .option('--workers <n>', 'worker threads that parse (0: parse on the importing thread)', (v) => Number(v))
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
  workers?: number;
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
  const dumps = await ensureSyntheticDumps(counts, kinds);
  const files = kinds.map((k) => dumps.files[k]);
  const databases: DatabaseKind[] = [...(both || opts.pglite ? ['pglite' as const] : []), ...(both || opts.postgres ? ['postgres' as const] : [])];
  const runs: Run[] = [];
  try {
    for (const database of databases) runs.push(await child(database, files, url));
    if (opts.cli) for (const database of databases) runs.push(await cli(database, files, url));
  } finally {
    if (!opts.keep) removeSyntheticDumps(dumps, kinds);
  }
  console.log(`\n${os.cpus().length} cores, ${Math.round(os.totalmem() / 1e9)} GB, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const settings = withSpindleSettings({});
  const options = spindleNodeOptions('import');
  console.log(
    `imports run with the settings of the spindle program: ${[...Object.entries(settings).map(([k, v]) => `${k}=${v}`), ...options].join(' ') || 'none'}`,
  );
  for (const run of runs) print(run);
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
      ...(database === 'postgres' ? { postgresDatabase: databaseName(url) } : {}),
    });
    return {
      title:
        `${database}: spindle import ${files.length > 1 ? `(${files.length} files)` : ''} as a process of its own ` +
        `(seconds from start to exit; peak RSS ${run.peakFromTime ? 'from /usr/bin/time' : 'sampled from /proc'}` +
        `${opts.searchIndex ? '' : '; it writes the search index: --no-search-index applies to the in-process imports only'})`,
      rows: [
        {
          label: 'total',
          records: run.records,
          seconds: run.seconds,
          peakRssMb: run.peakRssMb,
          cpuUsPerRecord: run.records > 0 ? Math.round(run.cpuUs / run.records) : 0,
          ...(run.postgresCpuUs !== undefined && run.records > 0 ? { postgresCpuUsPerRecord: Math.round(run.postgresCpuUs / run.records) } : {}),
        },
      ],
      notes: run.stdout.trim().split('\n').map((l) => `  ${l}`),
    };
  } finally {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
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
