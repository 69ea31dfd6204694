import { ContainerModule } from 'inversify';
import { SqlJobQueue } from '../../adapters/persistence/jobs/sql-job-queue.js';
import type { SqlRuntime } from '../spindle-module.js';
import { JOBS } from './jobs-tokens.js';
import { SqlPersonalDataEraser } from '../../adapters/persistence/sql-personal-data-eraser.js';
import { IDENTITY } from '../identity/identity-tokens.js';

/** The job queue on the database: leases claimed with `for update skip locked`, so several workers share it (ADR 0023). */
export const jobsSql = ({ db }: SqlRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(JOBS.Queue).toConstantValue(new SqlJobQueue(db.orm));
    bind(IDENTITY.PersonalDataEraser).toConstantValue(new SqlPersonalDataEraser(db.orm, 'inventory jobs', [{ table: 'job', column: 'owner_id' }]));
  });
