import { expect } from 'chai';
import { FixedClock } from '../../../../adapters/in-memory/fixed-clock.js';
import { InMemoryJobQueue } from '../../../../adapters/in-memory/in-memory-job-queue.js';
import { InMemoryUnitOfWork } from '../../../../adapters/in-memory/in-memory-unit-of-work.js';
import { JobQueueAgeGauge } from '../../../../application/jobs/job-queue-age-gauge.js';
import { JobQueueDepthGauge } from '../../../../application/jobs/job-queue-depth-gauge.js';

/*
 * The job queue's gauges over the in-memory queue: every kind the process knows has a series from the first scrape,
 * 0 while none waits, and a kind only the queue holds is reported as well.
 */
describe('Job queue gauges', () => {
  const T0 = '2026-12-07T12:00:00.000Z';
  let clock: FixedClock;
  let uow: InMemoryUnitOfWork;
  let queue: InMemoryJobQueue;

  beforeEach(() => {
    clock = new FixedClock(T0);
    uow = new InMemoryUnitOfWork();
    queue = new InMemoryJobQueue(uow);
  });
  const enqueue = (kind: string) => uow.run(() => queue.enqueue({ kind, ownerId: 7, payload: {} }, clock.now()));

  it('reports 0 for every known kind while the queue is empty', async () => {
    expect(await new JobQueueDepthGauge(queue, ['export', 'upload']).read()).to.deep.equal([
      { labels: { kind: 'export' }, value: 0 },
      { labels: { kind: 'upload' }, value: 0 },
    ]);
    expect(await new JobQueueAgeGauge(queue, clock, ['export', 'upload']).read()).to.deep.equal([
      { labels: { kind: 'export' }, value: 0 },
      { labels: { kind: 'upload' }, value: 0 },
    ]);
  });

  it('reports the waiting jobs and the oldest one’s age by kind, a kind only the queue holds included', async () => {
    await enqueue('upload');
    clock.advance(30_000);
    await enqueue('upload');
    await enqueue('retired');
    clock.advance(10_000);
    expect(await new JobQueueDepthGauge(queue, ['export', 'upload']).read()).to.deep.equal([
      { labels: { kind: 'export' }, value: 0 },
      { labels: { kind: 'upload' }, value: 2 },
      { labels: { kind: 'retired' }, value: 1 },
    ]);
    expect(await new JobQueueAgeGauge(queue, clock, ['export', 'upload']).read()).to.deep.equal([
      { labels: { kind: 'export' }, value: 0 },
      { labels: { kind: 'upload' }, value: 40 },
      { labels: { kind: 'retired' }, value: 10 },
    ]);
  });
});
