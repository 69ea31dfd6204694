/*
 * Inventory export benchmark: one seller with N listings in PostgreSQL (or PGlite), exported by the `inventory-export`
 * job handler exactly as the worker runs it (the cursor reader, csv-stringify, the folder file store, the job queue's
 * claim and complete), in a child process per size so that each peak RSS is that export's own.
 *
 *   node dist/bench/inventory-export.js [N …] [--postgres URL] [--pglite] [--batch N]
 *
 * Sizes default to 100,000 and 1,000,000. The database (default
 * postgres://postgres@127.0.0.1:5432/spindle_export_bench) is dropped and created again for each size; its name must
 * contain "bench". Prints per size: rows, seconds, rows/s, the file's size, and the peak RSS of the export (VmHWM
 * reset just before it, and the largest of `process.memoryUsage().rss` sampled every 20 ms) against the RSS before, and
 * the largest V8 heap (`heapTotal`). V8 lets its heap grow while garbage comes fast; run with
 * `NODE_OPTIONS=--max-old-space-size=96` to see the export finish within a fixed heap whatever N.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CsvStringifyEncoder } from '../adapters/csv/csv-stringify-encoder.js';
import { Database } from '../adapters/persistence/database.js';
import { MikroOrmUserRepository } from '../adapters/persistence/identity/mikro-orm-identity-repositories.js';
import { SqlInventoryReader } from '../adapters/persistence/inventory/sql-inventory-reader.js';
import { SqlJobQueue } from '../adapters/persistence/jobs/sql-job-queue.js';
import { MikroOrmUnitOfWork, query } from '../adapters/persistence/mikro-orm-unit-of-work.js';
import { FolderFileStore } from '../adapters/system/folder-file-store.js';
import { ExpireInventoryExports } from '../application/inventory/expire-inventory-exports.js';
import { EXPORT_BATCH_SIZE, ExportInventory } from '../application/inventory/export-inventory.js';
import { InventoryJobEvents } from '../application/inventory/inventory-job-events.js';
import { createPinoLogger } from '../adapters/logging/pino-logger.js';
import { loadConfig } from '../composition/config.js';
import { buildContainer } from '../composition/container.js';
import { EVENTS } from '../composition/events/events-tokens.js';
import { discoverModules, schemaOf } from '../composition/modules.js';
import { INVENTORY_EXPORT_JOB, inventoryExportFilename } from '../domain/inventory/inventory-export.js';
import { peakRssBytes, resetPeakRss } from './process-figures.js';
import { recreateBenchDatabase } from './bench-database.js';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/spindle_export_bench';
const MB = 1024 * 1024;

interface Figures {
  readonly rows: number;
  readonly seconds: number;
  readonly fileBytes: number;
  readonly rssBeforeMb: number;
  readonly peakRssMb: number;
  readonly sampledPeakRssMb: number;
  readonly peakHeapMb: number;
  readonly fillSeconds: number;
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** One seller and N listings, written by the database itself (varied text: commas, quotes, line breaks, formula starts). */
async function fill(db: Database, n: number): Promise<number> {
  const uow = new MikroOrmUnitOfWork(db.orm);
  const user = await uow.run(() =>
    new MikroOrmUserRepository(db.orm).add({
      username: 'benchseller',
      realName: '',
      email: 'bench@example.test',
      passwordHash: 'x',
      registeredAt: new Date(),
      homePage: '',
      location: '',
      profile: '',
      currency: 'USD',
    }),
  );
  const sellerId = user.id;
  return uow.run(async () => {
    // Triggers off for the load: the market figures of releases are not what is measured.
    await query(db.orm, 'set local session_replication_role = replica');
    await query(
      db.orm,
      `insert into listing (seller_id, release_id, status, condition, sleeve_condition, price_minor, currency, comments, allow_offers,
                            external_id, location, weight, format_quantity, posted, updated)
       select ?, 1 + i % 500000, case when i % 10 = 0 then 'Draft' when i % 97 = 0 then 'Sold' else 'For Sale' end,
              'Very Good Plus (VG+)', case when i % 3 = 0 then 'Generic' else null end, 100 + i % 100000, 'USD',
              case i % 4 when 0 then '' when 1 then 'Plays fine, light scuffs' when 2 then 'Sealed, "hype" sticker, corner dent'
                         else '=looks like a formula' || chr(10) || 'second line' end,
              i % 2 = 0, 'SKU-' || i, case when i % 5 = 0 then 'Box ' || (i % 300) else null end,
              case when i % 2 = 0 then 230 else null end, case when i % 7 = 0 then 2 else null end, now(), now()
       from generate_series(1, ?) as i`,
      [sellerId, n],
    );
    return sellerId;
  });
}

