/*
 * Inventory upload benchmark: one seller uploads a CSV file of N rows as an `add`, then the same listings with new
 * prices as a `change`, then that file again as a `delete`, each through the whole path a real upload takes: the
 * request's check (RequestInventoryUpload from the real composition root: the file read from disk, streamed through
 * the CSV decoder and the upload checker, then kept in the folder file store and the job queued), then the job
 * (ApplyInventoryUpload run by the real JobWorker.runOnce: claim, one unit of work that checks and writes every batch,
 * complete). Each upload runs in a process of its own (as do the setup and the making of the change file), so that
 * each peak RSS is that upload's own.
 *
 *   node dist/bench/inventory-upload.js [N …] [--postgres URL] [--pglite] [--types add,change,delete]
 *                                       [--profile DIR] [--without-market-figures]
 *
 * Sizes default to 100,000 and 400,000. The database (default
 * postgres://postgres@127.0.0.1:5432/spindle_upload_bench) is dropped and created again for each size; its name must
 * contain "bench" (`--pglite`: an embedded database in a temp folder). Prints per size, upload and phase: seconds,
 * rows/s, the CPU time of this process and of PostgreSQL, the RSS before, the phase's peak RSS (VmHWM reset just
 * before it, and the largest of `process.memoryUsage().rss` sampled every 20 ms) and the largest V8 heap
 * (`heapTotal`). `--profile DIR` writes a V8 CPU profile of each phase (`N-type-phase.cpuprofile`, for Chrome's
 * DevTools); `--without-market-figures` is a diagnostic: the releases' market figures not kept up to date.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import inspector from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'csv-stringify/sync';
import { createPinoLogger } from '../adapters/logging/pino-logger.js';
import { Database, type DatabaseLocation } from '../adapters/persistence/database.js';
import { LISTING_COLUMNS, listingOf } from '../adapters/persistence/marketplace/listing-row-mappers.js';
import { query } from '../adapters/persistence/mikro-orm-unit-of-work.js';
import type { UploadedFile } from '../application/inventory/request-inventory-upload.js';
import type { Caller } from '../application/shared/caller.js';
import { loadConfig, type Config } from '../composition/config.js';
import { buildContainer } from '../composition/container.js';
import { IDENTITY } from '../composition/identity/identity-tokens.js';
import { INVENTORY } from '../composition/inventory/inventory-tokens.js';
import { JOBS } from '../composition/jobs/jobs-tokens.js';
import { MARKETPLACE } from '../composition/marketplace/marketplace-tokens.js';
import { discoverModules, schemaOf } from '../composition/modules.js';
import { PERSISTENCE } from '../composition/persistence/persistence-tokens.js';
import { INVENTORY_EXPORT_COLUMNS, inventoryCsvRecord, neutraliseCell } from '../domain/inventory/inventory-csv.js';
import type { UploadType } from '../domain/inventory/inventory-upload.js';
import { MEDIA_CONDITIONS, SLEEVE_CONDITIONS } from '../domain/marketplace/conditions.js';
import { sellerSettings } from '../domain/marketplace/seller.js';
import { databaseName, recreateBenchDatabase } from './bench-database.js';
import { PostgresCpu, peakRssBytes, resetPeakRss } from './process-figures.js';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/spindle_upload_bench';
const MB = 1024 * 1024;
/** Rows written to a generated file at a time. */
const WRITE_ROWS = 1000;

/** One phase's figures: the request's check, or the job. */
interface PhaseFigures {
  readonly seconds: number;
  /** CPU time of this process (all its threads). */
  readonly nodeCpuSeconds: number;
  /** CPU time of the PostgreSQL processes working for the bench database (null on PGlite, or off Linux). */
  readonly postgresCpuSeconds: number | null;
  readonly rssBeforeMb: number;
  readonly peakRssMb: number;
  readonly sampledPeakRssMb: number;
  readonly peakHeapMb: number;
}

interface UploadFigures {
  readonly type: UploadType;
  /** The records the job applied (its result). */
  readonly rows: number;
  readonly fileBytes: number;
  readonly check: PhaseFigures;
  readonly job: PhaseFigures;
  readonly listingsAfter: number;
}

