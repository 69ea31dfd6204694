import { ContainerModule } from 'inversify';
import type { MikroORM } from '@mikro-orm/postgresql';
import { query } from '../../adapters/persistence/mikro-orm-unit-of-work.js';
import type { JobHandler } from '../../application/ports/job-queue.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import type { Job, JobData } from '../../domain/jobs/job.js';
import { JOBS } from '../../composition/jobs/jobs-tokens.js';
import { PERSISTENCE } from '../../composition/persistence/persistence-tokens.js';
import type { SpindleModule } from '../../composition/spindle-module.js';

/** The kind of job the slow handler runs. */
export const SLOW_JOB_KIND = 'test-slow';

/** The scratch table the slow handler writes its rows to: one row per step of a job, with the attempt that wrote it. */
export async function createSlowJobTable(orm: MikroORM): Promise<void> {
  await query(orm, 'create table if not exists test_slow_job_row (job_id int not null, n int not null, attempt int not null)');
}

/** The rows a job's steps wrote, as [n, attempt], in order (only what is committed, from another session). */
export async function slowJobRows(orm: MikroORM, jobId: number): Promise<[number, number][]> {
  const rows = await query<{ n: number; attempt: number }>(orm, 'select n, attempt from test_slow_job_row where job_id = ? order by n, attempt', [jobId]);
  return rows.map((r) => [Number(r.n), Number(r.attempt)]);
}

/**
 * A job that writes `payload.rows` rows one at a time, pausing between them, all in one unit of work that ends with
 * the job's `finish`: a worker killed half way leaves none of them, and a job run twice would leave them twice.
 */
export class SlowJobHandler implements JobHandler {
  readonly kind = SLOW_JOB_KIND;

  constructor(
    private readonly orm: MikroORM,
    private readonly uow: UnitOfWork,
    private readonly options: { readonly pauseMs?: number; readonly onRow?: (job: Job, n: number) => void } = {},
  ) {}

  run(job: Job, finish: (result: JobData) => Promise<void>): Promise<void> {
    const rows = Number(job.payload.rows);
    return this.uow.run(async () => {
      for (let n = 1; n <= rows; n++) {
        await query(this.orm, 'insert into test_slow_job_row (job_id, n, attempt) values (?, ?, ?)', [job.id, n, job.attempts]);
        this.options.onRow?.(job, n);
        if (this.options.pauseMs) await new Promise((resolve) => setTimeout(resolve, this.options.pauseMs));
      }
      await finish({ rows });
    });
  }
}

/** A module that adds the slow handler to the `JOBS.Handler` slot, as a real module adds its kinds of job. */
export function slowJobModule(options: ConstructorParameters<typeof SlowJobHandler>[2] = {}): SpindleModule {
  return {
    name: 'test-slow-job',
    bindings: () => new ContainerModule(() => undefined),
    adapters: {
      sql: ({ db }) =>
        new ContainerModule(({ bind }) => {
          bind(JOBS.Handler).toResolvedValue((uow) => new SlowJobHandler(db.orm, uow, options), [PERSISTENCE.UnitOfWork]);
        }),
    },
  };
}
