import { JOB_MIGRATIONS } from '../../adapters/persistence/jobs/migrations/index.js';
import { JOB_SCHEMAS } from '../../adapters/persistence/jobs/job-rows.js';
import type { SpindleSchema } from '../spindle-module.js';

/** The jobs module's tables: entity schemas and migrations (see `SpindleSchema`). */
export const jobsSchema: SpindleSchema = {
  module: 'jobs',
  entities: JOB_SCHEMAS,
  migrations: JOB_MIGRATIONS,
};
