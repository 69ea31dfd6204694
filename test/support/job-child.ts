import 'reflect-metadata';
import { createPinoLogger } from '../../adapters/logging/pino-logger.js';
import { JOBS } from '../../composition/jobs/jobs-tokens.js';
import { discoverModules } from '../../composition/modules.js';
import { openSpindle } from '../../composition/spindle.js';
import { slowJobModule } from './slow-job.js';
import { testConfig } from './test-app.js';

/*
 * A worker process for the tests of a worker killed in the middle of a job: the application as `spindle worker` runs
 * it (every module, the composition's worker and settings: JOB_LEASE_SECONDS…) on the database of DATABASE_URL, plus
 * the slow test job, which prints `row <job> <n>` on stdout after writing each row, pausing SLOW_JOB_PAUSE_MS between
 * them. Runs until killed.
 */
const env = process.env;
const config = testConfig({
  DATABASE_URL: env.DATABASE_URL ?? '',
  JOB_LEASE_SECONDS: env.JOB_LEASE_SECONDS ?? '1',
  JOB_POLL_MS: env.JOB_POLL_MS ?? '50',
});
const logger = createPinoLogger(env.LOG_LEVEL ?? 'warn', process.stderr);
const spindle = await openSpindle(config, logger, {
  modules: [...(await discoverModules()), slowJobModule({ pauseMs: Number(env.SLOW_JOB_PAUSE_MS ?? 100), onRow: (job, n) => process.stdout.write(`row ${job.id} ${n}\n`) })],
  migrate: false,
});
const worker = spindle.container.get(JOBS.Worker);
worker.start();
process.stdout.write(`worker ${worker.kinds.join(',')}\n`);