interface SetupFigures {
  readonly releases: number;
  readonly fillSeconds: number;
  readonly addBytes: number;
  readonly addSeconds: number;
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** The catalogue's releases, how many an upload of N rows names (about one in ten rows repeats a release). */
const releaseCount = (n: number): number => Math.max(1, Math.ceil(n * 0.9));

/**
 * Minimal release rows, written by the database itself: an id, a title and a compact document with one format (what
 * an `auto` weight is estimated from). The upload reads nothing else of a release.
 */
async function fillCatalogue(db: Database, releases: number): Promise<void> {
  await query(
    db.orm,
    `insert into release (id, title, artist, data)
     select i, 'Bench release ' || i, 'Bench artist ' || (i % 1000),
            jsonb_build_object('id', i, 'title', 'Bench release ' || i,
              'formats', jsonb_build_array(jsonb_build_object('name', 'Vinyl', 'qty', case when i % 5 = 0 then '2' else '1' end,
                                                              'descriptions', jsonb_build_array('LP', 'Album'))))
     from generate_series(1, ?) as i`,
    [releases],
  );
}

/** Writes a file a chunk of records at a time (memory holds one chunk). */
function writeCsv(file: string, header: readonly string[], rows: number, record: (i: number) => string[]): number {
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, stringify([header]));
    for (let from = 0; from < rows; from += WRITE_ROWS) {
      const chunk: string[][] = [];
      for (let i = from; i < Math.min(rows, from + WRITE_ROWS); i++) chunk.push(record(i));
      fs.writeSync(fd, stringify(chunk));
    }
  } finally {
    fs.closeSync(fd);
  }
  return fs.statSync(file).size;
}

const COMMENTS = [
  '',
  'Plays fine, light scuffs',
  'Sealed, "hype" sticker, corner dent',
  neutraliseCell('=looks like a formula\nsecond line'),
  'Original inner sleeve; ring wear on the cover.\r\nShips in a 12" mailer, "as is".',
  neutraliseCell('-3 dB dip on side B, see photos'),
];

/** The add file: N rows of the upload columns, varied as a seller's inventory is. */
function writeAddFile(file: string, n: number, releases: number): number {
  const header = ['release_id', 'price', 'media_condition', 'sleeve_condition', 'comments', 'accept_offer', 'location', 'external_id', 'weight', 'format_quantity'];
  return writeCsv(file, header, n, (i) => [
    String(1 + ((i * 7919) % releases)),
    i % 3 === 0 ? String(5 + (i % 40)) : `${5 + (i % 200)}.${String(i % 100).padStart(2, '0')}`,
    MEDIA_CONDITIONS[i % MEDIA_CONDITIONS.length]!,
    i % 4 === 0 ? '' : SLEEVE_CONDITIONS[i % SLEEVE_CONDITIONS.length]!,
    COMMENTS[i % COMMENTS.length]!,
    i % 3 === 0 ? 'Y' : i % 3 === 1 ? 'N' : '',
    i % 5 === 0 ? `Box ${i % 300}, shelf ${i % 7}` : '',
    `SKU-${i}`,
    i % 100 === 0 ? 'auto' : i % 2 === 0 ? String(180 + (i % 120)) : '',
    i % 100 === 0 ? 'auto' : i % 7 === 0 ? '2' : '',
  ]);
}

/**
 * The change file: every listing of the seller as the export writes it (read by SQL, a page at a time), each price
 * one unit higher.
 */
async function writeChangeFile(db: Database, file: string, sellerId: number): Promise<{ rows: number; bytes: number }> {
  const fd = fs.openSync(file, 'w');
  let rows = 0;
  try {
    fs.writeSync(fd, stringify([[...INVENTORY_EXPORT_COLUMNS]]));
    let after = 0;
    for (;;) {
      const page = await query(db.orm, `select ${LISTING_COLUMNS} from listing l where l.seller_id = ? and l.id > ? order by l.id limit 5000`, [sellerId, after]);
      if (page.length === 0) break;
      const records = page.map((row) => {
        const listing = listingOf(row);
        const record = inventoryCsvRecord(listing);
        record[3] = (Number(listing.price.minorUnits + 100n) / 100).toFixed(2);
        return record;
      });
      fs.writeSync(fd, stringify(records));
      rows += page.length;
      after = Number(page.at(-1)!.id);
    }
  } finally {
    fs.closeSync(fd);
  }
  return { rows, bytes: fs.statSync(file).size };
}

/** The V8 CPU profiler of this process, when `--profile DIR` asks for a profile of each phase. */
class PhaseProfiler {
  private readonly session = new inspector.Session();

  constructor(private readonly folder: string) {
    this.session.connect();
  }

  private post(method: string, params?: object): Promise<unknown> {
    return new Promise((resolve, reject) => this.session.post(method, params, (err, result) => (err ? reject(err) : resolve(result))));
  }

  async start(): Promise<void> {
    await this.post('Profiler.enable');
    await this.post('Profiler.setSamplingInterval', { interval: 500 });
    await this.post('Profiler.start');
  }

