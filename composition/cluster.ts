import cluster, { type Worker } from 'node:cluster';
import type { Logger } from '../application/ports/logger.js';
import { ClusterRateLimitStore, serveRateLimits } from '../adapters/rate-limit/cluster-rate-limit-store.js';
import { InMemoryRateLimitStore } from '../adapters/rate-limit/in-memory-rate-limit-store.js';
import { RedisRateLimitStore } from '../adapters/rate-limit/redis-rate-limit-store.js';
import { SystemClock } from '../adapters/system/system-clock.js';
import type { Config } from './config.js';
import { startServer, type RunningServer } from './server.js';
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

  return {
    stop: async () => {
      stopping = true;
      const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
      await Promise.all(
        alive.map(
          (w) =>
            new Promise<void>((resolve) => {
              if (w.isDead()) return resolve();
              w.once('exit', () => resolve());
              w.process.kill('SIGTERM');
            }),
        ),
      );
    },
  };
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
      rateLimitStore: config.redisUrl ? undefined : new ClusterRateLimitStore(channel),
    });
  } catch (err) {
    const line = startupErrorMessage(err, { databaseUrl: config.databaseUrl }) ?? (err as Error).message;
    process.send?.({ spindleStartupFailure: line } satisfies StartupFailure);
    throw err;
  }
}
