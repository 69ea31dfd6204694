import type { Job, JobData } from '../../domain/jobs/job.js';
import type { EventOutbox } from '../ports/event-outbox.js';
import type { JobHandler } from '../ports/job-queue.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';

/** The kind of job that prunes the events outbox. */
export const PRUNE_EVENTS_JOB = 'events.prune';

/**
 * The outbox's housekeeping: removes the events that occurred more than `retentionDays` ago. The job workers run it
 * as maintenance (at most once per their maintenance interval), and as a job of its kind when one is enqueued. It
 * never removes the newest event, so the outbox's highest id (the appended-events figure) never goes back.
 */
export class PruneEvents implements JobHandler {
  readonly kind = PRUNE_EVENTS_JOB;

  constructor(
    private readonly outbox: EventOutbox,
    private readonly uow: UnitOfWork,
    private readonly retentionDays: number,
  ) {}

  /** Removes the events older than the retention at `now`; answers how many. */
  async prune(now: Date): Promise<number> {
    const before = new Date(now.getTime() - this.retentionDays * 86_400_000);
    return this.uow.run(() => this.outbox.prune(before));
  }

  async run(job: Job, finish: (result: JobData) => Promise<void>): Promise<void> {
    const removed = await this.prune(job.created);
    await this.uow.run(() => finish({ removed }));
  }

  async maintain(now: Date): Promise<void> {
    await this.prune(now);
  }
}
