import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { expect } from 'chai';
import type { Database } from '../../../adapters/persistence/database.js';
import { SqlJobQueue } from '../../../adapters/persistence/jobs/sql-job-queue.js';
import { MikroOrmUnitOfWork, query } from '../../../adapters/persistence/mikro-orm-unit-of-work.js';
import { SystemClock } from '../../../adapters/system/system-clock.js';
import { JobWorker } from '../../../application/jobs/job-worker.js';
import type { Job } from '../../../domain/jobs/job.js';
import { RecordingLogger } from '../../support/recording-logger.js';
import { REPO_ROOT } from '../../support/repo-root.js';
import { createSlowJobTable, SLOW_JOB_KIND, SlowJobHandler, slowJobRows } from '../../support/slow-job.js';
import { openTestDatabase } from '../../support/test-database.js';

const ROWS = 30;

/** A worker process (test/support/job-child.ts) and a way to wait for a line it prints. */
function startChild(): { child: ChildProcessWithoutNullStreams; printed: (line: string) => Promise<void>; exited: Promise<NodeJS.Signals | number | null> } {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'dist/test/support/job-child.js')], {
    env: { ...process.env, JOB_LEASE_SECONDS: '1', JOB_POLL_MS: '50', SLOW_JOB_PAUSE_MS: '100', LOG_LEVEL: 'warn' },
    cwd: REPO_ROOT,
  });
  let stdout = '';
  let stderr = '';
  const waiting: { line: string; resolve: () => void }[] = [];
  child.stdout.on('data', (d: Buffer) => {
    stdout += d;
    for (const w of [...waiting]) if (stdout.split('\n').includes(w.line)) w.resolve();
  });
  child.stderr.on('data', (d: Buffer) => (stderr += d));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  const printed = (line: string) =>
    Promise.race([
      new Promise<void>((resolve) => waiting.push({ line, resolve })),
      exited.then((how) => {
        throw new Error(`The worker process ended (${String(how)}) before printing "${line}".\nstdout:\n${stdout}\nstderr:\n${stderr}`);
      }),
    ]);
  return { child, printed, exited };
}

/*
 * A worker process killed (SIGKILL) in the middle of a job, and then another worker: nothing of the first attempt is
 * left, the job is taken again once its lease has run out, and its work is applied once. A PostgreSQL server only:
 * the embedded database admits one process.
 */
describe('A job whose worker was killed', function () {
  this.timeout(120_000);
  let db: Database;
  let started: ReturnType<typeof startChild> | undefined;

  before(async function () {
    if (!process.env.DATABASE_URL) {
      console.log('      (the embedded database admits one process: the killed worker needs a PostgreSQL server, DATABASE_URL)');
      return this.skip();
    }
    db = await openTestDatabase();
    await createSlowJobTable(db.orm);
  });
  after(async () => {
    if (started && started.child.exitCode === null && started.child.signalCode === null) started.child.kill('SIGKILL');
    await db?.close();
  });

  it('is taken again once its lease has run out, finishes, and its writes are there once', async () => {
    const queue = new SqlJobQueue(db.orm);
    const uow = new MikroOrmUnitOfWork(db.orm);
    const job = await uow.run(() => queue.enqueue({ kind: SLOW_JOB_KIND, ownerId: null, payload: { rows: ROWS } }, new Date()));

    started = startChild();
    await started.printed(`row ${job.id} 5`);
    expect(await slowJobRows(db.orm, job.id), 'rows in flight are not visible').to.deep.equal([]);
    const inFlight = (await queue.byId(job.id))!;
    expect([inFlight.status, inFlight.attempts]).to.deep.equal(['processing', 1]);
    started.child.kill('SIGKILL');
    expect(await started.exited).to.equal('SIGKILL');

    const left = (await queue.byId(job.id))!;
    expect(await slowJobRows(db.orm, job.id), 'the transaction died with the process').to.deep.equal([]);
    expect([left.status, left.attempts, left.finished, left.result]).to.deep.equal(['processing', 1, null, null]);
    const leaseUntil = left.leaseUntil!;
    const justBefore = new Date(leaseUntil.getTime() - 1);
    expect(await uow.run(() => queue.claim([SLOW_JOB_KIND], 'early', justBefore, new Date(justBefore.getTime() + 1000))), 'still under lease').to.equal(
      null,
    );

    // The dead worker's session may take a moment to end on the server; its lease, about a second.
    const logger = new RecordingLogger();
    const worker = new JobWorker(queue, uow, new SystemClock(), [new SlowJobHandler(db.orm, uow)], logger, {
      workerId: 'parent',
      leaseMs: 1000,
      pollMs: 10,
      maintenanceMs: 3_600_000,
      maxAttempts: 5,
    });
    let again: Job | null = null;
    for (let i = 0; i < 200 && !again; i++) {
      if (Date.now() > leaseUntil.getTime()) again = await worker.runOnce();
      if (!again) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(again, 'taken again').to.not.equal(null);
    expect([again!.id, again!.attempts]).to.deep.equal([job.id, 2]);

    const done = (await queue.byId(job.id))!;
    expect([done.status, done.result, done.attempts]).to.deep.equal(['success', { rows: ROWS }, 2]);
    expect(await slowJobRows(db.orm, job.id)).to.deep.equal(Array.from({ length: ROWS }, (_, i) => [i + 1, 2]));
    expect(logger.messages('error')).to.deep.equal([]);
    const [sessions] = await query(db.orm, "select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'idle in transaction'");
    expect(sessions!.n, 'no session of the dead worker left in its transaction').to.equal(0);
  });
});
