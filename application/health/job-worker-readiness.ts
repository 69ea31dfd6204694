import type { ReadinessCheck } from '../ports/readiness-check.js';

/** What the readiness of a job worker needs to know of it (see `JobWorker`). */
export interface WorkerState {
  /** True between `start` and `stop`. */
  readonly isRunning: boolean;
  /** The kinds of job it runs; a worker with none has nothing to run and is never started. */
  readonly kinds: readonly string[];
}

/**
 * The job worker of a process that runs one (`JOB_WORKER`, `spindle worker`): ready while it runs, or when there is
 * no kind of job for it to run. A worker stopped (the process draining) takes the process out of the balancer.
 */
export class JobWorkerReadiness implements ReadinessCheck {
  readonly name = 'job worker';
  readonly required = true;

  constructor(private readonly worker: WorkerState) {}

  async check(): Promise<string | null> {
    return this.worker.isRunning || this.worker.kinds.length === 0 ? null : 'the job worker is not running';
  }
}