  async stop(name: string): Promise<void> {
    const { profile } = (await this.post('Profiler.stop')) as { profile: unknown };
    fs.mkdirSync(this.folder, { recursive: true });
    fs.writeFileSync(path.join(this.folder, `${name}.cpuprofile`), JSON.stringify(profile));
  }
}

/**
 * Runs a phase with its memory and CPU measured: VmHWM reset just before it, RSS and the V8 heap sampled every 20 ms,
 * this process's CPU time, and that of the PostgreSQL processes working for the bench database (Linux).
 */
async function measured<T>(phase: () => Promise<T>, database: string | undefined, profile?: { profiler: PhaseProfiler; name: string }): Promise<[T, PhaseFigures]> {
  global.gc?.();
  const pg = database && PostgresCpu.available() ? new PostgresCpu(database) : undefined;
  pg?.sample();
  const rssBefore = process.memoryUsage().rss;
  resetPeakRss();
  let sampled = rssBefore;
  let heap = process.memoryUsage().heapTotal;
  let ticks = 0;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    sampled = Math.max(sampled, m.rss);
    heap = Math.max(heap, m.heapTotal);
    // PostgreSQL's processes every 500 ms: a backend that ends meanwhile keeps its last sample.
    if (++ticks % 25 === 0) pg?.sample();
  }, 20);
  await profile?.profiler.start();
  const cpu = process.cpuUsage();
  const start = performance.now();
  try {
    const result = await phase();
    const seconds = (performance.now() - start) / 1000;
    const used = process.cpuUsage(cpu);
    await profile?.profiler.stop(profile.name);
    pg?.sample();
    return [
      result,
      {
        seconds,
        nodeCpuSeconds: (used.user + used.system) / 1e6,
        postgresCpuSeconds: pg ? pg.micros() / 1e6 : null,
        rssBeforeMb: rssBefore / MB,
        peakRssMb: (peakRssBytes() ?? 0) / MB,
        sampledPeakRssMb: sampled / MB,
        peakHeapMb: heap / MB,
      },
    ];
  } finally {
    clearInterval(sampler);
  }
}

/** The database of a run: the bench database on the server, or an embedded one in the run's folder. */
function locationOf(url: string | undefined, folder: string): DatabaseLocation {
  return url ? { kind: 'server', url } : { kind: 'embedded', dataDir: path.join(folder, 'pglite') };
}

const SELLER = 'benchseller';

/** Migrates, writes the catalogue and the seller, and makes the add file. */
async function setup(n: number, url: string | undefined, folder: string, marketFigures: boolean): Promise<SetupFigures> {
  const modules = await discoverModules();
  const db = await Database.open(locationOf(url, folder), schemaOf(modules));
  try {
    await db.migrate();
    const container = buildContainer({ config: configOf(url, folder), logger: createPinoLogger('silent'), storage: 'sql', db }, modules);
    const fillStart = performance.now();
    const releases = releaseCount(n);
    await fillCatalogue(db, releases);
    if (!marketFigures) {
      // A diagnostic, not the service: what the uploads cost without the release market figures kept up to date (the
      // refresh the listing triggers and an upload's end call does nothing in the bench database).
      await query(db.orm, 'create or replace function listing_market_refresh_set(release_ids integer[]) returns void language plpgsql as $$ begin return; end $$');
    }
    await container.get(PERSISTENCE.UnitOfWork).run(async () => {
      const user = await container.get(IDENTITY.UserRepository).add({
        username: SELLER,
        realName: '',
        email: 'bench@example.test',
        passwordHash: 'x',
        registeredAt: new Date(),
        homePage: '',
        location: '',
        profile: '',
        currency: 'USD',
      });
      await container.get(MARKETPLACE.SellerRepository).put(sellerSettings(user.id, 'PayPal', 'Worldwide', new Date()));
    });
    if (url) await query(db.orm, 'vacuum analyze');
    const fillSeconds = (performance.now() - fillStart) / 1000;
    const makeStart = performance.now();
    const addBytes = writeAddFile(path.join(folder, 'add.csv'), n, releases);
    return { releases, fillSeconds, addBytes, addSeconds: (performance.now() - makeStart) / 1000 };
  } finally {
    await db.close();
  }
}

/** Makes the change file from the listings the add wrote. */
async function makeChange(url: string | undefined, folder: string): Promise<{ rows: number; bytes: number; seconds: number }> {
  const modules = await discoverModules();
  const db = await Database.open(locationOf(url, folder), schemaOf(modules));
  try {
    const start = performance.now();
    const [seller] = await query(db.orm, 'select id from app_user where username = ?', [SELLER]);
    const made = await writeChangeFile(db, path.join(folder, 'change.csv'), Number(seller!.id));
    return { ...made, seconds: (performance.now() - start) / 1000 };
  } finally {
    await db.close();
  }
}

