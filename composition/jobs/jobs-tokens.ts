import type { JobWorker } from '../../application/jobs/job-worker.js';
import type { JobHandler, JobQueue } from '../../application/ports/job-queue.js';
import { token } from '../token.js';

export const JOBS = {
  /** The job table. */
  Queue: token<JobQueue>('jobs/Queue'),
  /** A slot: each module binds the handlers of its kinds of job here; the worker runs them all. */
  Handler: token<JobHandler>('jobs/Handler'),
  /** This process's worker (runs every bound handler's kind). */
  Worker: token<JobWorker>('jobs/Worker'),
} as const;
