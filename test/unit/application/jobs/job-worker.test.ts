import { expect } from 'chai';
import { FixedClock } from '../../../../adapters/in-memory/fixed-clock.js';
import { InMemoryJobQueue } from '../../../../adapters/in-memory/in-memory-job-queue.js';
import { InMemoryUnitOfWork, type InMemoryTransactional } from '../../../../adapters/in-memory/in-memory-unit-of-work.js';
import { InMemoryUserRepository } from '../../../../adapters/in-memory/in-memory-identity-repositories.js';
import { ACCOUNT_DELETED, holdAccount } from '../../../../application/identity/hold-account.js';
import { JOB_FAILED_MESSAGE, JobWorker, type JobWorkerOptions } from '../../../../application/jobs/job-worker.js';
import { JobFailed, type JobHandler } from '../../../../application/ports/job-queue.js';
import type { Job, JobData } from '../../../../domain/jobs/job.js';
import { RecordingLogger } from '../../../support/recording-logger.js';

/** What a handler writes besides the job: a list kept in the unit of work, as a repository's state would be. */
class Notes implements InMemoryTransactional {
  items: string[] = [];
  constructor(uow: InMemoryUnitOfWork) {
    uow.enlist(this);
  }
  snapshot(): unknown {
    return [...this.items];
  }
  restore(snapshot: unknown): void {
    this.items = [...(snapshot as string[])];
  }
}

type Run = JobHandler['run'];
const handler = (kind: string, run: Run, maintain?: JobHandler['maintain']): JobHandler => ({ kind, run, ...(maintain ? { maintain } : {}) });

/** A promise and the function that settles it, for a test to let a handler go on when it says so. */
function gate<T = void>(): { promise: Promise<T>; open: (value: T) => void } {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

/** Lets pending callbacks run (promise jobs and I/O), so that a promise that could settle now has settled. */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
};

/*
 * The job worker over the in-memory queue and unit of work, with a clock that moves only when told: what becomes of
 * a job for each way its handler ends, what a worker that lost its lease may still do, housekeeping, and the
 * background loop.
 */
