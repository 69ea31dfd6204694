import type { GaugeReading, OperationalGauge } from '../ports/operational-gauge.js';
import type { JobQueue } from '../ports/job-queue.js';

/**
 * How many jobs of each kind wait to be taken: a depth that keeps growing means too few workers, or stuck ones. Every
 * kind this process knows is reported, 0 when none waits, so that a monitor sees a series from the first scrape (an
 * absent series is not a 0 to an alert rule); a kind only the queue knows (another version's) is reported too.
 */
export class JobQueueDepthGauge implements OperationalGauge {
  readonly name = 'spindle_job_queue_depth';
  readonly help = 'Jobs waiting to be taken (pending), by kind';
  readonly labelNames = ['kind'] as const;
  readonly shared = true;

  constructor(
    private readonly queue: JobQueue,
    private readonly kinds: readonly string[] = [],
  ) {}

  async read(): Promise<readonly GaugeReading[]> {
    const waiting = new Map((await this.queue.backlog()).map((b) => [b.kind, b.pending]));
    return everyKind(this.kinds, waiting).map((kind) => ({ labels: { kind }, value: waiting.get(kind) ?? 0 }));
  }
}

/** The kinds to report: those this process knows, then any other the queue holds, each once. */
export function everyKind(known: readonly string[], inQueue: ReadonlyMap<string, unknown>): string[] {
  return [...new Set([...known, ...inQueue.keys()])];
}
