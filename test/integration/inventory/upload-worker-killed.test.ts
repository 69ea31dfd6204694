import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Container } from 'inversify';
import type { Database } from '../../../adapters/persistence/database.js';
import { query } from '../../../adapters/persistence/mikro-orm-unit-of-work.js';
import type { UploadedFile } from '../../../application/inventory/request-inventory-upload.js';
import type { Caller } from '../../../application/shared/caller.js';
import { INVENTORY } from '../../../composition/inventory/inventory-tokens.js';
import { JOBS } from '../../../composition/jobs/jobs-tokens.js';
import { PERSISTENCE } from '../../../composition/persistence/persistence-tokens.js';
import { INVENTORY_UPLOAD_JOB, type UploadType } from '../../../domain/inventory/inventory-upload.js';
import { aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, emptyIdentity, type TestUser } from '../../support/identity-fixtures.js';
import { makeSeller } from '../../support/listing-fixtures.js';
import { REPO_ROOT } from '../../support/repo-root.js';
import { testContainer } from '../../support/test-app.js';
import { openTestDatabase } from '../../support/test-database.js';

/** Rows of each file: enough that applying one takes the worker a few seconds (50 batches of 2,000). */
const ROWS = 100_000;
const RELEASES = 1000;
const LEASE_SECONDS = 2;

/** Polls until `ready` is true (every 20 ms), failing after `ms`. */
async function until(ready: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ready())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A price in cents as an upload writes it: `12.05`. */
const decimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** The new price (cents) the change file gives listing `id`: unlike every seeded price (100 + i). */
const changedCents = (id: number) => (id % 4000) + 50;

/** An uploaded file over bytes in memory, handed out in 64 KiB pieces as a spooled part would be. */
function fileOf(csv: string, filename: string): UploadedFile {
  const bytes = Buffer.from(csv, 'utf8');
  return {
    filename,
    mediaType: 'text/csv',
    async *bytes() {
      for (let at = 0; at < bytes.length; at += 65_536) yield bytes.subarray(at, at + 65_536);
    },
  };
}

/*
 * A `spindle worker` process killed (SIGKILL) while it applies a large upload (its unit of work open, batches of rows
 * written), then another worker: the listings and the releases' market figures are
 * exactly as before the upload until the job is taken again after its lease, and then the whole file is applied
 * once, the job ends in success on its second attempt, and the uploaded file is removed. PostgreSQL only: the
 * embedded database admits one process, so no second one can run a worker beside it.
 */
