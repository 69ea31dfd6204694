import type { GaugeReading, OperationalGauge } from '../ports/operational-gauge.js';
import type { JobQueue } from '../ports/job-queue.js';

/** How many jobs of each kind wait to be taken: a depth that keeps growing means too few workers, or stuck ones. */
export class JobQueueDepthGauge implements OperationalGauge {
  readonly name = 'spindle_job_queue_depth';
  readonly help = 'Jobs waiting to be taken (pending), by kind';
  readonly labelNames = ['kind'] as const;
  readonly shared = true;

  constructor(private readonly queue: JobQueue) {}

  async read(): Promise<readonly GaugeReading[]> {
    return (await this.queue.backlog()).map((b) => ({ labels: { kind: b.kind }, value: b.pending }));
  }
}
