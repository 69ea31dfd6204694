import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261123031457_jobs } from './Migration20261123031457_jobs.js';

/** The jobs module's migrations, in order (see the catalogue's `index.ts` for how modules list them). */
export const JOB_MIGRATIONS: readonly MigrationObject[] = [{ name: 'Migration20261123031457_jobs', class: Migration20261123031457_jobs }];