describe('An inventory upload whose worker is killed mid-apply', function () {
  this.timeout(300_000);
  let db: Database;
  let container: Container;
  let fileDir: string;
  let scratch: string;
  let sam: TestUser;
  let caller: Caller;

  before(async function () {
    if (!process.env.DATABASE_URL) {
      console.log('      (the embedded database admits one process: the killed worker needs a PostgreSQL server, DATABASE_URL)');
      return this.skip();
    }
    fileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-killed-upload-'));
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-killed-worker-'));
    db = await openTestDatabase();
    container = testContainer(db, { FILE_DIR: fileDir });
    await emptyIdentity(db);
    sam = await aUser(container, 'sam');
    await makeSeller(container, sam.id, 'USD');
    caller = { kind: 'user', userId: String(sam.id), username: 'sam', via: 'token' };
    await seedCatalogue(db, { releases: Array.from({ length: RELEASES }, (_, i) => aRelease(i + 1)) });
    // Seeded in one statement with the listing triggers on, so the releases' market figures count them.
    await container.get(PERSISTENCE.UnitOfWork).run(() =>
      query(
        db.orm,
        `insert into listing (seller_id, release_id, status, condition, price_minor, currency, comments, allow_offers, posted, updated)
         select ?, 1 + i % ${RELEASES}, 'For Sale', 'Good (G)', 100 + i, 'USD', 'copy ' || i, false, now(), now()
         from generate_series(1, ?) as i`,
        [sam.id, ROWS],
      ),
    );
  });
  after(async () => {
    await db?.close();
    for (const dir of [fileDir, scratch]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Every column of every listing, and every release's market figures, each as one checksum. */
  async function snapshot(): Promise<{ listings: number; listingSum: string; marketSum: string }> {
    const [l] = await query(db.orm, `select count(*)::int as n, md5(coalesce(string_agg(l::text, E'\\n' order by l.id), '')) as sum from listing l`);
    const [m] = await query(
      db.orm,
      `select md5(string_agg(concat_ws('|', id, num_for_sale, lowest_prices::text), E'\\n' order by id)) as sum from release`,
    );
    return { listings: Number(l!.n), listingSum: String(l!.sum), marketSum: String(m!.sum) };
  }

  /** How many releases' market figures differ from a count of the listing table (For Sale count, lowest USD price). */
  async function staleReleases(): Promise<number> {
    const [row] = await query(
      db.orm,
      `select count(*)::int as n from release r
       left join (select release_id, count(*) as n, min(price_minor) as lowest from listing where status = 'For Sale' group by release_id) c
         on c.release_id = r.id
       where r.num_for_sale <> coalesce(c.n, 0) or (r.lowest_prices ->> 'USD')::bigint is distinct from c.lowest`,
    );
    return Number(row!.n);
  }

  const uploads = () => {
    const folder = path.join(fileDir, 'inventory-upload');
    return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
  };

  /**
   * Queues the upload, starts a worker process, and kills it once its unit of work has written listings with the
   * statement `marker` starts with, its transaction still open. Returns the job's id.
   */
  async function killedMidApply(type: UploadType, csv: string, marker: string): Promise<number> {
    const asked = await container.get(INVENTORY.RequestUpload).execute({ caller, type, file: fileOf(csv, `big-${type}.csv`) });
    expect(asked.status).to.equal('pending');
    expect(uploads()).to.have.length(1);

    const worker = spawn(process.execPath, [path.join(REPO_ROOT, 'dist/composition/cli.js'), 'worker'], {
      cwd: scratch,
      env: { ...process.env, FILE_DIR: fileDir, JOB_LEASE_SECONDS: String(LEASE_SECONDS), JOB_POLL_MS: '50', LOG_LEVEL: 'silent' },
      stdio: 'ignore',
    });
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    let backend = 0;
    try {
      // The worker's session in its transaction (an id assigned: it has written), its last statement a batch's write.
      await until(
        async () => {
          const [row] = await query(
            db.orm,
            `select pid from pg_stat_activity
             where datname = current_database() and pid <> pg_backend_pid() and backend_xid is not null and query like ?`,
            [`${marker}%`],
          );
          backend = row ? Number(row.pid) : 0;
          return backend !== 0;
        },
        60_000,
        'the worker to be writing listings',
      );
      // A few more batches.
      await new Promise((r) => setTimeout(r, 300));
      const job = (await container.get(JOBS.Queue).byId(asked.id))!;
      expect(job, 'the job still in hand (make ROWS larger if it ended)').to.deep.include({ status: 'processing', attempts: 1 });
      // Its transaction has written listings (the lock every insert, update and delete takes, held until it ends).
      const locks = await query(db.orm, `select mode from pg_locks where pid = ? and relation = 'listing'::regclass`, [backend]);
      expect(locks.map((l) => l.mode), 'the worker holding its writes').to.include('RowExclusiveLock');
    } finally {
      worker.kill('SIGKILL');
      await exited;
    }
    // The server ends the dead worker's session (rolling its transaction back) once it finds the socket closed.
    await until(
      async () => (await query(db.orm, 'select 1 from pg_stat_activity where pid = ?', [backend])).length === 0,
      30_000,
      'the killed worker session to end',
    );
    return asked.id;
  }

  /** Checks the job is as the dead worker left it, then has another worker take it once its lease has run out. */
  async function takenAgain(id: number): Promise<void> {
    const queue = container.get(JOBS.Queue);
    const left = (await queue.byId(id))!;
    expect(left).to.deep.include({ status: 'processing', attempts: 1, finished: null, result: null });
    expect(uploads(), 'the file waits for the next attempt').to.have.length(1);
    const leaseUntil = left.leaseUntil!;
    const justBefore = new Date(leaseUntil.getTime() - 1);
    const early = await container
      .get(PERSISTENCE.UnitOfWork)
      .run(() => queue.claim([INVENTORY_UPLOAD_JOB], 'early', justBefore, new Date(leaseUntil.getTime() + 1000)));
    expect(early, 'not claimable while under lease').to.equal(null);

    await until(() => Date.now() > leaseUntil.getTime() + 10, 30_000, 'the lease to run out');
    const taken = await container.get(JOBS.Worker).runOnce();
    expect(taken, 'taken again').to.not.equal(null);
    expect([taken!.id, taken!.attempts]).to.deep.equal([id, 2]);
    const done = (await queue.byId(id))!;
    expect(done).to.deep.include({ status: 'success', attempts: 2 });
    expect(done.result).to.deep.equal({ results: `CSV file contains ${ROWS} records.<p>Processed ${ROWS} records.`, records: ROWS });
    expect(uploads(), 'the file removed once applied').to.deep.equal([]);
    expect(await staleReleases(), 'market figures kept by the applied statements').to.equal(0);
  }

  it('applies nothing of a change until another worker takes the job, then changes every listing once', async () => {
    const ids = (await query(db.orm, 'select id from listing where seller_id = ? order by id', [sam.id])).map((r) => Number(r.id));
    expect(ids).to.have.length(ROWS);
    const csv = ['listing_id,price,comments', ...ids.map((id) => `${id},${decimal(changedCents(id))},changed ${id}`)].join('\n') + '\n';
    const before = await snapshot();
    expect(await staleReleases()).to.equal(0);

    const id = await killedMidApply('change', csv, 'update listing l set');
    expect(await snapshot(), 'nothing half-applied').to.deep.equal(before);

    await takenAgain(id);
    const [row] = await query(
      db.orm,
      `select count(*)::int as n,
              count(*) filter (where comments = 'changed ' || id and price_minor = (id % 4000) + 50 and status = 'For Sale')::int as changed
       from listing where seller_id = ?`,
      [sam.id],
    );
    expect(row).to.deep.equal({ n: ROWS, changed: ROWS });
    expect((await snapshot()).marketSum, 'market figures moved with the new prices').to.not.equal(before.marketSum);
  });

  it('adds nothing until another worker takes the job, then adds each row once', async () => {
    const rows = Array.from({ length: ROWS }, (_, i) => `${1 + (i % RELEASES)},${decimal(25 + (i % 3000))},Mint (M),added ${i}`);
    const csv = ['release_id,price,media_condition,comments', ...rows].join('\n') + '\n';
    const before = await snapshot();

    const id = await killedMidApply('add', csv, 'insert into listing (seller_id, release_id, status, condition, sleeve_condition');
    expect(await snapshot(), 'nothing half-applied').to.deep.equal(before);

    await takenAgain(id);
    const [row] = await query(
      db.orm,
      `select count(*)::int as n, count(*) filter (where comments like 'added %')::int as added,
              count(distinct comments) filter (where comments like 'added %')::int as distinct_added
       from listing where seller_id = ?`,
      [sam.id],
    );
    expect(row).to.deep.equal({ n: before.listings + ROWS, added: ROWS, distinct_added: ROWS });
  });
});
