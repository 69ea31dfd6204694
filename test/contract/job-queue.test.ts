import { expect } from 'chai';
import { InMemoryJobQueue } from '../../adapters/in-memory/in-memory-job-queue.js';
import { InMemoryUnitOfWork } from '../../adapters/in-memory/in-memory-unit-of-work.js';
import { Database } from '../../adapters/persistence/database.js';
import { SqlJobQueue } from '../../adapters/persistence/jobs/sql-job-queue.js';
import { MikroOrmUnitOfWork, query } from '../../adapters/persistence/mikro-orm-unit-of-work.js';
import type { JobQueue } from '../../application/ports/job-queue.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import { discoverModules, schemaOf } from '../../composition/modules.js';
import type { Job } from '../../domain/jobs/job.js';
import { storedUsers } from '../support/identity-fixtures.js';
import { openTestDatabase } from '../support/test-database.js';

/** A queue and a unit of work of one adapter family, on connections of their own (a PostgreSQL server only). */
interface OtherPool {
  readonly queue: JobQueue;
  readonly uow: UnitOfWork;
  close(): Promise<void>;
}

interface Subject {
  readonly uow: UnitOfWork;
  readonly queue: JobQueue;
  /** Two users who exist (jobs' owners). */
  readonly owners: readonly [number, number];
  /**
   * On a PostgreSQL server only (units of work on connections of their own): another pool of connections to the same
   * database, so that 20 units of work can be open at once.
   */
  readonly otherPool?: () => Promise<OtherPool>;
}

const AT = (s: number, ms = 0) => new Date(Date.UTC(2026, 10, 23, 0, 0, s, ms));
const LEASE = 60;

class Boom extends Error {}

