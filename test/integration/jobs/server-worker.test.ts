import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ContainerModule } from 'inversify';
import type { Database } from '../../../adapters/persistence/database.js';
import { SqlJobQueue } from '../../../adapters/persistence/jobs/sql-job-queue.js';
import { MikroOrmUnitOfWork } from '../../../adapters/persistence/mikro-orm-unit-of-work.js';
import { SystemClock } from '../../../adapters/system/system-clock.js';
import { JobWorker } from '../../../application/jobs/job-worker.js';
import type { JobHandler } from '../../../application/ports/job-queue.js';
import { CORE } from '../../../composition/core/core-tokens.js';
import { JOBS } from '../../../composition/jobs/jobs-tokens.js';
import { discoverModules } from '../../../composition/modules.js';
import { PERSISTENCE } from '../../../composition/persistence/persistence-tokens.js';
import { startServer } from '../../../composition/server.js';
import type { SpindleModule } from '../../../composition/spindle-module.js';
import { RecordingLogger } from '../../support/recording-logger.js';
import { createSlowJobTable, SLOW_JOB_KIND, SlowJobHandler, slowJobRows } from '../../support/slow-job.js';
import { AGENT, testConfig, testContainer } from '../../support/test-app.js';
import { openTestDatabase } from '../../support/test-database.js';

/*
 * The job worker of a server process: `startServer` starts it once the server listens, and `stop` waits for the job in
 * hand, stops the worker, then closes the database.
 */
describe('The job worker of a server', function () {
  this.timeout(60_000);
  let dir: string;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-server-worker-'));
    if (process.env.DATABASE_URL) await (await openTestDatabase()).close();
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('starts with the server, and the server stops once the job in hand has ended, without hanging', async () => {
    let db!: Database;
    let inHand!: () => void;
    const running = new Promise<void>((resolve) => (inHand = resolve));
    let mayFinish!: () => void;
    const finishing = new Promise<void>((resolve) => (mayFinish = resolve));
    const testJobs: SpindleModule = {
      name: 'test-server-jobs',
      bindings: () => new ContainerModule(() => undefined),
      adapters: {
        sql: (runtime) => {
          db = runtime.db;
          return new ContainerModule(({ bind }) => {
            bind(JOBS.Handler).toResolvedValue(
              (uow): JobHandler => ({
                kind: 'test-server',
                run: async (job, finish) => {
                  inHand();
                  await finishing;
                  await uow.run(() => finish({ ok: true }));
                },
              }),
              [PERSISTENCE.UnitOfWork],
            );
          });
        },
      },
    };
    const logger = new RecordingLogger();
    const config = testConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      JOB_POLL_MS: '20',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : { DATA_DIR: path.join(dir, 'data') }),
    });
    const server = await startServer(config, logger, { demo: false, modules: [...(await discoverModules()), testJobs] });
    let stopped = false;
    try {
      expect((await fetch(`${server.url}/web.css`, { headers: { 'User-Agent': AGENT } })).status, 'serves').to.equal(200);
      await new MikroOrmUnitOfWork(db.orm).run(() => new SqlJobQueue(db.orm).enqueue({ kind: 'test-server', ownerId: null, payload: {} }, new Date()));
      await running;
      const stopping = server.stop().then(() => (stopped = true));
      for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(stopped, 'the server waits for the job in hand').to.equal(false);
      mayFinish();
      await stopping;
    } finally {
      mayFinish();
      if (!stopped) await server.stop();
    }
    const messages = logger.entries.map((e) => e.message);
    const order = ['listening', 'job worker started', 'job started', 'shutting down', 'job succeeded', 'job worker stopped', 'stopped'];
    expect(messages.filter((m) => order.includes(m!))).to.deep.equal(order);
    // Every module's kinds (the inventory's export too) and the test's.
    expect(logger.entries.find((e) => e.message === 'job worker started')!.fields.kinds).to.include('test-server');
    expect(logger.messages('error')).to.deep.equal([]);
    expect(logger.messages('warn')).to.deep.equal([]);
  });

  it('stopped with a grace shorter than the job in hand, gives the job back, which another worker takes at once and applies once', async () => {
    // On the PostgreSQL server the job is given back mid-way; on the embedded database (one session, which the job's
    // transaction holds) the give-back waits for the job's end and finds it done. Either way its rows are there once.
    const db = await openTestDatabase();
    try {
      await createSlowJobTable(db.orm);
      const queue = new SqlJobQueue(db.orm);
      const uow = new MikroOrmUnitOfWork(db.orm);
      const rows = 12;
      let reached!: () => void;
      const halfway = new Promise<void>((resolve) => (reached = resolve));
      const worker = (name: string, logger: RecordingLogger) =>
        new JobWorker(queue, uow, new SystemClock(), [new SlowJobHandler(db.orm, uow, { pauseMs: 25, onRow: (_job, n) => n === 3 && reached() })], logger, {
          workerId: name,
          leaseMs: 60_000,
          pollMs: 20,
          maintenanceMs: 3_600_000,
          maxAttempts: 5,
        });
      const firstLog = new RecordingLogger();
      const first = worker('first', firstLog);
      const job = await uow.run(() => queue.enqueue({ kind: SLOW_JOB_KIND, ownerId: null, payload: { rows } }, new Date()));
      first.start();
      await halfway;
      const t0 = Date.now();
      await first.stop(50);
      const givenBack = firstLog.messages('warn').includes('job given back: it did not end within the shutdown grace');
      const second = worker('second', new RecordingLogger());
      let done = (await queue.byId(job.id))!;
      if (givenBack) {
        expect(done.status, 'pending again, claimable at once').to.equal('pending');
        second.start();
        while (done.status !== 'success' && Date.now() - t0 < 20_000) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          done = (await queue.byId(job.id))!;
        }
        await second.stop();
        expect(Date.now() - t0, 'taken again long before the 60 s lease would have run out').to.be.below(10_000);
      } else {
        expect(process.env.DATABASE_URL, 'given back on a PostgreSQL server').to.equal(undefined);
      }
      expect([done.status, done.result]).to.deep.equal(['success', { rows }]);
      const written = await slowJobRows(db.orm, job.id);
      expect(written.map(([n]) => n), 'every row once').to.deep.equal(Array.from({ length: rows }, (_, i) => i + 1));
      expect(new Set(written.map(([, attempt]) => attempt)).size, 'all from one attempt').to.equal(1);
      // The first worker's handler, cut off, ends by finding its lease gone: its rows roll back.
      while (givenBack && !firstLog.entries.some((e) => e.message?.includes('lease'))) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await slowJobRows(db.orm, job.id)).to.deep.equal(written);
    } finally {
      await db.close();
    }
  });

  it('is a background service of the server unless JOB_WORKER is false (spindle worker processes then do the jobs)', async () => {
    const db = await openTestDatabase();
    try {
      const names = (env: Record<string, string> = {}) => testContainer(db, env).getAll(CORE.BackgroundService).map((service) => service.name);
      expect(names()).to.include('job worker');
      const without = testContainer(db, { JOB_WORKER: 'false' });
      expect(names({ JOB_WORKER: 'false' })).not.to.include('job worker');
      expect(without.get(JOBS.Worker).kinds, 'the worker of spindle worker is still there').to.be.an('array');
    } finally {
      await db.close();
    }
  });
});
