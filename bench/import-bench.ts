/*
 * Dump import benchmark: builds a synthetic releases dump (the 1,000 sample releases of the 2020 demo data repeated
 * with new ids) and imports it into a fresh embedded PGlite database and/or a fresh PostgreSQL database, each in a
 * child process of its own so that its peak RSS is its own. Prints releases/s and peak RSS.
 *
 *   node dist/bench/import-bench.js [--releases 200000] [--pglite] [--postgres [URL]] [--workers 2] [--keep]
 *
 * Without --pglite or --postgres it runs both (PostgreSQL at postgres://postgres@127.0.0.1:5432/spindle_bench).
 */
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { Command } from 'commander';
import pg from 'pg';
import { XmlDumpReader } from '../adapters/catalogue/dump/xml-dump-reader.js';
import { Database } from '../adapters/persistence/database.js';
import { ImportDump } from '../application/catalogue/import-dump.js';
import { catalogueWriterFor } from '../adapters/persistence/catalogue/catalogue-writer-for.js';
import { demoDataFiles } from '../composition/catalogue/catalogue-import.js';
import { discoverModules, schemaOf } from '../composition/modules.js';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/spindle_bench';

interface Result {
  readonly database: string;
  readonly releases: number;
  readonly seconds: number;
  readonly releasesPerSecond: number;
  readonly peakRssMb: number;
  /** CPU time of this process per release (µs), all threads. */
  readonly cpuUsPerRelease: number;
  /** CPU time of all local postgres processes per release (µs), when they can be read from /proc. */
  readonly postgresCpuUsPerRelease?: number;
}

const program = new Command()
  .option('--releases <n>', 'releases in the synthetic dump', (v) => Number(v), 200_000)
  .option('--pglite', 'benchmark the embedded PGlite database')
  .option('--postgres [url]', 'benchmark a PostgreSQL server (database created if missing)')
  .option('--workers <n>', 'worker threads that parse (0: parse on the importing thread)', (v) => Number(v))
  .option('--batch <n>', 'records per batch read (with --workers 0)', (v) => Number(v), 100)
  .option('--keep', 'keep the generated dump in the temp folder for the next run')
  .option('--child <database>', '(internal) run one import in this process')
  .option('--file <path>', '(internal) the dump to import')
  .parse();
const opts = program.opts<{
  releases: number;
  pglite?: boolean;
  postgres?: string | boolean;
  workers?: number;
  batch: number;
  keep?: boolean;
  child?: 'pglite' | 'postgres';
  file?: string;
}>();


async function main(): Promise<void> {
  const both = !opts.pglite && !opts.postgres;
  const url = typeof opts.postgres === 'string' ? opts.postgres : DEFAULT_URL;
  const file = path.join(os.tmpdir(), `spindle-bench-releases-${opts.releases}.xml.gz`);
  if (!fs.existsSync(file)) {
    const t0 = performance.now();
    await generateDump(file, opts.releases);
    const mb = fs.statSync(file).size / 1e6;
    console.log(`generated ${file}: ${opts.releases} releases, ${mb.toFixed(0)} MB gzip (${s(t0)} s)`);
  } else {
    console.log(`using ${file}`);
  }
  const results: Result[] = [];
  try {
    if (both || opts.pglite) results.push(await child('pglite', file, url));
    if (both || opts.postgres) results.push(await child('postgres', file, url));
  } finally {
    if (!opts.keep) fs.rmSync(file, { force: true });
  }
  console.log('\ndatabase    releases   seconds   releases/s   peak RSS (MB)   CPU µs/release (node / postgres)');
  for (const r of results) {
    console.log(
      `${r.database.padEnd(10)} ${String(r.releases).padStart(9)} ${r.seconds.toFixed(1).padStart(9)} ` +
        `${String(r.releasesPerSecond).padStart(12)} ${String(r.peakRssMb).padStart(15)}   ` +
        `${r.cpuUsPerRelease} / ${r.postgresCpuUsPerRelease ?? '-'}`,
    );
  }
}

function s(t0: number): string {
  return ((performance.now() - t0) / 1000).toFixed(1);
}

/** The sample's `<release …>…</release>` records, as text. */
function sampleReleases(): string[] {
  const releases = demoDataFiles().find((f) => f.includes('releases'))!;
  const xml = zlib.gunzipSync(fs.readFileSync(releases)).toString('utf8');
  const out: string[] = [];
  let at = xml.indexOf('<release ');
  while (at !== -1) {
    const end = xml.indexOf('</release>', at) + '</release>'.length;
    out.push(xml.slice(at, end));
    at = xml.indexOf('<release ', end);
  }
  return out;
}

