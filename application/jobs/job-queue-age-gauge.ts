import type { Clock } from '../ports/clock.js';
import type { GaugeReading, OperationalGauge } from '../ports/operational-gauge.js';
import type { JobQueue } from '../ports/job-queue.js';

/**
 * How long the oldest waiting job of each kind has waited, in seconds: the figure to alert on, since a short queue
 * whose head never moves is as bad as a long one.
 */
export class JobQueueAgeGauge implements OperationalGauge {
  readonly name = 'spindle_job_queue_oldest_age_seconds';
  readonly help = 'Seconds the oldest job waiting to be taken (pending) has waited, by kind';
  readonly labelNames = ['kind'] as const;
  readonly shared = true;

  constructor(
    private readonly queue: JobQueue,
    private readonly clock: Clock,
  ) {}

  async read(): Promise<readonly GaugeReading[]> {
    const now = this.clock.now().getTime();
    return (await this.queue.backlog()).map((b) => ({ labels: { kind: b.kind }, value: Math.max(0, (now - b.oldestCreated.getTime()) / 1000) }));
  }
}