async function child(n: number, url: string | undefined, batch: number): Promise<void> {
  const modules = await discoverModules();
  const schema = schemaOf(modules);
  const db = await Database.open(url ? { kind: 'server', url } : { kind: 'memory' }, schema);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-export-bench-'));
  try {
    await db.migrate();
    const fillStart = performance.now();
    const sellerId = await fill(db, n);
    if (url) await query(db.orm, 'vacuum analyze listing');
    const fillSeconds = (performance.now() - fillStart) / 1000;
    const uow = new MikroOrmUnitOfWork(db.orm);
    const queue = new SqlJobQueue(db.orm);
    const files = new FolderFileStore(folder);
    // The job's end event is recorded by the worker's `ended`, which this run (the handler alone) does not reach.
    const container = buildContainer({ config: loadConfig({ LOG_LEVEL: 'silent', FILE_DIR: folder, JOB_WORKER: 'false', ...(url ? { DATABASE_URL: url } : {}) }), logger: createPinoLogger('silent'), storage: 'sql', db }, modules);
    const events = new InventoryJobEvents(queue, container.get(EVENTS.Recorder), 3_600_000);
    const handler = new ExportInventory(new SqlInventoryReader(db.orm), new CsvStringifyEncoder(), files, uow, new ExpireInventoryExports(files, 3_600_000), events, batch);
    const now = new Date();
    await uow.run(() => queue.enqueue({ kind: INVENTORY_EXPORT_JOB, ownerId: sellerId, payload: { filename: inventoryExportFilename('benchseller', now) } }, now));
    const job = (await uow.run(() => queue.claim([INVENTORY_EXPORT_JOB], 'bench', now, new Date(now.getTime() + 3_600_000))))!;

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    resetPeakRss();
    let sampled = rssBefore;
    let heap = 0;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      sampled = Math.max(sampled, m.rss);
      heap = Math.max(heap, m.heapTotal);
    }, 20);
    let rows = 0;
    const start = performance.now();
    await handler.run(job, async (result) => {
      rows = Number(result.rows);
      if (!(await queue.complete(job.id, 'bench', result, new Date()))) throw new Error('lease lost');
    });
    const seconds = (performance.now() - start) / 1000;
    clearInterval(sampler);
    const figures: Figures = {
      rows,
      seconds,
      fileBytes: (await files.info(`inventory-export/${job.id}.csv`))!.size,
      rssBeforeMb: rssBefore / MB,
      peakRssMb: (peakRssBytes() ?? 0) / MB,
      sampledPeakRssMb: sampled / MB,
      peakHeapMb: heap / MB,
      fillSeconds,
    };
    process.stdout.write(`${JSON.stringify(figures)}\n`);
  } finally {
    await db.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (arg('--child') !== undefined) {
    await child(Number(arg('--child')), arg('--url') || undefined, Number(arg('--batch') ?? EXPORT_BATCH_SIZE));
    return;
  }
  const pglite = process.argv.includes('--pglite');
  const url = arg('--postgres') ?? DEFAULT_URL;
  const batch = Number(arg('--batch') ?? EXPORT_BATCH_SIZE);
  const sizes = process.argv
    .slice(2)
    .filter((a, i, all) => /^\d+$/.test(a) && !['--postgres', '--batch'].includes(all[i - 1] ?? ''))
    .map(Number);
  const where = pglite ? 'PGlite (in memory)' : `PostgreSQL (${new URL(url).pathname.slice(1)})`;
  console.log(`Inventory export on ${where}, batches of ${batch}, ${os.cpus().length} cores, Node ${process.version}`);
  console.log('| listings | exported rows | seconds | rows/s | file (MB) | RSS before (MB) | peak RSS (MB, VmHWM) | peak RSS (MB, sampled) | peak V8 heap (MB) |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const n of sizes.length > 0 ? sizes : [100_000, 1_000_000]) {
    if (!pglite) await recreateBenchDatabase(url);
    const run = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), '--child', String(n), '--url', pglite ? '' : url, '--batch', String(batch)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 16 * MB,
    });
    if (run.status !== 0) throw new Error(`the export of ${n} listings failed (exit ${run.status})`);
    const f = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Figures;
    const fmt = (x: number, d = 1) => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
    console.log(
      `| ${n.toLocaleString('en-US')} | ${f.rows.toLocaleString('en-US')} | ${fmt(f.seconds, 2)} | ${Math.round(f.rows / f.seconds).toLocaleString('en-US')} | ` +
        `${fmt(f.fileBytes / MB)} | ${fmt(f.rssBeforeMb)} | ${fmt(f.peakRssMb)} | ${fmt(f.sampledPeakRssMb)} | ${fmt(f.peakHeapMb)} |`,
    );
  }
}

await main();
