import { expect } from 'chai';
import { CheckReadiness } from '../../../../application/health/check-readiness.js';
import { JobWorkerReadiness } from '../../../../application/health/job-worker-readiness.js';
import { ShutdownReadiness } from '../../../../application/health/shutdown-readiness.js';
import type { ReadinessCheck } from '../../../../application/ports/readiness-check.js';

const check = (name: string, answer: () => Promise<string | null>, required = true): ReadinessCheck => ({ name, required, check: answer });
const ready = async (): Promise<null> => null;

describe('CheckReadiness', () => {
  it('is ready with no checks at all', async () => {
    expect(await new CheckReadiness([], 100).execute()).to.deep.equal({ ready: true, checks: [] });
  });

  it('reports every check in binding order, and is ready when every required one is', async () => {
    const report = await new CheckReadiness([check('database', ready), check('job worker', ready)], 100).execute();
    expect(report).to.deep.equal({
      ready: true,
      checks: [
        { name: 'database', ready: true, required: true },
        { name: 'job worker', ready: true, required: true },
      ],
    });
  });

  it('is not ready when a required check gives a reason, and names it with the reason', async () => {
    const report = await new CheckReadiness([check('database', async () => '2 migrations not applied (run spindle migrate)'), check('job worker', ready)], 100).execute();
    expect(report.ready).to.equal(false);
    expect(report.checks[0]).to.deep.equal({ name: 'database', ready: false, required: true, reason: '2 migrations not applied (run spindle migrate)' });
  });

  it('stays ready when only a check that is not required fails, and still reports it', async () => {
    const report = await new CheckReadiness([check('database', ready), check('redis', async () => 'Redis does not answer', false)], 100).execute();
    expect(report.ready).to.equal(true);
    expect(report.checks[1]).to.deep.equal({ name: 'redis', ready: false, required: false, reason: 'Redis does not answer' });
  });

  it('calls a check that does not answer in time unready, without waiting for it', async () => {
    const hanging = check('database', () => new Promise<null>(() => undefined));
    const report = await new CheckReadiness([hanging], 30).execute();
    expect(report).to.deep.equal({ ready: false, checks: [{ name: 'database', ready: false, required: true, reason: 'did not answer within 30 ms' }] });
  });

  it('calls a check that throws unready, with a reason that does not repeat its error (which may name internals)', async () => {
    const throwing = check('database', async () => {
      throw new Error('connect ECONNREFUSED 10.0.0.7:5432 password=hunter2');
    });
    const report = await new CheckReadiness([throwing], 100).execute();
    expect(report.checks[0]).to.deep.equal({ name: 'database', ready: false, required: true, reason: 'the check failed' });
  });

  it('asks the checks at once: every one is asked before any has answered', async () => {
    const asked: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const waiting = (name: string) =>
      check(name, async () => {
        asked.push(name);
        await gate;
        return null;
      });
    const running = new CheckReadiness([waiting('a'), waiting('b'), waiting('c')], 1000).execute();
    await Promise.resolve();
    expect(asked).to.deep.equal(['a', 'b', 'c']);
    open();
    expect((await running).ready).to.equal(true);
  });
});

describe('JobWorkerReadiness', () => {
  it('is ready while the worker runs, or when it has no kind of job to run; not when it has stopped', async () => {
    expect(await new JobWorkerReadiness({ isRunning: true, kinds: ['inventory-export'] }).check()).to.equal(null);
    expect(await new JobWorkerReadiness({ isRunning: false, kinds: [] }).check()).to.equal(null);
    expect(await new JobWorkerReadiness({ isRunning: false, kinds: ['inventory-export'] }).check()).to.equal('the job worker is not running');
  });
});

describe('ShutdownReadiness', () => {
  it('is ready until the shutdown begins, then required and not ready for good', async () => {
    const shutdown = new ShutdownReadiness();
    expect(await new CheckReadiness([shutdown], 100).execute()).to.deep.equal({ ready: true, checks: [{ name: 'shutdown', ready: true, required: true }] });
    shutdown.begin();
    shutdown.begin();
    expect(await new CheckReadiness([shutdown], 100).execute()).to.deep.equal({
      ready: false,
      checks: [{ name: 'shutdown', ready: false, required: true, reason: 'the process is shutting down' }],
    });
  });
});
