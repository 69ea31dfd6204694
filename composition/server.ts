import type { InMemoryStorage } from '../adapters/in-memory/in-memory-storage.js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../application/ports/logger.js';
import type { RateLimitStore } from '../application/ports/rate-limit-store.js';
import { endsWithin } from '../application/shared/ends-within.js';
import { handleClientError } from '../adapters/http/client-errors.js';
import { ConnectionDrain } from '../adapters/http/connection-drain.js';
import { RedisRateLimitStore } from '../adapters/rate-limit/redis-rate-limit-store.js';
import { SHUTDOWN_CLOSE_MS, type Config } from './config.js';
import { CORE } from './core/core-tokens.js';
import { HEALTH } from './health/health-tokens.js';
import { HTTP } from './http/http-tokens.js';
import { openSpindle, type Spindle } from './spindle.js';
import type { SpindleModule } from './spindle-module.js';

/** A listening Spindle server and the way to stop it cleanly. */
export interface RunningServer {
  readonly url: string;
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** Put every module's demo data in place where it has none. */
  readonly demo: boolean;
  /** Apply pending migrations first (default true; cluster workers leave it to the primary). */
  readonly migrate?: boolean;
  /**
   * The rate-limit store when it is not Redis's or this process's own (a cluster worker's, which asks the primary).
   * With REDIS_URL set, Redis is used whatever this says.
   */
  readonly rateLimitStore?: RateLimitStore;
  /** The modules to run; every module found in `composition/` by default (an embedding program or a test adds its own). */
  readonly modules?: readonly SpindleModule[];
  /**
   * On STORAGE=memory, the in-memory storage to serve (one an embedding program filled through `openSpindle`); a new
   * one by default.
   */
  readonly memory?: InMemoryStorage;
  /**
   * A cluster worker's: answer the primary's requests for this process's metrics (it serves the instance's sum on
   * `METRICS_PORT`), and serve no metrics port of its own.
   */
  readonly clusterMetrics?: boolean;
}

/**
 * Opens the storage (the database, applying pending migrations; or memory), puts every module's demo data in place when asked, and serves
 * the API. `stop` drains (ADR 0047): `/readyz` answers 503 at once and every response from then on carries
 * `Connection: close`; the job worker stops taking jobs; after `SHUTDOWN_DRAIN_SECONDS` the listener closes, idle
 * connections with it; requests in flight and the job in hand get `SHUTDOWN_GRACE_SECONDS` to finish, after which
 * the remaining connections are closed and the job's lease is given back; then the background services stop and
 * Redis and the database close (releasing the embedded data folder's lock).
 */
export async function startServer(config: Config, logger: Logger, options: ServerOptions): Promise<RunningServer> {
  const store = config.redisUrl ? await RedisRateLimitStore.open(config.redisUrl, { logger }) : options.rateLimitStore;
  let spindle: Spindle;
  try {
    spindle = await openSpindle(config, logger, { rateLimitStore: store, migrate: options.migrate, modules: options.modules, memory: options.memory });
  } catch (err) {
    await store?.close?.();
    throw err;
  }
  try {
    if (options.demo) await spindle.seedDemo((line) => logger.info({}, line));
    const app = spindle.container.get(HTTP.HttpApp);
    const drain = new ConnectionDrain();
    const server = http.createServer(drain.listener(app.callback()));
    limitRequestTimes(server);
    server.on('clientError', handleClientError);
    await listen(server, config.port, config.host);
    const { port } = server.address() as AddressInfo;
    logger.info({ port, baseUrl: config.baseUrl, storage: spindle.storage, database: spindle.db?.location.kind ?? 'none' }, 'listening');
    if (options.clusterMetrics) spindle.container.get(HTTP.Metrics).shareWithClusterPrimary();
    const metricsServer = config.metrics.port === undefined || options.clusterMetrics ? undefined : await serveMetrics(app.metricsCallback(), config, logger, server);
    const services = spindle.container.isBound(CORE.BackgroundService) ? spindle.container.getAll(CORE.BackgroundService) : [];
    for (const service of services) service.start();
    const shutdown = spindle.container.get(HEALTH.Shutdown);
    const { drainMs, graceMs } = config.shutdown;
    let stopping: Promise<void> | undefined;
    const running = spindle;
    return {
      url: `http://127.0.0.1:${port}`,
      stop: () =>
        (stopping ??= (async () => {
          logger.info({ drainSeconds: drainMs / 1000, graceSeconds: graceMs / 1000 }, 'shutting down');
          const deadline = Date.now() + drainMs + graceMs + SHUTDOWN_CLOSE_MS;
          shutdown.begin();
          drain.begin();
          // The services stop taking work now and have the drain and the grace to end what they hold.
          const servicesStopped = Promise.all(services.map((service) => service.stop(drainMs + graceMs)));
          if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
          const closed = new Promise<void>((resolve) => server.close(() => resolve()));
          server.closeIdleConnections();
          const grace = setTimeout(() => {
            logger.warn({ graceSeconds: graceMs / 1000 }, 'requests still in flight after the grace; their connections are closed');
            server.closeAllConnections();
          }, graceMs);
          await closed;
          clearTimeout(grace);
          if (metricsServer) await closeServer(metricsServer);
          const closing = servicesStopped.then(() => running.close());
          if (await endsWithin(closing, deadline - Date.now())) {
            await closing;
            logger.info({}, 'stopped');
          } else {
            logger.warn({ closeSeconds: SHUTDOWN_CLOSE_MS / 1000 }, 'the job worker or the stores did not let go in time (a job given back may still hold a connection); stopped without them');
          }
        })()),
    };
  } catch (err) {
    await spindle.close();
    throw err;
  }
}

/**
 * The limits on how long a request may take to arrive (ADR 0046): its headers within 20 s, the whole request (an
 * upload of `UPLOAD_MAX_BYTES` included) within 5 minutes, an idle kept-alive connection closed after 5 s (shorter
 * than a balancer's usual idle timeout, so that the balancer never sends on a connection Spindle is closing: set the
 * balancer's below it, or Spindle's `keepAliveTimeout` above the balancer's). The size of a request's headers is
 * Node's limit, 16 KiB (`--max-http-header-size`), answered 431 by `handleClientError`.
 */
export function limitRequestTimes(server: http.Server): void {
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 20_000;
  server.requestTimeout = 300_000;
}

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
}

/**
 * The metrics port (`METRICS_PORT` on `METRICS_HOST`): `/metrics` and the probes, for a monitor on a network the
 * public does not reach. The public server, if any, is closed if it cannot listen, so that the process ends with the
 * reason.
 */
export async function serveMetrics(listener: http.RequestListener, config: Config, logger: Logger, publicServer?: http.Server): Promise<http.Server> {
  const server = http.createServer(listener);
  limitRequestTimes(server);
  server.on('clientError', handleClientError);
  try {
    await listen(server, config.metrics.port!, config.metrics.host);
  } catch (err) {
    if (publicServer) await new Promise<void>((resolve) => publicServer.close(() => resolve()));
    throw err;
  }
  logger.info({ port: (server.address() as AddressInfo).port, host: config.metrics.host }, 'metrics listening');
  return server;
}

/** Closes a server that answers only short requests (the metrics port): its connections too, at once. */
export function closeServer(server: http.Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  return closed;
}