/** Writes `count` releases: copy k of sample record i gets id k × 1,000 + i + 1 (so ids stay within int4). */
async function generateDump(file: string, count: number): Promise<void> {
  const records = sampleReleases().map((r) => r.replace(/^<release id="\d+"/, ''));
  const size = records.length;
  function* text(): Generator<string> {
    yield '<releases>\n';
    let chunk = '';
    for (let n = 0; n < count; n++) {
      chunk += `<release id="${n + 1}"${records[n % size]}\n`;
      if (chunk.length > 1 << 20) {
        yield chunk;
        chunk = '';
      }
    }
    yield `${chunk}</releases>\n`;
  }
  const tmp = `${file}.part`;
  await pipeline(Readable.from(text()), zlib.createGzip({ level: 6 }), fs.createWriteStream(tmp));
  fs.renameSync(tmp, file);
}

async function child(database: 'pglite' | 'postgres', file: string, url: string): Promise<Result> {
  const self = fileURLToPath(import.meta.url);
  const args = [self, '--child', database, '--file', file, '--batch', String(opts.batch), '--postgres', url];
  if (opts.workers !== undefined) args.push('--workers', String(opts.workers));
  console.log(`importing into ${database} …`);
  const proc = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => proc.on('close', resolve));
  if (code !== 0) throw new Error(`the ${database} import failed (exit ${code})`);
  return JSON.parse(out.trim().split('\n').pop()!) as Result;
}

async function runChild(database: 'pglite' | 'postgres', file: string, url: string): Promise<Result> {
  let db: Database;
  let dataDir: string | undefined;
  if (database === 'postgres') {
    await recreateDatabase(url);
    db = await Database.open({ kind: 'server', url }, schemaOf(await discoverModules()));
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-bench-pglite-'));
    db = await Database.open({ kind: 'embedded', dataDir }, schemaOf(await discoverModules()));
  }
  try {
    await db.migrate();
    let peak = process.memoryUsage().rss;
    const cpu0 = process.cpuUsage();
    const pgCpu = database === 'postgres' && fs.existsSync('/proc/self/stat') ? new PostgresCpu() : undefined;
    pgCpu?.sample();
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
      pgCpu?.sample();
    }, 100);
    const reader = new XmlDumpReader({
      batchSize: opts.batch,
      ...(opts.workers !== undefined ? { workers: opts.workers } : {}),
    });
    const useCase = new ImportDump(reader, catalogueWriterFor(db), {
      now: () => new Date(),
    });
    let lastLog = Date.now();
    const summary = await useCase.execute({
      source: file,
      onProgress: (p) => {
        if (Date.now() - lastLog < 5_000) return;
        lastLog = Date.now();
        process.stderr.write(`  ${p.records} records, ${Math.round((100 * p.bytesRead) / p.totalBytes)}% of the file\n`);
      },
    });
    clearInterval(sampler);
    const cpu = process.cpuUsage(cpu0);

    const hwm = vmHwmBytes();
    peak = Math.max(peak, hwm ?? 0);
    return {
      database,
      releases: summary.records,
      seconds: summary.seconds,
      releasesPerSecond: Math.round(summary.records / summary.seconds),
      peakRssMb: Math.round(peak / 1024 / 1024),
      cpuUsPerRelease: Math.round((cpu.user + cpu.system) / summary.records),
      ...(pgCpu ? { postgresCpuUsPerRelease: Math.round(pgCpu.micros() / summary.records) } : {}),
    };
  } finally {
    await db.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * CPU time of the local postgres processes (Linux /proc), sampled: the import's own backend exits with its
 * connection, so each process's last sample counts (up to one sampling interval of it is missed).
 */
class PostgresCpu {
  private readonly first = new Map<string, number>();
  private readonly last = new Map<string, number>();

  sample(): void {
    let pids: string[];
    try {
      pids = fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p));
    } catch {
      return;
    }
    for (const pid of pids) {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const close = stat.lastIndexOf(')');
        if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
        const fields = stat.slice(close + 2).split(' ');
        const ticks = Number(fields[11]) + Number(fields[12]);
        if (!this.first.has(pid)) this.first.set(pid, this.sampled ? 0 : ticks);
        this.last.set(pid, ticks);
      } catch {
        // the process ended meanwhile
      }
    }
    this.sampled = true;
  }

  private sampled = false;

  /** µs of CPU used since the first sample. */
  micros(): number {
    let ticks = 0;
    for (const [pid, last] of this.last) ticks += last - (this.first.get(pid) ?? 0);
    return (ticks * 1e6) / 100;
  }
}

/** Peak resident set size from /proc (Linux), or undefined elsewhere. */
function vmHwmBytes(): number | undefined {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Drops and recreates the bench database so each run starts empty (it is only ever the bench's own database). */
async function recreateDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}"`);
    await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    // So that writing out an earlier run's dirty pages does not fall into this one.
    await client.query('CHECKPOINT');
  } finally {
    await client.end();
  }
}

// Last, so that the classes above are initialised before the top-level await runs.
if (opts.child) {
  const result = await runChild(opts.child, opts.file!, typeof opts.postgres === 'string' ? opts.postgres : DEFAULT_URL);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
} else {
  await main();
}
