import os from 'node:os';
import { ContainerModule } from 'inversify';
import { JobWorkerReadiness } from '../../application/health/job-worker-readiness.js';
import { JobQueueAgeGauge } from '../../application/jobs/job-queue-age-gauge.js';
import { JobQueueDepthGauge } from '../../application/jobs/job-queue-depth-gauge.js';
import { JobWorker } from '../../application/jobs/job-worker.js';
import type { AccountGuard } from '../../application/ports/account-guard.js';
import type { JobHandler } from '../../application/ports/job-queue.js';
import type { OutageDetector } from '../../application/ports/outage-detector.js';
import type { BackgroundService } from '../core/background-service.js';
import { CORE } from '../core/core-tokens.js';
import { HEALTH } from '../health/health-tokens.js';
import { PERSISTENCE } from '../persistence/persistence-tokens.js';
import type { SpindleModule } from '../spindle-module.js';
import { jobsMemory } from './jobs-memory.js';
import { jobsSql } from './jobs-sql.js';
import { jobsSchema } from './jobs-schema.js';
import { JOBS } from './jobs-tokens.js';

/**
 * Background jobs: the `job` table (`JOBS.Queue`), the `JOBS.Handler` slot other modules bind their kinds of job to,
 * and this process's worker (`JOBS.Worker`), which every server process runs (`JOB_WORKER=false` leaves the jobs to
 * `spindle worker` processes) and `spindle worker` runs alone; the queue's depth and age as gauges, and the worker's
 * readiness where the server runs it. See ADR 0022, ADR 0045.
 */
export const jobsModule: SpindleModule = {
  name: 'jobs',
  schema: jobsSchema,

  adapters: { sql: jobsSql, memory: jobsMemory },

  bindings: ({ config, logger }) =>
    new ContainerModule(({ bind }) => {
      const handlers = { serviceIdentifier: JOBS.Handler, isMultiple: true, optional: true } as const;
      const outages = { serviceIdentifier: PERSISTENCE.Outages, optional: true } as const;
      const actingFor = { serviceIdentifier: PERSISTENCE.AccountGuard, optional: true } as const;
      bind(JOBS.Worker)
        .toResolvedValue(
          (queue, uow, clock, ids, handlers: JobHandler[] | undefined, outages: OutageDetector | undefined, guard: AccountGuard | undefined) =>
            new JobWorker(queue, uow, clock, handlers ?? [], logger.child({ part: 'jobs' }), {
              workerId: `${os.hostname()}/${process.pid}/${ids.next().slice(0, 8)}`,
              leaseMs: config.jobs.leaseSeconds * 1000,
              pollMs: config.jobs.pollMs,
              maintenanceMs: 15 * 60 * 1000,
              maxAttempts: 5,
            }, outages, guard),
          [JOBS.Queue, PERSISTENCE.UnitOfWork, CORE.Clock, CORE.IdGenerator, handlers, outages, actingFor],
        )
        .inSingletonScope();
      // Both gauges report every kind a handler is bound for, 0 when none waits.
      const kindsOf = (handlers: JobHandler[] | undefined) => (handlers ?? []).map((h) => h.kind);
      bind(HEALTH.Gauges)
        .toResolvedValue((queue, handlers: JobHandler[] | undefined) => new JobQueueDepthGauge(queue, kindsOf(handlers)), [JOBS.Queue, handlers])
        .inSingletonScope();
      bind(HEALTH.Gauges)
        .toResolvedValue(
          (queue, clock, handlers: JobHandler[] | undefined) => new JobQueueAgeGauge(queue, clock, kindsOf(handlers)),
          [JOBS.Queue, CORE.Clock, handlers],
        )
        .inSingletonScope();
      if (config.jobs.workerInServer) {
        bind(HEALTH.ReadinessChecks).toResolvedValue((worker) => new JobWorkerReadiness(worker), [JOBS.Worker]).inSingletonScope();
        bind(CORE.BackgroundService)
          .toResolvedValue((worker): BackgroundService => ({ name: 'job worker', start: () => worker.start(), stop: (graceMs) => worker.stop(graceMs) }), [JOBS.Worker])
          .inSingletonScope();
      }
    }),

};
