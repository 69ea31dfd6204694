import type { Clock } from '../ports/clock.js';
import type { GaugeReading, OperationalGauge } from '../ports/operational-gauge.js';
import type { JobQueue } from '../ports/job-queue.js';
import { everyKind } from './job-queue-depth-gauge.js';

/**
 * How long the oldest waiting job of each kind has waited, in seconds: the figure to alert on, since a short queue
 * whose head never moves is as bad as a long one. Every kind this process knows is reported, 0 when none waits (as the
 * depth is).
 */
export class JobQueueAgeGauge implements OperationalGauge {
  readonly name = 'spindle_job_queue_oldest_age_seconds';
  readonly help = 'Seconds the oldest job waiting to be taken (pending) has waited, by kind';
  readonly labelNames = ['kind'] as const;
  readonly shared = true;

  constructor(
    private readonly queue: JobQueue,
    private readonly clock: Clock,
    private readonly kinds: readonly string[] = [],
  ) {}

  async read(): Promise<readonly GaugeReading[]> {
    const now = this.clock.now().getTime();
    const oldest = new Map((await this.queue.backlog()).map((b) => [b.kind, b.oldestCreated.getTime()]));
    return everyKind(this.kinds, oldest).map((kind) => {
      const created = oldest.get(kind);
      return { labels: { kind }, value: created === undefined ? 0 : Math.max(0, (now - created) / 1000) };
    });
  }
}
