import type { JobWorker } from '../../application/jobs/job-worker.js';
import type { JobHandler, JobQueue } from '../../application/ports/job-queue.js';
import type { BackgroundService } from '../core/background-service.js';
import { token } from '../token.js';

export const JOBS = {
  /** The job table. */
  Queue: token<JobQueue>('jobs/Queue'),
  /** A slot: each module binds the handlers of its kinds of job here; the worker runs them all. */
  Handler: token<JobHandler>('jobs/Handler'),
  /** This process's worker (runs every bound handler's kind). */
  Worker: token<JobWorker>('jobs/Worker'),
  /**
   * A slot: work that runs wherever jobs run, beside the job worker (webhook delivery): `spindle worker` starts and
   * stops every one bound; a module binds it to `CORE.BackgroundService` too when the server runs jobs (JOB_WORKER).
   */
  Companion: token<BackgroundService>('jobs/Companion'),
} as const;
