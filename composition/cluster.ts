import cluster, { type Worker } from 'node:cluster';
import type http from 'node:http';
import type { Logger } from '../application/ports/logger.js';
import { ClusterMetrics } from '../adapters/http/metrics/cluster-metrics.js';
import { securityHeaderSettings } from '../adapters/http/middleware/security-headers.js';
import { OperationsLane } from '../adapters/http/operations-lane.js';
import { ClusterRateLimitStore, serveRateLimits } from '../adapters/rate-limit/cluster-rate-limit-store.js';
import { CheckReadiness } from '../application/health/check-readiness.js';
import { ShutdownReadiness } from '../application/health/shutdown-readiness.js';
import { InMemoryRateLimitStore } from '../adapters/rate-limit/in-memory-rate-limit-store.js';
import { RedisRateLimitStore } from '../adapters/rate-limit/redis-rate-limit-store.js';
import { SystemClock } from '../adapters/system/system-clock.js';
import { SHUTDOWN_CLOSE_MS, type Config } from './config.js';
import { closeServer, serveMetrics, startServer, type RunningServer } from './server.js';
import { openSpindle } from './spindle.js';
import { startupErrorMessage, StartupFailed } from './startup-errors.js';

/** A worker's word to the primary that it could not start, with the one line to print. */
interface StartupFailure {
  readonly spindleStartupFailure: string;
}
const isStartupFailure = (m: unknown): m is StartupFailure => typeof (m as StartupFailure | null)?.spindleStartupFailure === 'string';

/** How often workers may die unexpectedly within a minute before the primary gives up. */
const MAX_CRASHES_PER_MINUTE = 5;

/**
 * The primary of a cluster of `config.webConcurrency` workers sharing the port. It applies migrations and the demo
 * data once, checks Redis, then forks the workers; without Redis it keeps the instance's one rate-limit window and
 * answers the workers' hits (so the limit is per instance, as on one process). A worker that dies is replaced; a
 * worker that cannot start (port in use…) stops the whole server with its one-line reason. Resolves with a `stop`
 * that stops every worker gracefully.
 */
export async function startClusterPrimary(config: Config, logger: Logger, options: { demo: boolean }): Promise<{ stop(): Promise<void> }> {
  const setup = await openSpindle(config, logger);
  try {
    if (options.demo) await setup.seedDemo((line) => logger.info({}, line));
  } finally {
    await setup.close();
  }
  if (config.redisUrl) await (await RedisRateLimitStore.open(config.redisUrl, { logger })).close();
  const window = config.redisUrl ? undefined : new InMemoryRateLimitStore(new SystemClock());

  let stopping = false;
  const crashes: number[] = [];
  let failed: ((reason: Error) => void) | undefined;
  const fork = (): Worker => {
    const worker = cluster.fork();
    if (window) serveRateLimits(worker, window);
    worker.on('message', (m: unknown) => {
      if (isStartupFailure(m)) failed?.(new StartupFailed(m.spindleStartupFailure));
    });
    return worker;
  };
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const now = Date.now();
    crashes.push(now);
    while (crashes.length && crashes[0]! < now - 60_000) crashes.shift();
    logger.error({ pid: worker.process.pid, code, signal }, 'worker died');
    if (crashes.length > MAX_CRASHES_PER_MINUTE) {
      logger.error({}, `workers died ${crashes.length} times within a minute; stopping`);
      process.exit(1);
    }
    setTimeout(() => {
      if (!stopping) fork();
    }, 1_000);
  });

  const workers = Array.from({ length: config.webConcurrency }, fork);
  await new Promise<void>((resolve, reject) => {
    failed = reject;
    let listening = 0;
    for (const w of workers) w.once('listening', () => ++listening === workers.length && resolve());
  }).catch(async (err: unknown) => {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM');
    throw err;
  });
  failed = undefined;
  logger.info({ port: config.port, workers: workers.length, baseUrl: config.baseUrl }, 'listening');
  const shutdown = new ShutdownReadiness();
  const metricsServer = config.metrics.port === undefined ? undefined : await serveInstanceMetrics(config, logger, shutdown);

  return {
    stop: async () => {
      stopping = true;
      shutdown.begin();
      const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
      await Promise.all(
        alive.map(
          (w) =>
            new Promise<void>((resolve) => {
              if (w.isDead()) return resolve();
              // A worker ends within the drain, the grace and the close; one that has not some seconds later is killed.
              const late = setTimeout(() => w.process.kill('SIGKILL'), config.shutdown.drainMs + config.shutdown.graceMs + 2 * SHUTDOWN_CLOSE_MS);
              w.once('exit', () => {
                clearTimeout(late);
                resolve();
              });
              w.process.kill('SIGTERM');
            }),
        ),
      );
      if (metricsServer) await closeServer(metricsServer);
    },
  };
}

/**
 * The instance's metrics port, served by the primary (ADR 0047): `/metrics` is the sum of every worker's metrics
 * (prom-client's `AggregatorRegistry` asks each over the cluster's channel; the job queue's gauges, the same in every
 * worker, once), `/healthz` the primary's, `/readyz` not ready once it is stopping. A scrape that a worker does not
 * answer (one being replaced) is a 503.
 */
async function serveInstanceMetrics(config: Config, logger: Logger, shutdown: ShutdownReadiness): Promise<http.Server> {
  const lane = new OperationsLane({
    security: securityHeaderSettings(config),
    readiness: new CheckReadiness([shutdown], config.readinessTimeoutMs),
    metrics: new ClusterMetrics(),
    metricsAccess: { token: undefined, public: false },
  });
  return serveMetrics(lane.metricsListener(), config, logger);
}

/**
 * A cluster worker: serves on the shared port without migrating (the primary did), counting requests in Redis or
 * through the primary. A failure to start is reported to the primary as one line.
 */
export async function startClusterWorker(config: Config, logger: Logger): Promise<RunningServer> {
  const channel = process as unknown as ConstructorParameters<typeof ClusterRateLimitStore>[0];
  try {
    return await startServer(config, logger, {
      demo: false,
      migrate: false,
      clusterMetrics: true,
      rateLimitStore: config.redisUrl ? undefined : new ClusterRateLimitStore(channel),
    });
  } catch (err) {
    const line = startupErrorMessage(err, { databaseUrl: config.databaseUrl }) ?? (err as Error).message;
    process.send?.({ spindleStartupFailure: line } satisfies StartupFailure);
    throw err;
  }
}