function contract(name: string, open: () => Promise<Subject>): void {
  describe(`JobQueue contract: ${name}`, function () {
    this.timeout(60_000);
    let s: Subject;
    let ann: number;
    let ben: number;
    beforeEach(async () => {
      s = await open();
      [ann, ben] = s.owners;
    });

    const enqueue = (kind: string, ownerId: number | null, at: Date, payload: Job['payload'] = {}) =>
      s.uow.run(() => s.queue.enqueue({ kind, ownerId, payload }, at));
    const claim = (kinds: readonly string[], worker: string, at: Date, leaseSeconds = LEASE) =>
      s.uow.run(() => s.queue.claim(kinds, worker, at, new Date(at.getTime() + leaseSeconds * 1000)));

    it('adds a pending job with its kind, owner and payload, and numbers jobs upwards', async () => {
      const payload = { format: 'csv', rows: [1, 2], options: { strict: true, note: 'é "quoted" \\ ' } };
      const job = await enqueue('inventory-export', ann, AT(1, 250), payload);
      expect(job.id).to.be.a('number').and.satisfy(Number.isSafeInteger).and.above(0);
      expect(job).to.deep.equal({
        id: job.id,
        kind: 'inventory-export',
        ownerId: ann,
        status: 'pending',
        payload,
        result: null,
        attempts: 0,
        created: AT(1, 250),
        started: null,
        finished: null,
        leaseUntil: null,
        updated: AT(1, 250),
      });
      expect(await s.queue.byId(job.id)).to.deep.equal(job);
      payload.rows.push(3);
      expect((await s.queue.byId(job.id))!.payload, 'the stored payload is a copy').to.deep.equal({ ...payload, rows: [1, 2] });

      const operators = await enqueue('dump-import', null, AT(2));
      expect(operators.ownerId).to.equal(null);
      expect(operators.id).to.be.above(job.id);
    });

    it('claims the oldest pending job of the given kinds only, for the worker until the lease', async () => {
      const a3 = await enqueue('a', ann, AT(3), { n: 3 });
      const b1 = await enqueue('b', ann, AT(1));
      const a2 = await enqueue('a', ben, AT(2), { n: 2 });
      const a2later = await enqueue('a', ann, AT(2));

      expect(await claim(['c'], 'w1', AT(10)), 'no job of that kind').to.equal(null);
      expect(await claim([], 'w1', AT(10)), 'no kinds').to.equal(null);

      const first = await claim(['a'], 'w1', AT(10));
      expect(first).to.deep.equal({
        ...a2,
        status: 'processing',
        attempts: 1,
        started: AT(10),
        leaseUntil: AT(10 + LEASE),
        updated: AT(10),
      });
      expect(await s.queue.byId(a2.id)).to.deep.equal(first);
      expect((await claim(['a'], 'w2', AT(11)))!.id, 'same time: the lower id first').to.equal(a2later.id);
      expect((await claim(['a', 'b'], 'w2', AT(12)))!.id).to.equal(b1.id);
      expect((await claim(['b', 'a'], 'w3', AT(13)))!.id).to.equal(a3.id);
      expect(await claim(['a', 'b'], 'w3', AT(14)), 'all taken').to.equal(null);
    });

    it('reports the backlog: pending jobs by kind, how many and the oldest enqueued; claimed and ended ones left out', async () => {
      expect(await s.uow.run(() => s.queue.backlog())).to.deep.equal([]);
      await enqueue('inventory-upload', ann, AT(30));
      await enqueue('inventory-export', ben, AT(20));
      await enqueue('inventory-export', ann, AT(10));
      await enqueue('inventory-export', ann, AT(40));
      const taken = await claim(['inventory-export'], 'w1', AT(50));
      expect(taken!.created).to.deep.equal(AT(10));
      expect(await s.uow.run(() => s.queue.backlog())).to.deep.equal([
        { kind: 'inventory-export', pending: 2, oldestCreated: AT(20) },
        { kind: 'inventory-upload', pending: 1, oldestCreated: AT(30) },
      ]);
    });

    it('takes a kind with quotes, commas or backslashes in its name as it is', async () => {
      const odd = await enqueue('odd,"kind"\\ {x}', ann, AT(1));
      await enqueue('odd', ann, AT(0));
      expect(await claim(['"kind"'], 'w1', AT(2))).to.equal(null);
      expect((await claim(['odd,"kind"\\ {x}'], 'w1', AT(2)))!.id).to.equal(odd.id);
    });

    it('leaves a job under lease alone and lets another worker take it once the lease has run out', async () => {
      const job = await enqueue('a', ann, AT(1));
      await claim(['a'], 'w1', AT(10));
      expect(await claim(['a'], 'w2', AT(10 + LEASE, -1)), 'a millisecond before').to.equal(null);
      expect(await claim(['a'], 'w2', AT(10 + LEASE)), 'at the end of the lease').to.equal(null);
      const again = await claim(['a'], 'w2', AT(10 + LEASE, 1), 30);
      expect(again).to.deep.equal({
        ...job,
        status: 'processing',
        attempts: 2,
        started: AT(10 + LEASE, 1),
        leaseUntil: AT(10 + LEASE + 30, 1),
        updated: AT(10 + LEASE, 1),
      });
      expect(await claim(['a'], 'w3', AT(10 + LEASE + 2)), 'held by w2 now').to.equal(null);
    });

    it('renews the lease of the worker that holds the job only', async () => {
      const job = await enqueue('a', ann, AT(1));
      await claim(['a'], 'w1', AT(10));
      expect(await s.uow.run(() => s.queue.renew(job.id, 'w2', AT(500)))).to.equal(false);
      expect((await s.queue.byId(job.id))!.leaseUntil).to.deep.equal(AT(10 + LEASE));
      expect(await s.uow.run(() => s.queue.renew(job.id, 'w1', AT(200)))).to.equal(true);
      expect((await s.queue.byId(job.id))!.leaseUntil).to.deep.equal(AT(200));
      expect(await claim(['a'], 'w2', AT(150)), 'the renewed lease holds').to.equal(null);
      expect(await s.uow.run(() => s.queue.renew(999_999, 'w1', AT(300))), 'no such job').to.equal(false);
      const pending = await enqueue('a', ann, AT(2));
      expect(await s.uow.run(() => s.queue.renew(pending.id, 'w1', AT(300))), 'a pending job').to.equal(false);
      expect(await s.queue.byId(pending.id)).to.deep.equal(pending);
      await s.uow.run(() => s.queue.complete(job.id, 'w1', {}, AT(20)));
      expect(await s.uow.run(() => s.queue.renew(job.id, 'w1', AT(300))), 'an ended job').to.equal(false);
      expect((await s.queue.byId(job.id))!.leaseUntil).to.equal(null);
    });

    it('completes a job once, by the worker that holds it, with its result', async () => {
      const job = await enqueue('a', ann, AT(1), { n: 1 });
      const pendingEnd = await s.uow.run(() => s.queue.complete(job.id, 'w1', { rows: 1 }, AT(5)));
      expect(pendingEnd, 'a pending job').to.equal(false);
      const claimed = (await claim(['a'], 'w1', AT(10)))!;
      expect(await s.uow.run(() => s.queue.complete(job.id, 'w2', { rows: 2 }, AT(11))), 'another worker').to.equal(false);
      expect(await s.queue.byId(job.id)).to.deep.equal(claimed);

      const result = { rows: 7, file: 'inventory.csv', nested: { warnings: ['a', 'b'] } };
      expect(await s.uow.run(() => s.queue.complete(job.id, 'w1', result, AT(12)))).to.equal(true);
      const done = await s.queue.byId(job.id);
      expect(done).to.deep.equal({ ...claimed, status: 'success', result, finished: AT(12), leaseUntil: null, updated: AT(12) });
      expect(await s.uow.run(() => s.queue.complete(job.id, 'w1', { rows: 8 }, AT(13))), 'twice').to.equal(false);
      expect(await s.uow.run(() => s.queue.fail(job.id, 'w1', 'late', AT(13))), 'failed after success').to.equal(false);
      expect(await s.queue.byId(job.id)).to.deep.equal(done);
      expect(await claim(['a'], 'w2', AT(10_000)), 'an ended job is never claimed again').to.equal(null);
    });

    it('fails a job once, by the worker that holds it, with the error its owner reads', async () => {
      const job = await enqueue('a', ann, AT(1));
      const claimed = (await claim(['a'], 'w1', AT(10)))!;
      expect(await s.uow.run(() => s.queue.fail(job.id, 'w2', 'not mine', AT(11)))).to.equal(false);
      expect(await s.queue.byId(job.id)).to.deep.equal(claimed);
      expect(await s.uow.run(() => s.queue.fail(job.id, 'w1', 'Row 3: bad price "x"', AT(12)))).to.equal(true);
      const failed = await s.queue.byId(job.id);
      expect(failed).to.deep.equal({
        ...claimed,
        status: 'failed',
        result: { error: 'Row 3: bad price "x"' },
        finished: AT(12),
        leaseUntil: null,
        updated: AT(12),
      });
      expect(await s.uow.run(() => s.queue.fail(job.id, 'w1', 'again', AT(13)))).to.equal(false);
      expect(await s.uow.run(() => s.queue.complete(job.id, 'w1', {}, AT(13)))).to.equal(false);
      expect(await s.queue.byId(job.id)).to.deep.equal(failed);
    });

    it('gives a held job back as it was before the claim, claimable at once, by the worker that holds it only', async () => {
      const job = await enqueue('a', ann, AT(1));
      await claim(['a'], 'w1', AT(10));
      expect(await s.uow.run(() => s.queue.release(job.id, 'w2', AT(11))), 'not held by w2').to.equal(false);
      expect(await s.uow.run(() => s.queue.release(job.id, 'w1', AT(12)))).to.equal(true);
      expect(await s.queue.byId(job.id)).to.deep.equal({ ...job, updated: AT(12) });
      expect(await s.uow.run(() => s.queue.release(job.id, 'w1', AT(13))), 'released already').to.equal(false);
      const again = (await claim(['a'], 'w2', AT(14)))!;
      expect(again.attempts, 'the interrupted start does not count').to.equal(1);
      expect(await s.uow.run(() => s.queue.complete(job.id, 'w1', {}, AT(15))), 'w1 holds it no longer').to.equal(false);
    });

    it('lets a worker whose job was taken again neither renew, complete nor fail it', async () => {
      const job = await enqueue('a', ann, AT(1));
      await claim(['a'], 'w1', AT(10));
      const taken = (await claim(['a'], 'w2', AT(10 + LEASE + 1)))!;
      expect(taken.attempts).to.equal(2);
      expect(await s.uow.run(() => s.queue.renew(job.id, 'w1', AT(500)))).to.equal(false);
      expect(await s.uow.run(() => s.queue.complete(job.id, 'w1', { by: 'w1' }, AT(80)))).to.equal(false);
      expect(await s.uow.run(() => s.queue.fail(job.id, 'w1', 'w1 gave up', AT(80)))).to.equal(false);
      expect(await s.queue.byId(job.id)).to.deep.equal(taken);
      expect(await s.uow.run(() => s.queue.complete(job.id, 'w2', { by: 'w2' }, AT(90)))).to.equal(true);
      expect((await s.queue.byId(job.id))!.result).to.deep.equal({ by: 'w2' });
    });

    it("rolls a job's end back with the unit of work it ran in", async () => {
      const job = await enqueue('a', ann, AT(1));
      const claimed = (await claim(['a'], 'w1', AT(10)))!;
      let caught: unknown;
      await s.uow
        .run(async () => {
          expect(await s.queue.complete(job.id, 'w1', { rows: 1 }, AT(12))).to.equal(true);
          throw new Boom('after the end');
        })
        .catch((err: unknown) => (caught = err));
      expect(caught).to.be.instanceOf(Boom);
      expect(await s.queue.byId(job.id), 'still processing, held by w1').to.deep.equal(claimed);
      expect(await s.uow.run(() => s.queue.complete(job.id, 'w1', { rows: 2 }, AT(13)))).to.equal(true);
      expect((await s.queue.byId(job.id))!.result).to.deep.equal({ rows: 2 });

      const enqueued = await s.uow
        .run(async () => {
          await s.queue.enqueue({ kind: 'a', ownerId: ann, payload: {} }, AT(20));
          throw new Boom('after the enqueue');
        })
        .catch(() => null);
      expect(enqueued).to.equal(null);
      expect((await s.queue.list('a', ann, 0, 10)).total, 'the enqueue rolled back').to.equal(1);
    });

    it('answers null for a job that does not exist or an id out of range', async () => {
      const job = await enqueue('a', ann, AT(1));
      for (const id of [job.id + 1000, 0, -1, 2 ** 31, 2 ** 53, 1.5, Number.NaN]) expect(await s.queue.byId(id), String(id)).to.equal(null);
    });

    it("lists an owner's jobs of a kind, newest first (the higher id first at one time), a page at a time, with the total", async () => {
      const a1 = await enqueue('a', ann, AT(1));
      const a3 = await enqueue('a', ann, AT(3));
      const a2 = await enqueue('a', ann, AT(2));
      const a3b = await enqueue('a', ann, AT(3));
      await enqueue('b', ann, AT(4));
      await enqueue('a', ben, AT(5));
      await enqueue('a', null, AT(6));
      const ids = async (offset: number, limit: number) => {
        const page = await s.queue.list('a', ann, offset, limit);
        return { total: page.total, ids: page.items.map((j) => j.id) };
      };
      expect(await ids(0, 10)).to.deep.equal({ total: 4, ids: [a3b.id, a3.id, a2.id, a1.id] });
      expect(await ids(0, 3)).to.deep.equal({ total: 4, ids: [a3b.id, a3.id, a2.id] });
      expect(await ids(3, 3)).to.deep.equal({ total: 4, ids: [a1.id] });
      expect(await ids(4, 3)).to.deep.equal({ total: 4, ids: [] });
      expect((await s.queue.list('a', ann, 1, 1)).items).to.deep.equal([a3]);
      expect(await s.queue.list('c', ann, 0, 10)).to.deep.equal({ total: 0, items: [] });
      expect((await s.queue.list('b', ben, 0, 10)).total).to.equal(0);
      // A claimed job is listed as it is now.
      const claimed = (await claim(['a'], 'w1', AT(10)))!;
      expect(claimed.id).to.equal(a1.id);
      expect((await s.queue.list('a', ann, 3, 1)).items).to.deep.equal([claimed]);
    });

    it('says whether an owner has a job of a kind in some statuses', async () => {
      const job = await enqueue('a', ann, AT(1));
      await enqueue('b', ben, AT(1));
      expect(await s.queue.has('a', ann, ['pending'])).to.equal(true);
      expect(await s.queue.has('a', ann, ['pending', 'processing'])).to.equal(true);
      expect(await s.queue.has('a', ann, ['processing', 'success', 'failed'])).to.equal(false);
      expect(await s.queue.has('a', ben, ['pending'])).to.equal(false);
      expect(await s.queue.has('b', ann, ['pending'])).to.equal(false);
      expect(await s.queue.has('a', ann, [])).to.equal(false);
      await claim(['a'], 'w1', AT(2));
      expect(await s.queue.has('a', ann, ['pending'])).to.equal(false);
      expect(await s.queue.has('a', ann, ['processing'])).to.equal(true);
      await s.uow.run(() => s.queue.fail(job.id, 'w1', 'no', AT(3)));
      expect(await s.queue.has('a', ann, ['pending', 'processing'])).to.equal(false);
      expect(await s.queue.has('a', ann, ['failed'])).to.equal(true);
    });

    it('gives each of 10 jobs to exactly one of 20 claims made at once on connections of their own (PostgreSQL server)', async function () {
      if (!s.otherPool) {
        console.log('      (PGlite and memory run one unit of work at a time: the concurrent claims need DATABASE_URL)');
        return this.skip();
      }
      const jobs: number[] = [];
      for (let i = 0; i < 10; i++) jobs.push((await enqueue('a', i % 2 ? ann : ben, AT(1)))!.id);
      const other = await s.otherPool();
      try {
        // Every claim keeps its transaction open until all 20 have claimed: 20 connections at once, and a claim
        // that waited for another's row lock instead of skipping it would never arrive (the barrier times out).
        let arrived = 0;
        let allArrived!: () => void;
        const barrier = new Promise<void>((resolve) => (allArrived = resolve));
        const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`only ${arrived} of 20 claims came back`)), 20_000).unref());
        const claims = Array.from({ length: 20 }, (_, i) => {
          const { uow, queue } = i % 2 ? other : s;
          return uow.run(async () => {
            const job = await queue.claim(['a'], `w${i}`, AT(10), AT(100));
            if (++arrived === 20) allArrived();
            await Promise.race([barrier, timeout]);
            return job;
          });
        });
        const claimed = await Promise.all(claims);
        const taken = claimed.filter((j): j is Job => j !== null);
        expect(taken.map((j) => j.id).sort((a, b) => a - b)).to.deep.equal(jobs);
        expect(claimed.filter((j) => j === null)).to.have.length(10);
        for (const id of jobs) {
          const job = (await s.queue.byId(id))!;
          expect([job.status, job.attempts]).to.deep.equal(['processing', 1]);
        }
        const ended = await s.uow.run(async () => {
          let n = 0;
          for (let i = 0; i < 20; i++) for (const id of jobs) if (await s.queue.complete(id, `w${i}`, { by: i }, AT(20))) n++;
          return n;
        });
        expect(ended, 'each job ended once, by its one worker').to.equal(10);
      } finally {
        await other.close();
      }
    });
  });
}

contract('in memory', async () => {
  const uow = new InMemoryUnitOfWork();
  return { uow, queue: new InMemoryJobQueue(uow), owners: [1, 2] };
});

describe('with the SQL adapters', () => {
  let db: Database;
  before(async () => {
    db = await openTestDatabase();
  });
  after(() => db.close());

  contract(`SQL on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, async () => {
    // Removing the users removes their jobs; the operator's (no owner) go separately.
    await query(db.orm, 'delete from job');
    const owners = await storedUsers(db, ['ann', 'ben']);
    const uow = new MikroOrmUnitOfWork(db.orm);
    const url = process.env.DATABASE_URL;
    const otherPool = async (): Promise<OtherPool> => {
      const other = await Database.open({ kind: 'server', url: url! }, schemaOf(await discoverModules()));
      return { queue: new SqlJobQueue(other.orm), uow: new MikroOrmUnitOfWork(other.orm), close: () => other.close() };
    };
    return {
      uow,
      queue: new SqlJobQueue(db.orm),
      owners: [owners[0]!, owners[1]!],
      // PGlite has one connection: a second unit of work cannot start while the first holds it.
      ...(url ? { otherPool } : {}),
    };
  });
});
