import { JobWorkerReadiness } from '../../application/health/job-worker-readiness.js';
import { createPinoLogger } from '../../adapters/logging/pino-logger.js';
import { SHUTDOWN_CLOSE_MS } from '../config.js';
import { HEALTH } from '../health/health-tokens.js';
import type { SpindleCommands } from '../spindle-module.js';
import { JOBS } from './jobs-tokens.js';

/**
 * `spindle worker`: runs the background jobs without serving HTTP, until SIGTERM or SIGINT (ADR 0047). With
 * `METRICS_PORT` it answers `/healthz`, `/readyz` (the database, the worker, the shutdown) and `/metrics` there. On the
 * first signal `/readyz` turns 503, the worker takes no more jobs and the job in hand has `SHUTDOWN_GRACE_SECONDS` to
 * end before its lease is given back; then the pools close and the process exits 0. A second signal exits at once.
 */
export const jobsCommands: SpindleCommands = {
  module: 'jobs',
  register(program, context) {
    program
      .command('worker')
      .description('run background jobs (inventory exports and uploads…) without serving HTTP, until stopped')
      .action(async () => {
        const config = context.config();
        await context.withContainer(async (container) => {
          const worker = container.get(JOBS.Worker);
          if (worker.kinds.length === 0) {
            context.io.stderr.write('No module has any kind of job to run.\n');
            return;
          }
          // The server binds the worker's readiness only where it runs one (JOB_WORKER); this process always does.
          if (!config.jobs.workerInServer) container.bind(HEALTH.ReadinessChecks).toConstantValue(new JobWorkerReadiness(worker));
          // The HTTP side, loaded only by this command (the other commands, `spindle import` first, load none of it).
          const { serveMetrics, closeServer } = await import('../server.js');
          const { HTTP } = await import('../http/http-tokens.js');
          const logger = createPinoLogger(config.logLevel, context.io.stdout);
          const probes =
            config.metrics.port === undefined ? undefined : await serveMetrics(container.get(HTTP.HttpApp).metricsCallback(), config, logger);
          const companions = container.isBound(JOBS.Companion) ? container.getAll(JOBS.Companion) : [];
          worker.start();
          for (const companion of companions) companion.start();
          context.io.stderr.write(
            `Running jobs of kinds ${worker.kinds.join(', ')}; stop with Ctrl-C or SIGTERM (the job in hand has ${config.shutdown.graceMs / 1000} s to finish, then is given back).\n`,
          );
          await new Promise<void>((resolve) => {
            let signals = 0;
            const stop = (signal: string) => {
              if (++signals > 1) process.exit(130);
              logger.info({ signal }, 'signal received');
              container.get(HEALTH.Shutdown).begin();
              void Promise.all([worker.stop(config.shutdown.graceMs), ...companions.map((c) => c.stop(config.shutdown.graceMs))])
                .then(() => probes && closeServer(probes))
                .then(() => {
                  // The pool waits for a connection a handler whose job was given back still holds: not for long.
                  setTimeout(() => {
                    logger.warn({ closeSeconds: SHUTDOWN_CLOSE_MS / 1000 }, 'the stores did not close in time; stopped without them');
                    process.exit(0);
                  }, SHUTDOWN_CLOSE_MS).unref();
                  resolve();
                });
            };
            process.on('SIGINT', () => stop('SIGINT'));
            process.on('SIGTERM', () => stop('SIGTERM'));
          });
        });
        // A handler whose job was given back may still hold a timer or a socket; the pools are closed, so end here.
        process.exit(0);
      });
  },
};
