import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../application/ports/logger.js';
import { Database } from '../adapters/persistence/database.js';
import { RedisRateLimitStore } from '../adapters/rate-limit/redis-rate-limit-store.js';
import { seedDemoData } from './commands/import.js';
import type { Config } from './config.js';
import { buildContainer } from './container.js';
import { databaseLocation } from './database-location.js';
import { TOKENS } from './tokens.js';

/** A listening Spindle server and the way to stop it cleanly. */
export interface RunningServer {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * Opens the database, applies pending migrations, loads the demo data into an empty catalogue when asked, and
 * serves the API. `stop` stops accepting connections, lets requests in flight finish (up to a grace period), then
 * closes Redis and the database (releasing the embedded data folder's lock).
 */
export async function startServer(config: Config, logger: Logger, options: { demo: boolean }): Promise<RunningServer> {
  const db = await Database.open(databaseLocation(config));
  let redisStore: RedisRateLimitStore | undefined;
  try {
    const applied = await db.migrate();
    if (applied.length) logger.info({ migrations: applied }, 'migrations applied');
    if (options.demo) {
      const seeded = await seedDemoData(db, { progress: 'none', log: (line) => logger.info({}, line) });
      if (seeded) logger.info({}, 'demo data imported');
    }
    if (config.redisUrl) redisStore = RedisRateLimitStore.connect(config.redisUrl);
    const container = buildContainer({ config, logger, db, redisRateLimitStore: redisStore });
    const app = container.get(TOKENS.HttpApp);
    const server = http.createServer(app.callback());
    server.keepAliveTimeout = 5_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    logger.info({ port, baseUrl: config.baseUrl, database: db.location.kind }, 'listening');
    let stopping: Promise<void> | undefined;
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
          await redisStore?.close?.();
          await db.close();
          logger.info({}, 'stopped');
        })()),
    };
  } catch (err) {
    await redisStore?.close?.();
    await db.close();
    throw err;
  }
}