describe('JobWorker (in memory)', () => {
  const T0 = '2026-11-23T03:00:00.000Z';
  const LEASE_MS = 60_000;
  let clock: FixedClock;
  let uow: InMemoryUnitOfWork;
  let queue: InMemoryJobQueue;
  let notes: Notes;
  let logger: RecordingLogger;

  beforeEach(() => {
    clock = new FixedClock(T0);
    uow = new InMemoryUnitOfWork();
    queue = new InMemoryJobQueue(uow);
    notes = new Notes(uow);
    logger = new RecordingLogger();
  });

  const workerWith = (handlers: readonly JobHandler[], options: Partial<JobWorkerOptions> = {}) =>
    new JobWorker(queue, uow, clock, handlers, logger, { workerId: 'w1', leaseMs: LEASE_MS, pollMs: 10, maintenanceMs: 60_000, maxAttempts: 5, ...options });
  const enqueue = (kind = 'test', payload: JobData = {}) => uow.run(() => queue.enqueue({ kind, ownerId: 7, payload }, clock.now()));
  const stored = async (id: number): Promise<Job> => (await queue.byId(id))!;
  /** A handler that writes a note and ends the job in one unit of work, as handlers should. */
  const writesThenFinishes: Run = (job, finish) =>
    uow.run(async () => {
      notes.items.push(`job ${job.id} attempt ${job.attempts}`);
      clock.advance(1000);
      await finish({ rows: 1, note: String(job.payload.note) });
    });

  it('calls the handler’s ended inside the unit of work that ends the job, in success or failure, with the job ended there', async () => {
    const ended = (jobId: number): Promise<void> =>
      queue.byId(jobId).then((job) => {
        notes.items.push(`ended ${jobId} ${job!.status}`);
      });
    const ok = await enqueue('ok');
    const bad = await enqueue('bad');
    const worker = workerWith([
      { kind: 'ok', run: writesThenFinishes, ended },
      { kind: 'bad', run: () => Promise.reject(new JobFailed('No.')), ended },
    ]);
    await worker.runOnce();
    await worker.runOnce();
    expect(notes.items).to.deep.equal([`job ${ok.id} attempt 1`, `ended ${ok.id} success`, `ended ${bad.id} failed`]);
  });

  it('rolls the job’s success back with the handler’s writes when ended throws, then ends it failed, ended called again', async () => {
    const job = await enqueue('test', { note: 'x' });
    const ended = async (jobId: number): Promise<void> => {
      const status = (await queue.byId(jobId))!.status;
      notes.items.push(`ended ${status}`);
      if (status === 'success') throw new Error('outbox down');
    };
    await workerWith([{ kind: 'test', run: writesThenFinishes, ended }]).runOnce();
    expect((await stored(job.id)).status).to.equal('failed');
    expect(notes.items).to.deep.equal(['ended failed']);
  });

  it("commits the handler's writes and the job's success together, and logs the job's start and end", async () => {
    const job = await enqueue('test', { note: 'hello' });
    clock.advance(5000);
    const started = clock.now();
    const claimed = await workerWith([handler('test', writesThenFinishes)]).runOnce();
    expect(claimed).to.deep.equal({
      ...job,
      status: 'processing',
      attempts: 1,
      started,
      leaseUntil: new Date(started.getTime() + LEASE_MS),
      updated: started,
    });
    expect(await stored(job.id)).to.deep.equal({
      ...claimed,
      status: 'success',
      result: { rows: 1, note: 'hello' },
      finished: clock.now(),
      leaseUntil: null,
      updated: clock.now(),
    });
    expect(notes.items).to.deep.equal([`job ${job.id} attempt 1`]);
    expect(logger.entries.map((e) => [e.level, e.message])).to.deep.equal([
      ['info', 'job started'],
      ['info', 'job succeeded'],
    ]);
    expect(logger.entries[0]!.fields).to.deep.include({ job: job.id, kind: 'test', attempt: 1 });
  });

  it("rolls the job's success back with the handler's writes when the handler fails after finishing, and marks it failed", async () => {
    const job = await enqueue();
    const worker = workerWith([
      handler('test', (j, finish) =>
        uow.run(async () => {
          notes.items.push('written');
          await finish({ rows: 1 });
          throw new Error('after finish');
        }),
      ),
    ]);
    await worker.runOnce();
    const after = await stored(job.id);
    expect([after.status, after.result]).to.deep.equal(['failed', { error: JOB_FAILED_MESSAGE }]);
    expect(notes.items).to.deep.equal([]);
  });

  it('ends as failed, without running it, a job whose workers died more often than maxAttempts allows', async () => {
    const job = await enqueue();
    // Three claims by workers that died (their leases ran out), then a worker allowing three attempts.
    for (let i = 0; i < 3; i++) {
      await uow.run(() => queue.claim(['test'], `dead-${i}`, clock.now(), new Date(clock.now().getTime() + LEASE_MS)));
      clock.advance(LEASE_MS + 1);
    }
    let ran = false;
    const taken = await workerWith([handler('test', async () => void (ran = true))], { maxAttempts: 3 }).runOnce();
    expect(taken!.attempts).to.equal(4);
    expect(ran).to.equal(false);
    expect(await stored(job.id)).to.deep.include({
      status: 'failed',
      result: { error: 'The job was started 3 times and stopped each time before it ended; it is not tried again.' },
    });
    expect(logger.entries.filter((e) => e.level === 'error').map((e) => e.message)).to.deep.equal(['job abandoned: its worker stopped every time']);
  });

  it('marks a job failed, with the generic message, when its handler returns without finishing it', async () => {
    const job = await enqueue();
    await workerWith([handler('test', async () => undefined)]).runOnce();
    const after = await stored(job.id);
    expect(after).to.deep.include({ status: 'failed', result: { error: JOB_FAILED_MESSAGE }, finished: clock.now(), leaseUntil: null });
    const errors = logger.entries.filter((e) => e.level === 'error');
    expect(errors.map((e) => e.message)).to.deep.equal(['job failed with an error']);
    expect(String((errors[0]!.fields.err as Error).message)).to.equal(`The test handler returned without finishing job ${job.id}`);
  });

  it("marks a job failed with a JobFailed's message, its writes rolled back, logged as an expected failure", async () => {
    const job = await enqueue();
    const message = 'Row 3, column price: "12,5" is not a price.';
    await workerWith([
      handler('test', () =>
        uow.run(async () => {
          notes.items.push('half done');
          throw new JobFailed(message);
        }),
      ),
    ]).runOnce();
    expect(await stored(job.id)).to.deep.include({ status: 'failed', result: { error: message }, attempts: 1 });
    expect(notes.items).to.deep.equal([]);
    expect(logger.messages('error')).to.deep.equal([]);
    expect(logger.entries.find((e) => e.message === 'job failed')!.fields).to.deep.include({ reason: message, job: job.id });
  });

  it("runs a handler on behalf of the job's owner: its writes are held to the owner's account, refused once it is deleted (ADR 0060)", async () => {
    const users = new InMemoryUserRepository(uow);
    uow.holdAccountsWith(holdAccount(users));
    const add = (name: string) =>
      uow.run(() => users.add({ username: name, realName: '', email: `${name}@x.test`, passwordHash: 'h', registeredAt: clock.now(), homePage: '', location: '', profile: '', currency: 'USD' }));
    const [kept, gone] = [await add('kept'), await add('gone')];
    const ofOwner = (ownerId: number) => uow.run(() => queue.enqueue({ kind: 'test', ownerId, payload: { note: ownerId } }, clock.now()));
    const [keptJob, goneJob] = [await ofOwner(kept.id), await ofOwner(gone.id)];
    await uow.run(() => users.markDeleted(gone.id, clock.now()));
    const worker = new JobWorker(queue, uow, clock, [handler('test', writesThenFinishes)], logger, { workerId: 'w1', leaseMs: LEASE_MS, pollMs: 10, maintenanceMs: 60_000, maxAttempts: 5 }, undefined, uow);
    await worker.runOnce();
    await worker.runOnce();
    expect(await stored(keptJob.id)).to.deep.include({ status: 'success' });
    expect(await stored(goneJob.id)).to.deep.include({ status: 'failed', result: { error: ACCOUNT_DELETED } });
    expect(notes.items).to.deep.equal([`job ${keptJob.id} attempt 1`]);
    expect(logger.messages('error')).to.deep.equal([]);
  });

  it('marks a job failed with the generic message, never the error itself, for any other error, and logs the error', async () => {
    const job = await enqueue();
    const bug = new TypeError("Cannot read properties of undefined (reading 'secret')");
    await workerWith([
      handler('test', async () => {
        throw bug;
      }),
    ]).runOnce();
    expect(await stored(job.id)).to.deep.include({ status: 'failed', result: { error: JOB_FAILED_MESSAGE } });
    const logged = logger.entries.find((e) => e.level === 'error')!;
    expect(logged.message).to.equal('job failed with an error');
    expect(logged.fields).to.deep.include({ err: bug, job: job.id, kind: 'test', attempt: 1 });
  });

  it("rolls back the writes of a worker whose lease ran out and another worker took the job, and leaves the job to that worker", async () => {
    const job = await enqueue();
    const worker = workerWith([
      handler('test', async (j, finish) => {
        // While this worker was slow, its lease ran out and another worker took the job.
        clock.advance(LEASE_MS + 1);
        const taken = await uow.run(() => queue.claim(['test'], 'w2', clock.now(), new Date(clock.now().getTime() + LEASE_MS)));
        expect(taken!.attempts).to.equal(2);
        await uow.run(async () => {
          notes.items.push('written by w1');
          await finish({ by: 'w1' });
        });
      }),
    ]);
    expect((await worker.runOnce())!.id).to.equal(job.id);
    expect(notes.items).to.deep.equal([]);
    const after = await stored(job.id);
    expect([after.status, after.attempts, after.result]).to.deep.equal(['processing', 2, null]);
    expect(logger.messages('warn')).to.deep.equal([`Job ${job.id} was taken by another worker (this worker's lease ran out)`]);
    expect(logger.messages('error')).to.deep.equal([]);
    expect(await uow.run(() => queue.complete(job.id, 'w2', { by: 'w2' }, clock.now())), 'w2 still holds it').to.equal(true);
  });

  it("leaves a job to the worker that took it when the first one's handler fails after losing its lease", async () => {
    const job = await enqueue();
    await workerWith([
      handler('test', async () => {
        clock.advance(LEASE_MS + 1);
        await uow.run(() => queue.claim(['test'], 'w2', clock.now(), new Date(clock.now().getTime() + LEASE_MS)));
        throw new JobFailed('too late');
      }),
    ]).runOnce();
    expect(await stored(job.id)).to.deep.include({ status: 'processing', attempts: 2, result: null });
    expect(logger.messages('warn')).to.deep.equal(['job lease lost before it could be marked failed']);
  });

  it('renews the lease while the handler works', async () => {
    const job = await enqueue();
    const leaseMs = 30;
    await workerWith(
      [
        handler('test', async (j, finish) => {
          clock.advance(10_000);
          const renewed = new Date(clock.now().getTime() + leaseMs).getTime();
          for (let i = 0; i < 500 && (await stored(j.id)).leaseUntil!.getTime() !== renewed; i++) await new Promise((r) => setTimeout(r, 5));
          expect((await stored(j.id)).leaseUntil!.getTime(), 'renewed from the time of the renewal').to.equal(renewed);
          await uow.run(() => finish({}));
        }),
      ],
      { leaseMs },
    ).runOnce();
    expect((await stored(job.id)).status).to.equal('success');
  });

  it('says nothing of a lost lease when a renewal comes while the job ends', async () => {
    const succeeds = await enqueue('test', { ends: 'success' });
    const fails = await enqueue('test', { ends: 'failed' });
    // With a renewal due every millisecond, renewals come while the unit of work that ends the job runs, wait for it
    // (runs of the in-memory unit of work are serialised), and find the job ended.
    const worker = workerWith(
      [
        handler('test', (job, finish) =>
          uow.run(async () => {
            await new Promise((resolve) => setTimeout(resolve, 20));
            if (job.payload.ends === 'success') await finish({});
            else throw new JobFailed('no');
          }),
        ),
      ],
      { leaseMs: 3 },
    );
    await worker.runOnce();
    await worker.runOnce();
    await settle();
    expect([(await stored(succeeds.id)).status, (await stored(fails.id)).status]).to.deep.equal(['success', 'failed']);
    expect(logger.messages('warn')).to.deep.equal([]);
  });

  it('runs only jobs of its handlers\' kinds, and a worker with no handlers claims nothing', async () => {
    const other = await enqueue('other');
    const job = await enqueue('test');
    expect((await workerWith([handler('test', writesThenFinishes)]).runOnce())!.id).to.equal(job.id);
    expect(await workerWith([handler('test', writesThenFinishes)]).runOnce()).to.equal(null);
    expect((await stored(other.id)).status).to.equal('pending');

    const idle = workerWith([]);
    expect(idle.kinds).to.deep.equal([]);
    expect(await idle.runOnce()).to.equal(null);
    idle.start();
    await idle.stop();
    expect(await stored(other.id)).to.deep.include({ status: 'pending', attempts: 0 });
    expect(logger.messages('info'), 'an idle worker does not start').to.not.include('job worker started');
  });

  it("runs the handlers' housekeeping at most once per maintenance interval, and goes on past one that fails", async () => {
    const calls: string[] = [];
    const worker = workerWith(
      [
        handler('failing', writesThenFinishes, async () => {
          calls.push('failing');
          throw new Error('disk full');
        }),
        handler('plain', writesThenFinishes),
        handler('test', writesThenFinishes, async (now) => {
          calls.push(`test ${now.toISOString()}`);
        }),
      ],
      { maintenanceMs: 15 * 60_000 },
    );
    await worker.maintain();
    expect(calls).to.deep.equal(['failing', `test ${T0}`]);
    expect(logger.entries.filter((e) => e.level === 'error').map((e) => [e.message, e.fields.kind])).to.deep.equal([['job maintenance failed', 'failing']]);
    await worker.maintain();
    clock.advance(15 * 60_000 - 1);
    await worker.maintain();
    expect(calls, 'not due yet').to.have.length(2);
    clock.advance(1);
    await worker.maintain();
    expect(calls).to.deep.equal(['failing', `test ${T0}`, 'failing', `test ${clock.now().toISOString()}`]);
  });

  it('works in the background job after job, without waiting between them, and housekeeps first', async () => {
    const ids = [(await enqueue()).id, (await enqueue()).id, (await enqueue()).id];
    const done = gate();
    let maintained = 0;
    const worker = workerWith(
      [
        handler(
          'test',
          async (job, finish) => {
            await writesThenFinishes(job, finish);
            if (job.id === ids[2]) done.open();
          },
          async () => {
            maintained++;
          },
        ),
      ],
      { pollMs: 3_600_000 },
    );
    worker.start();
    await done.promise;
    await worker.stop();
    for (const id of ids) expect((await stored(id)).status).to.equal('success');
    expect(maintained).to.equal(1);
    expect(logger.entries.find((e) => e.message === 'job worker started')!.fields).to.deep.include({ worker: 'w1', kinds: ['test'] });
    expect(logger.messages('info').at(-1)).to.equal('job worker stopped');
  });

  it('picks up a job enqueued while it waits, and stops at once while it waits', async () => {
    const ran = gate<number>();
    const worker = workerWith([handler('test', (job, finish) => writesThenFinishes(job, finish).then(() => ran.open(job.id)))], { pollMs: 5 });
    worker.start();
    await settle();
    const job = await enqueue();
    expect(await ran.promise).to.equal(job.id);

    const idle = workerWith([handler('test', writesThenFinishes)], { pollMs: 3_600_000 });
    idle.start();
    await settle();
    // Without the wake-up, this stop would wait the whole poll interval (an hour) and the test time out.
    await Promise.all([worker.stop(), idle.stop()]);
  });

  it('stops only once the job in hand has ended, however many times it is told to, and claims nothing after', async () => {
    const first = await enqueue();
    const running = gate();
    const mayFinish = gate();
    const worker = workerWith([
      handler('test', async (job, finish) => {
        running.open();
        await mayFinish.promise;
        await writesThenFinishes(job, finish);
      }),
    ]);
    worker.start();
    await running.promise;
    const second = await enqueue();
    let stopped = 0;
    const stopping = worker.stop().then(() => stopped++);
    const again = worker.stop().then(() => stopped++);
    await settle();
    expect(stopped, 'both wait for the job in hand').to.equal(0);
    expect((await stored(first.id)).status).to.equal('processing');
    mayFinish.open();
    await Promise.all([stopping, again]);
    expect((await stored(first.id)).status).to.equal('success');
    expect(await stored(second.id), 'not claimed').to.deep.include({ status: 'pending', attempts: 0 });
    await worker.stop();
  });

  it('neither fails nor logs a job an outage cuts short: waits, gives it back once the database answers, and runs it again', async () => {
    /** The database as the detector sees it: away while `down`, every queue call failing as a lost connection does. */
    let down = false;
    const lost = Object.assign(new Error('Connection terminated unexpectedly'), { outage: true });
    const outages = {
      isOutage: (err: unknown) => (err as { outage?: boolean }).outage === true,
      examine: async () => undefined,
      available: true,
      retryAfterSeconds: 5,
    };
    const guarded = new Proxy(queue, {
      get: (target, name, receiver) => {
        const value = Reflect.get(target, name, receiver) as unknown;
        return typeof value === 'function'
          ? (...args: unknown[]) => (down ? Promise.reject(lost) : (value as (...a: unknown[]) => unknown).apply(target, args))
          : value;
      },
    });
    const job = await enqueue();
    const cut = gate();
    const done = gate<number>();
    let runs = 0;
    const worker = new JobWorker(
      guarded,
      uow,
      clock,
      [
        handler('test', async (j, finish) => {
          if (++runs === 1) {
            down = true;
            cut.open();
            throw lost;
          }
          await writesThenFinishes(j, finish);
          done.open(j.attempts);
        }),
      ],
      logger,
      { workerId: 'w1', leaseMs: LEASE_MS, pollMs: 5, maintenanceMs: 60_000, maxAttempts: 5 },
      outages,
    );
    worker.start();
    await cut.promise;
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 6));
    expect((await stored(job.id)).status, 'not failed while the database was away').to.equal('processing');
    down = false;
    expect(await done.promise, 'the interrupted start is not counted').to.equal(1);
    await worker.stop();
    expect((await stored(job.id)).status).to.equal('success');
    expect(logger.messages('error'), 'no error logged for the outage').to.deep.equal([]);
    expect(logger.messages('info')).to.include('interrupted job given back');
  });

  it('stopped with a grace, waits for a job that ends within it', async () => {
    const job = await enqueue();
    const mayEnd = gate();
    const started = gate();
    const worker = workerWith([
      handler('test', async (j, finish) => {
        started.open();
        await mayEnd.promise;
        await writesThenFinishes(j, finish);
      }),
    ]);
    worker.start();
    await started.promise;
    const stopping = worker.stop(5_000);
    await settle();
    mayEnd.open();
    await stopping;
    expect((await stored(job.id)).status).to.equal('success');
    expect(notes.items).to.deep.equal([`job ${job.id} attempt 1`]);
    expect(logger.messages('warn')).to.deep.equal([]);
  });

  it('stopped with a grace the job in hand outlasts, gives it back for another worker to take at once; its own late finish rolls back', async () => {
    const job = await enqueue();
    const mayEnd = gate();
    const started = gate();
    const handlerEnded = gate();
    const worker = workerWith([
      handler('test', async (j, finish) => {
        started.open();
        await mayEnd.promise;
        await writesThenFinishes(j, finish).finally(() => handlerEnded.open());
      }),
    ]);
    worker.start();
    await started.promise;
    await worker.stop(10);
    const given = await stored(job.id);
    expect([given.status, given.attempts], 'pending again, the cut start not counted').to.deep.equal(['pending', 0]);
    expect(logger.messages('warn')).to.deep.equal(['job given back: it did not end within the shutdown grace']);

    const other = workerWith([handler('test', writesThenFinishes)], { workerId: 'w2' });
    expect((await other.runOnce())!.id, 'taken at once, not after the lease').to.equal(job.id);
    mayEnd.open();
    await handlerEnded.promise;
    await settle();
    expect((await stored(job.id)).status).to.equal('success');
    expect(notes.items, 'applied once, by the second worker').to.deep.equal([`job ${job.id} attempt 1`]);
    expect(logger.messages('error')).to.deep.equal([]);
  });
});
