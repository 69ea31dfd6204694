import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import type request from 'supertest';
import { Database } from '../../../adapters/persistence/database.js';
import { query } from '../../../adapters/persistence/mikro-orm-unit-of-work.js';
import { EXPORT_IN_PROGRESS_MESSAGE } from '../../../application/inventory/request-inventory-export.js';
import { UPLOAD_IN_PROGRESS_MESSAGE } from '../../../application/inventory/request-inventory-upload.js';
import { JOB_FAILED_MESSAGE } from '../../../application/jobs/job-worker.js';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { JOBS } from '../../../composition/jobs/jobs-tokens.js';
import { discoverModules, schemaOf } from '../../../composition/modules.js';
import { INVENTORY_EXPORT_JOB } from '../../../domain/inventory/inventory-export.js';
import { INVENTORY_UPLOAD_JOB, UPLOAD_TYPES, type UploadType } from '../../../domain/inventory/inventory-upload.js';
import type { Job } from '../../../domain/jobs/job.js';
import { apiAs } from '../../support/api-as.js';
import { aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, anApplication, emptyIdentity, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { aSeller } from '../../support/order-fixtures.js';
import { testContainer } from '../../support/test-app.js';
import { openTestDatabase } from '../../support/test-database.js';

const RELEASES = 200;
/** Requests sent at once in each round of the 409 races. */
const AT_ONCE = 3;
const ROUNDS = 6;

type Row = Record<string, unknown>;

/*
 * Inventory jobs racing each other and the marketplace, on a PostgreSQL server (each request's and each worker's unit
 * of work on its own pooled connection, truly at once; the embedded database runs one thing at a time, so there is no
 * race to see): requests for a second upload or export of one user while the first is being queued (one is taken,
 * the others are 409 and leave no file behind); an upload applying a change while the seller edits or deletes, or a
 * buyer checks out, one of its listings (the end state is one of the two serial orders; the job succeeds or fails
 * naming the problem, nothing applied); and two server instances' workers sharing one job table (every job run once).
 */
describe('Concurrent inventory jobs', function () {
  this.timeout(600_000);
  let db: Database;
  let container: Container;
  let app: Koa;
  let fileDir: string;
  let client: TestApplication;
  let as: ReturnType<typeof apiAs>;
  let userCount = 0;

  before(async function () {
    if (!process.env.DATABASE_URL) {
      console.log('      (the embedded database runs one transaction at a time: the races need a PostgreSQL server, DATABASE_URL)');
      return this.skip();
    }
    fileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-concurrent-inventory-'));
    db = await openTestDatabase();
    container = testContainer(db, { RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000', FILE_DIR: fileDir });
    app = container.get(HTTP.HttpApp) as unknown as Koa;
    await emptyIdentity(db);
    const first = await aUser(container, 'first');
    client = await anApplication(container, first.name);
    as = apiAs(app, client);
    await seedCatalogue(db, { releases: Array.from({ length: RELEASES }, (_, i) => aRelease(i + 1)) });
  });
  after(async () => {
    await db?.close();
    if (fileDir) fs.rmSync(fileDir, { recursive: true, force: true });
  });

  /** A new seller (USD) with `count` listings For Sale, listing k of release 1 + k % RELEASES at 10.00 + k cents. */
  async function aSellerWith(count: number): Promise<{ user: TestUser; ids: number[] }> {
    const user = await aUser(container, `seller${++userCount}`);
    await aSeller(container, user.id, 'USD');
    if (count > 0) {
      await query(
        db.orm,
        `insert into listing (seller_id, release_id, status, condition, price_minor, currency, comments, allow_offers, posted, updated)
         select ?, 1 + k % ${RELEASES}, 'For Sale', 'Good (G)', 1000 + k, 'USD', 'seeded ' || k, false, now(), now()
         from generate_series(0, ? - 1) as k`,
        [user.id, count],
      );
    }
    const ids = (await query(db.orm, 'select id from listing where seller_id = ? order by id', [user.id])).map((r) => Number(r.id));
    return { user, ids };
  }

  function upload(who: TestUser, type: UploadType, csv: string): request.Test {
    return as(who).post(`/inventory/upload/${type}`).attach('file', Buffer.from(csv, 'utf8'), { filename: `${type}.csv`, contentType: 'text/csv' });
  }

  async function jobsOf(kind: string, ownerId: number): Promise<Row[]> {
    return query(db.orm, 'select id, status, attempts, payload from job where kind = ? and owner_id = ? order by id', [kind, ownerId]);
  }

  const folder = (name: string) => {
    const dir = path.join(fileDir, name);
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };

  async function runJobs(): Promise<void> {
    while ((await container.get(JOBS.Worker).runOnce()) !== null);
  }

  /** How many releases' market figures differ from a count of the listing table. */
  async function staleReleases(): Promise<number> {
    const [row] = await query(
      db.orm,
      `select count(*)::int as n from release r
       left join (select release_id, count(*) as n, min(price_minor) as lowest from listing where status = 'For Sale' and currency = 'USD' group by release_id) c
         on c.release_id = r.id
       where r.num_for_sale <> coalesce(c.n, 0) or (r.lowest_prices ->> 'USD')::bigint is distinct from c.lowest`,
    );
    return Number(row!.n);
  }

  describe('requests of one user at once', () => {
    it(`queue one upload and refuse the others with 409, leaving only the queued file (${ROUNDS} rounds of ${AT_ONCE})`, async () => {
      const { user, ids } = await aSellerWith(ROUNDS);
      for (let round = 0; round < ROUNDS; round++) {
        const type = UPLOAD_TYPES[round % UPLOAD_TYPES.length]!;
        const csv =
          type === 'add'
            ? `release_id,price,media_condition\n${1 + round},${5 + round}.00,Mint (M)\n`
            : type === 'change'
              ? `listing_id,price\n${ids[0]},${20 + round}.00\n`
              : `listing_id\n${ids[round]}\n`;
        const before = (await jobsOf(INVENTORY_UPLOAD_JOB, user.id)).length;

        const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => upload(user, type, csv)));

        const statuses = answers.map((a) => a.status).sort();
        expect(statuses, `round ${round}: ${answers.map((a) => a.text).join(' / ')}`).to.deep.equal([200, ...Array(AT_ONCE - 1).fill(409)]);
        for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body).to.deep.equal({ message: UPLOAD_IN_PROGRESS_MESSAGE });
        const taken = answers.find((a) => a.status === 200)!.body as { id: number; status: string };
        const jobs = await jobsOf(INVENTORY_UPLOAD_JOB, user.id);
        expect(jobs, `round ${round}: one job queued`).to.have.length(before + 1);
        expect(jobs.at(-1)).to.deep.include({ id: taken.id, status: 'pending' });
        // The refused requests' files were removed; the queued one's waits for its job.
        const file = (jobs.at(-1)!.payload as { file: string }).file;
        expect(folder('inventory-upload'), `round ${round}`).to.deep.equal([path.basename(file)]);

        await runJobs();
        expect((await jobsOf(INVENTORY_UPLOAD_JOB, user.id)).at(-1)).to.deep.include({ id: taken.id, status: 'success', attempts: 1 });
        expect(folder('inventory-upload')).to.deep.equal([]);
      }
    });

    it(`queue one export and refuse the others with 409 (${ROUNDS} rounds of ${AT_ONCE})`, async () => {
      const { user } = await aSellerWith(3);
      for (let round = 0; round < ROUNDS; round++) {
        const before = (await jobsOf(INVENTORY_EXPORT_JOB, user.id)).length;

        const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => as(user).post('/inventory/export')));

        const statuses = answers.map((a) => a.status).sort();
        expect(statuses, `round ${round}: ${answers.map((a) => a.text).join(' / ')}`).to.deep.equal([200, ...Array(AT_ONCE - 1).fill(409)]);
        for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body).to.deep.equal({ message: EXPORT_IN_PROGRESS_MESSAGE });
        const taken = answers.find((a) => a.status === 200)!.body as { id: number };
        const jobs = await jobsOf(INVENTORY_EXPORT_JOB, user.id);
        expect(jobs, `round ${round}: one job queued`).to.have.length(before + 1);
        expect(jobs.at(-1)).to.deep.include({ id: taken.id, status: 'pending' });

        await runJobs();
        expect((await jobsOf(INVENTORY_EXPORT_JOB, user.id)).at(-1)).to.deep.include({ id: taken.id, status: 'success', attempts: 1 });
      }
    });
  });

  describe('an upload applying a change while one of its listings is edited, deleted or sold', () => {
    /** Listings of each change: several of the checker's batches, so the job writes for a while. */
    const LISTINGS = 6000;
    const RACERS = ['edit', 'delete', 'checkout'] as const;
    /** Where the contested listing is in the file (the first row, a row of a later batch, the last row), and when the racer is sent. */
    const PLACES = [0, 4500, LISTINGS - 1] as const;
    const WHEN = ['at once', 'mid-apply', 'after a batch'] as const;
    const EDIT = { price: '77.00', comments: 'edited', location: 'edit shelf' };
    const jobCents = (id: number) => 5000 + (id % 1000);

    interface State {
      readonly status: string;
      readonly price: number;
      readonly comments: string;
      readonly location: string | null;
    }

    async function stateOf(sellerId: number): Promise<Map<number, State>> {
      const rows = await query(db.orm, 'select id, status, price_minor, comments, location from listing where seller_id = ? order by id', [sellerId]);
      return new Map(
        rows.map((r) => [
          Number(r.id),
          { status: String(r.status), price: Number(r.price_minor), comments: String(r.comments), location: (r.location as string | null) ?? null },
        ]),
      );
    }

    /**
     * Waits, unless the job is over first, until the job's unit of work (a session other than the test's, a
     * transaction id assigned) has listings locked (`mid-apply`), or has written a batch of them, its market figures'
     * triggers run, and gone on (`after a batch`: the session past its `update listing l set…`).
     */
    async function reached(done: Promise<unknown>, when: 'mid-apply' | 'after a batch'): Promise<void> {
      let over = false;
      void done.finally(() => (over = true));
      let writer = 0;
      while (!over) {
        const rows = await query(
          db.orm,
          `select pid, state, query like 'update listing l set%' as writing from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid() and backend_xid is not null and query like '%listing%'`,
        );
        if (when === 'mid-apply' && rows.length > 0) return;
        if (when === 'after a batch') {
          const row = rows.find((r) => (writer === 0 ? r.writing === true : Number(r.pid) === writer));
          if (row && writer !== 0 && (row.writing !== true || row.state === 'idle in transaction')) return;
          if (row && writer === 0) writer = Number(row.pid);
        }
        await new Promise((r) => setTimeout(r, 5));
      }
    }

    const buyer = () => aUser(container, `buyer${++userCount}`);

    for (const racer of RACERS) {
      it(`${racer}: ends as one of the serial orders, in ${PLACES.length * WHEN.length} rounds`, async () => {
        for (const place of PLACES) {
          for (const when of WHEN) {
            const round = `listing of row ${place + 2}, ${when}`;
            const { user: seller, ids } = await aSellerWith(LISTINGS);
            const contested = ids[place]!;
            const buying = racer === 'checkout' ? await buyer() : null;
            if (buying) expect((await as(buying).post(`/marketplace/cart/${contested}`)).status).to.equal(201);
            const csv = ['listing_id,price,comments', ...ids.map((id) => `${id},${(jobCents(id) / 100).toFixed(2)},job ${id}`)].join('\n') + '\n';
            const asked = await upload(seller, 'change', csv);
            expect(asked.status, asked.text).to.equal(200);
            const before = await stateOf(seller.id);

            const running = container.get(JOBS.Worker).runOnce();
            if (when !== 'at once') await reached(running, when);
            const raced =
              racer === 'edit'
                ? as(seller).post(`/marketplace/listings/${contested}`, EDIT)
                : racer === 'delete'
                  ? as(seller).delete(`/marketplace/listings/${contested}`)
                  : as(buying!).post('/marketplace/checkout', { shipping_address: 'Race Street 1' });
            const [ran, answer] = await Promise.all([running, raced]);
            expect(ran!.id, round).to.equal(asked.body.id);
            expect(answer.status, `${round}: ${answer.text}`).to.equal(racer === 'checkout' ? 201 : 204);

            const job = (await container.get(JOBS.Queue).byId(asked.body.id as number))!;
            expect(job.status, round).to.be.oneOf(['success', 'failed']);
            const after = await stateOf(seller.id);
            const changed = (id: number, s: State): State => ({ ...s, price: jobCents(id), comments: `job ${id}` });
            // Every listing but the contested one: all changed by the job, or none.
            for (const [id, s] of before) {
              if (id === contested) continue;
              expect(after.get(id), `${round}: listing ${id}`).to.deep.equal(job.status === 'success' ? changed(id, s) : s);
            }
            const was = before.get(contested)!;
            const now = after.get(contested);
            const sold = await query(db.orm, 'select price_minor from market_order_item where listing_id = ?', [contested]);
            if (racer === 'edit') {
              expect(job.status, `${round}: ${JSON.stringify(job.result)}`).to.equal('success');
              const jobThenEdit = { ...was, price: 7700, comments: EDIT.comments, location: EDIT.location };
              const editThenJob = { ...changed(contested, was), location: EDIT.location };
              expect([jobThenEdit, editThenJob], `${round}: ${JSON.stringify(now)}`).to.deep.include(now);
            } else if (racer === 'delete') {
              expect(now, round).to.equal(undefined);
              if (job.status === 'failed') {
                expect(job.result!.error, round).to.include(`Listing ${contested} is not one of your listings.`);
              }
            } else {
              expect(now?.status, round).to.equal('Sold');
              expect(sold, round).to.have.length(1);
              if (job.status === 'failed') {
                // Sold first: the change of a sold listing is refused, and with it the whole file.
                expect(job.result!.error, round).to.not.equal(JOB_FAILED_MESSAGE);
                expect(job.result!.error, round).to.include(`Row ${ids.indexOf(contested) + 2}`);
                expect(now).to.deep.equal({ ...was, status: 'Sold' });
                expect(Number(sold[0]!.price_minor)).to.equal(was.price);
              } else {
                expect(now).to.deep.equal({ ...changed(contested, was), status: 'Sold' });
                expect(Number(sold[0]!.price_minor), 'sold at the price the job set').to.equal(jobCents(contested));
              }
            }
            if (job.status === 'failed') expect(job.result!.error, round).to.not.equal(JOB_FAILED_MESSAGE);
            expect(await staleReleases(), round).to.equal(0);
            expect(folder('inventory-upload'), round).to.deep.equal([]);
          }
        }
      });
    }
  });

  describe('two server instances sharing one job table', () => {
    let db2: Database | undefined;
    after(async () => {
      await db2?.close();
    });

    it('run every pending upload and export once, each by one of them', async () => {
      // The second instance: its own connection pool and container on the same database, as another process would.
      db2 = await Database.open({ kind: 'server', url: process.env.DATABASE_URL! }, schemaOf(await discoverModules()));
      const container2 = testContainer(db2, { FILE_DIR: fileDir });
      const USERS = 6;
      const ADDED = 8000;
      const sellers: { user: TestUser; ids: number[] }[] = [];
      for (let u = 0; u < USERS; u++) sellers.push(await aSellerWith(50));
      const queued: number[] = [];
      // Half the sellers add, half change, then every seller exports. The adds are queued first, so that the two
      // workers start on two of them at once: the first half of an add's rows (its first batches) list one half of
      // the releases and the second half the other, which half first turning about from one add to the next, so that
      // two adds at once each write releases' listings that the other's later batches write too.
      const half = RELEASES / 2;
      const queue = async (what: Promise<request.Response>) => {
        const res = await what;
        expect(res.status, res.text).to.equal(200);
        queued.push(res.body.id as number);
      };
      for (const [u, { user }] of sellers.entries()) {
        if (u % 2 === 0) continue;
        const release = (i: number) => 1 + (i % half) + ((i < ADDED / 2) === (u % 4 === 1) ? 0 : half);
        const rows = Array.from({ length: ADDED }, (_, i) => `${release(i)},3.00,Fair (F)`);
        await queue(upload(user, 'add', ['release_id,price,media_condition', ...rows].join('\n') + '\n'));
      }
      for (const [u, { user, ids }] of sellers.entries()) {
        if (u % 2 === 0) await queue(upload(user, 'change', ['listing_id,price', ...ids.map((id) => `${id},${u + 1}.50`)].join('\n') + '\n'));
      }
      for (const { user } of sellers) await queue(as(user).post('/inventory/export'));

      const drain = async (c: Container): Promise<Job[]> => {
        const ran: Job[] = [];
        for (let job = await c.get(JOBS.Worker).runOnce(); job !== null; job = await c.get(JOBS.Worker).runOnce()) ran.push(job);
        return ran;
      };
      const [one, two] = await Promise.all([drain(container), drain(container2)]);

      const ran = [...one, ...two].map((j) => j.id).sort((a, b) => a - b);
      expect(ran, 'each job run by one worker, once').to.deep.equal([...queued].sort((a, b) => a - b));
      expect(one.length, 'both workers took jobs').to.be.greaterThan(0);
      expect(two.length, 'both workers took jobs').to.be.greaterThan(0);
      const jobs = await query(db.orm, 'select id, status, attempts, result from job where id = any(?::int[]) order by id', [`{${queued.join(',')}}`]);
      for (const job of jobs) expect(job, `job ${String(job.id)}: ${JSON.stringify(job.result)}`).to.deep.include({ status: 'success', attempts: 1 });
      for (const [u, { user, ids }] of sellers.entries()) {
        const [row] = await query(db.orm, 'select count(*)::int as n, count(*) filter (where price_minor = ?)::int as changed from listing where seller_id = ?', [
          (u + 1) * 100 + 50,
          user.id,
        ]);
        expect(row, `seller ${u}`).to.deep.equal(u % 2 === 0 ? { n: ids.length, changed: ids.length } : { n: ids.length + ADDED, changed: 0 });
      }
      expect(await staleReleases()).to.equal(0);
      expect(folder('inventory-upload')).to.deep.equal([]);
      expect(folder('inventory-export').filter((f) => f.endsWith('.csv'))).to.have.length.of.at.least(USERS);
    });
  });
});