/**
 * One upload, measured: the request's check (RequestInventoryUpload from the real composition root, the file read
 * from disk), then the job (the real worker's runOnce), each phase's memory its own.
 */
async function upload(n: number, type: UploadType, url: string | undefined, folder: string, profileDir: string | undefined): Promise<UploadFigures> {
  const modules = await discoverModules();
  const db = await Database.open(locationOf(url, folder), schemaOf(modules));
  try {
    const container = buildContainer({ config: configOf(url, folder), logger: createPinoLogger('silent'), storage: 'sql', db }, modules);
    const seller = (await container.get(IDENTITY.UserRepository).byLoginName(SELLER))!;
    const caller: Caller = { kind: 'user', userId: String(seller.id), username: seller.username, via: 'token' };
    const request = container.get(INVENTORY.RequestUpload);
    const worker = container.get(JOBS.Worker);
    // A change sends the seller's listings back with new prices; a delete sends the same file back.
    const file = path.join(folder, type === 'add' ? 'add.csv' : 'change.csv');
    const uploaded: UploadedFile = { filename: path.basename(file), mediaType: 'text/csv', bytes: () => fs.createReadStream(file) };

    const database = url ? databaseName(url) : undefined;
    const profiler = profileDir ? new PhaseProfiler(profileDir) : undefined;
    const named = (phase: string) => profiler && { profiler, name: `${n}-${type}-${phase}` };
    const priceSum = async () => {
      const [sum] = await query(db.orm, 'select coalesce(sum(price_minor), 0)::text as s from listing where seller_id = ?', [seller.id]);
      return BigInt(String(sum!.s));
    };
    const pricesBefore = type === 'change' ? await priceSum() : 0n;
    const [view, check] = await measured(() => request.execute({ caller, type, file: uploaded }), database, named('check'));
    const [claimed, job] = await measured(() => worker.runOnce(), database, named('job'));
    if (claimed?.id !== view.id) throw new Error(`the worker ran job ${claimed?.id}, not the upload's ${view.id}`);
    const [ended] = await query(db.orm, 'select status, result from job where id = ?', [view.id]);
    const result = (typeof ended!.result === 'string' ? JSON.parse(ended!.result) : ended!.result) as { records?: number } | null;
    if (ended!.status !== 'success' || typeof result?.records !== 'number') {
      throw new Error(`the ${type} upload ended ${ended!.status}: ${JSON.stringify(ended!.result)}`);
    }
    const [count] = await query(db.orm, 'select count(*)::int as n from listing where seller_id = ?', [seller.id]);
    // What the job did is checked too: every listing 1.00 dearer after the change.
    if (type === 'change' && (await priceSum()) - pricesBefore !== 100n * BigInt(result.records)) throw new Error('the change did not raise every price by 1.00');
    if (url) await query(db.orm, 'vacuum analyze listing');
    return { type, rows: result.records, fileBytes: fs.statSync(file).size, check, job, listingsAfter: Number(count!.n) };
  } finally {
    await db.close();
  }
}

function configOf(url: string | undefined, folder: string): Config {
  return loadConfig({
    LOG_LEVEL: 'silent',
    FILE_DIR: path.join(folder, 'files'),
    DATA_DIR: path.join(folder, 'pglite'),
    JOB_WORKER: 'false',
    ...(url ? { DATABASE_URL: url } : {}),
  });
}

/** Runs this script again for one step, in a process of its own; its figures are its last line of output. */
function step<T>(name: string, args: readonly string[]): T {
  const run = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), '--child', name, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 16 * MB,
  });
  if (run.status !== 0) throw new Error(`the step ${name} ${args.join(' ')} failed (exit ${run.status})`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as T;
}

const TYPES: readonly UploadType[] = ['add', 'change', 'delete'];

