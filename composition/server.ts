import type { InMemoryStorage } from '../adapters/in-memory/in-memory-storage.js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../application/ports/logger.js';
import type { RateLimitStore } from '../application/ports/rate-limit-store.js';
import { handleClientError } from '../adapters/http/client-errors.js';
import { RedisRateLimitStore } from '../adapters/rate-limit/redis-rate-limit-store.js';
import type { Config } from './config.js';
import { CORE } from './core/core-tokens.js';
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
}

/**
 * Opens the storage (the database, applying pending migrations; or memory), puts every module's demo data in place when asked, and serves
 * the API. `stop` stops accepting connections, lets requests in flight finish (up to a grace period), then closes
 * Redis and the database (releasing the embedded data folder's lock).
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
    const server = http.createServer(app.callback());
    limitRequestTimes(server);
    server.on('clientError', handleClientError);
    await listen(server, config.port, config.host);
    const { port } = server.address() as AddressInfo;
    logger.info({ port, baseUrl: config.baseUrl, storage: spindle.storage, database: spindle.db?.location.kind ?? 'none' }, 'listening');
    const metricsServer = config.metrics.port === undefined ? undefined : await serveMetrics(app.metricsCallback(), config, logger, server);
    const services = spindle.container.isBound(CORE.BackgroundService) ? spindle.container.getAll(CORE.BackgroundService) : [];
    for (const service of services) service.start();
    let stopping: Promise<void> | undefined;
    const running = spindle;
    return {
      url: `http://127.0.0.1:${port}`,
      stop: () =>
        (stopping ??= (async () => {
          logger.info({}, 'shutting down');
          const closed = new Promise<void>((resolve) => server.close(() => resolve()));
          server.closeIdleConnections();
          const grace = setTimeout(() => server.closeAllConnections(), 10_000);
          await closed;
          clearTimeout(grace);
          if (metricsServer) await new Promise<void>((resolve) => metricsServer.close(() => resolve()));
          for (const service of services) await service.stop();
          await running.close();
          logger.info({}, 'stopped');
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
 * The metrics port (`METRICS_PORT` on `METRICS_HOST`): `/metrics` alone, for a monitor on a network the public does
 * not reach. The public server is closed if it cannot listen, so that the process ends with the reason.
 */
async function serveMetrics(listener: http.RequestListener, config: Config, logger: Logger, publicServer: http.Server): Promise<http.Server> {
  const server = http.createServer(listener);
  limitRequestTimes(server);
  server.on('clientError', handleClientError);
  try {
    await listen(server, config.metrics.port!, config.metrics.host);
  } catch (err) {
    await new Promise<void>((resolve) => publicServer.close(() => resolve()));
    throw err;
  }
  logger.info({ port: (server.address() as AddressInfo).port, host: config.metrics.host }, 'metrics listening');
  return server;
}
