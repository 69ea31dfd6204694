import type { Container } from 'inversify';
import type { Logger } from '../application/ports/logger.js';
import { Database } from '../adapters/persistence/database.js';
import type { RedisRateLimitStore } from '../adapters/rate-limit/redis-rate-limit-store.js';
import type { Config } from './config.js';
import { buildContainer } from './container.js';
import { databaseLocation } from './database-location.js';
import { discoverModules, schemaOf } from './modules.js';
import type { SpindleModule } from './spindle-module.js';

/** An open application: its modules, the migrated database and the container built on them. */
export interface Spindle {
  readonly config: Config;
  readonly modules: readonly SpindleModule[];
  readonly db: Database;
  readonly container: Container;
  /** Runs every module's demo data step, in module order. */
  seedDemo(log: (line: string) => void): Promise<void>;
  /** Closes Redis (when this opened it) and the database (releasing the embedded data folder's lock). */
  close(): Promise<void>;
}

export interface OpenOptions {
  /** The modules to run; every module found in `composition/` by default. */
  readonly modules?: readonly SpindleModule[];
  /** A Redis rate-limit store to use (and close with the application). */
  readonly redisRateLimitStore?: RedisRateLimitStore;
}

/**
 * Opens the database with the modules' schemas, applies pending migrations and builds the container: what `serve`
 * and every command start from, and what embedding programs and tests can use to get the whole application.
 */
export async function openSpindle(config: Config, logger: Logger, options: OpenOptions = {}): Promise<Spindle> {
  const modules = options.modules ?? (await discoverModules());
  const db = await Database.open(databaseLocation(config), schemaOf(modules));
  try {
    const applied = await db.migrate();
    if (applied.length) logger.info({ migrations: applied }, 'migrations applied');
  } catch (err) {
    await db.close();
    throw err;
  }
  const container = buildContainer({ config, logger, db, redisRateLimitStore: options.redisRateLimitStore }, modules);
  return {
    config,
    modules,
    db,
    container,
    async seedDemo(log) {
      for (const m of modules) await m.demo?.(container, log);
    },
    async close() {
      try {
        await options.redisRateLimitStore?.close?.();
      } finally {
        await db.close();
      }
    },
  };
}