async function main(): Promise<void> {
  const types = (arg('--types') ?? TYPES.join(',')).split(',').map((t) => t.trim()) as UploadType[];
  if (types.length === 0 || types.some((t) => !TYPES.includes(t))) throw new Error(`--types takes a list of ${TYPES.join(', ')}`);
  if (types[0] !== 'add') throw new Error('--types must start with add: the change and delete files are made from the listings it adds');
  const name = arg('--child');
  if (name !== undefined) {
    const url = arg('--url') || undefined;
    const folder = arg('--folder')!;
    let figures: unknown;
    if (name === 'setup') figures = await setup(Number(arg('--rows')), url, folder, !process.argv.includes('--without-market-figures'));
    else if (name === 'make-change') figures = await makeChange(url, folder);
    else figures = await upload(Number(arg('--rows')), arg('--type') as UploadType, url, folder, arg('--profile'));
    process.stdout.write(`${JSON.stringify(figures)}\n`);
    return;
  }
  const pglite = process.argv.includes('--pglite');
  const profileDir = arg('--profile') && path.resolve(arg('--profile')!);
  const withoutFigures = process.argv.includes('--without-market-figures');
  const url = pglite ? '' : (arg('--postgres') ?? DEFAULT_URL);
  const sizes = process.argv
    .slice(2)
    .filter((a, i, all) => /^\d+$/.test(a) && !['--postgres', '--types', '--profile'].includes(all[i - 1] ?? ''))
    .map(Number);
  const where = pglite ? 'PGlite (embedded, in a temp folder)' : `PostgreSQL (${new URL(url).pathname.slice(1)})`;
  if (withoutFigures) console.log('DIAGNOSTIC: the release market figures are not kept (listing_market_refresh_set does nothing) in the bench database');
  console.log(`Inventory upload on ${where}, ${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log('| rows | type | phase | seconds | rows/s | CPU s (node / postgres) | RSS before (MB) | peak RSS (MB, VmHWM) | peak RSS (MB, sampled) | peak V8 heap (MB) |');
  console.log('|---:|---|---|---:|---:|---:|---:|---:|---:|---:|');
  const fmt = (x: number, d = 1) => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  const int = (x: number) => Math.round(x).toLocaleString('en-US');
  const notes: string[] = [];
  for (const n of sizes.length > 0 ? sizes : [100_000, 400_000]) {
    if (!pglite) await recreateBenchDatabase(url);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-upload-bench-'));
    try {
      const common = ['--url', url, '--folder', folder];
      const s = step<SetupFigures>('setup', [...common, '--rows', String(n), ...(withoutFigures ? ['--without-market-figures'] : [])]);
      notes.push(`${int(n)}: ${int(s.releases)} releases and the seller written in ${fmt(s.fillSeconds)} s; the add file (${fmt(s.addBytes / MB)} MB) made in ${fmt(s.addSeconds)} s`);
      for (const type of types) {
        if (type === 'change' || (type === 'delete' && !types.includes('change'))) {
          const c = step<{ rows: number; bytes: number; seconds: number }>('make-change', common);
          notes.push(`${int(n)}: the change file (${int(c.rows)} listings, new prices, ${fmt(c.bytes / MB)} MB) made by SQL in ${fmt(c.seconds)} s`);
        }
        const u = step<UploadFigures>('upload', [...common, '--rows', String(n), '--type', type, ...(profileDir ? ['--profile', profileDir] : [])]);
        if (u.rows !== n) throw new Error(`the ${type} upload applied ${u.rows} records, not ${n}`);
        const row = (phase: string, p: PhaseFigures) =>
          console.log(
            `| ${int(n)} | ${u.type} | ${phase} | ${fmt(p.seconds, 2)} | ${int(u.rows / p.seconds)} | ` +
              `${fmt(p.nodeCpuSeconds)} / ${p.postgresCpuSeconds === null ? '—' : fmt(p.postgresCpuSeconds)} | ${fmt(p.rssBeforeMb)} | ${fmt(p.peakRssMb)} | ` +
              `${fmt(p.sampledPeakRssMb)} | ${fmt(p.peakHeapMb)} |`,
          );
        row('check (request)', u.check);
        row('job (worker)', u.job);
        const pgBoth = u.check.postgresCpuSeconds === null || u.job.postgresCpuSeconds === null ? null : u.check.postgresCpuSeconds + u.job.postgresCpuSeconds;
        row('**both**', {
          seconds: u.check.seconds + u.job.seconds,
          nodeCpuSeconds: u.check.nodeCpuSeconds + u.job.nodeCpuSeconds,
          postgresCpuSeconds: pgBoth,
          rssBeforeMb: u.check.rssBeforeMb,
          peakRssMb: Math.max(u.check.peakRssMb, u.job.peakRssMb),
          sampledPeakRssMb: Math.max(u.check.sampledPeakRssMb, u.job.sampledPeakRssMb),
          peakHeapMb: Math.max(u.check.peakHeapMb, u.job.peakHeapMb),
        });
        notes.push(`${int(n)} ${type}: ${int(u.listingsAfter)} listings after the job`);
      }
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }
  console.log('');
  for (const note of notes) console.log(note);
}

await main();
