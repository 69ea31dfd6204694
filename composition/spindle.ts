import type { Container } from 'inversify';
import { InMemoryStorage } from '../adapters/in-memory/in-memory-storage.js';
import type { Logger } from '../application/ports/logger.js';
import { Database, type DatabaseSchema } from '../adapters/persistence/database.js';
import type { RateLimitStore } from '../application/ports/rate-limit-store.js';
import type { Config, StorageKind } from './config.js';
import { buildContainer, type StorageRuntime } from './container.js';
import { databaseLocation } from './database-location.js';
import { discoverModules, discoverSchemas, schemaOf } from './modules.js';
import type { SpindleModule } from './spindle-module.js';

/** An open application: its modules, the migrated database and the container built on them. */
export interface Spindle {
  readonly config: Config;
  readonly modules: readonly SpindleModule[];
  /** The storage family the application runs on. */
  readonly storage: StorageKind;
  /** The open, migrated database (`storage: 'sql'`); undefined on `storage: 'memory'`, which has none. */
  readonly db: Database | undefined;
  readonly container: Container;
  /** Runs every module's demo data step, in module order. */
  seedDemo(log: (line: string) => void): Promise<void>;
  /** Closes the shared rate-limit store (Redis) and the storage (releasing the embedded data folder's lock). */
  close(): Promise<void>;
}

export interface OpenOptions {
  /** The modules to run; every module found in `composition/` by default. */
  readonly modules?: readonly SpindleModule[];
  /** A shared rate-limit store to use (and close with the application): Redis, or the cluster primary's. */
  readonly rateLimitStore?: RateLimitStore;
  /** Apply pending migrations (default true; cluster workers leave it to the primary). */
  readonly migrate?: boolean;
  /**
   * The storage family (default the configuration's `STORAGE`, itself `sql` by default): `memory` runs the whole
   * service, HTTP included, on the in-memory adapters with no database at all.
   */
  readonly storage?: StorageKind;
  /**
   * The in-memory storage to run on (`storage: 'memory'`); a new one by default. Applications built on one share what it
   * holds; one given here stays open when the application closes (its owner closes it).
   */
  readonly memory?: InMemoryStorage;
}

/**
 * Opens the storage (on `sql`, the database with the modules' schemas, applying pending migrations) and builds the
 * container: what `serve` and every command start from, and what embedding programs and tests can use to get the
 * whole application. `openSpindle(config, logger, { storage: 'memory' })` needs no database.
 */
export async function openSpindle(config: Config, logger: Logger, options: OpenOptions = {}): Promise<Spindle> {
  const modules = options.modules ?? (await discoverModules());
  const storage = options.storage ?? config.storage;
  const base = { config, logger, rateLimitStore: options.rateLimitStore };
  let runtime: StorageRuntime;
  let closeStorage: () => Promise<void>;
  if (storage === 'memory') {
    // A storage given is the caller's (others may be built on it): only one made here is closed with the application.
    const memory = options.memory ?? new InMemoryStorage();
    runtime = { ...base, storage, memory };
    closeStorage = options.memory ? async () => undefined : () => memory.close();
  } else {
    const db = await openDatabase(config, logger, schemaOf(modules), options.migrate !== false);
    runtime = { ...base, storage, db };
    closeStorage = () => db.close();
  }
  let container: Container;
  try {
    container = buildContainer(runtime, modules);
  } catch (err) {
    await closeStorage();
    throw err;
  }
  return {
    config,
    modules,
    storage,
    db: runtime.storage === 'sql' ? runtime.db : undefined,
    container,
    async seedDemo(log) {
      for (const m of demoOrder(modules)) await m.demo?.(container, log);
    },
    async close() {
      try {
        await options.rateLimitStore?.close?.();
      } finally {
        await closeStorage();
      }
    },
  };
}

/**
 * Opens the database with every module's tables, from the modules' schema files alone (`discoverSchemas`), and applies
 * pending migrations: what commands that need only the database start from (`spindle import`, `spindle migrate`),
 * without loading the modules' adapters, routes and bindings.
 */
export async function openMigratedDatabase(config: Config, logger: Logger): Promise<Database> {
  return openDatabase(config, logger, await discoverSchemas(), true);
}

/** Opens the configured database with `schema` and, if asked, applies pending migrations (closing it if they fail). */
async function openDatabase(config: Config, logger: Logger, schema: DatabaseSchema, migrate: boolean): Promise<Database> {
  const db = await Database.open(databaseLocation(config), schema);
  try {
    if (migrate) {
      const applied = await db.migrate();
      if (applied.length) logger.info({ migrations: applied }, 'migrations applied');
    }
    return db;
  } catch (err) {
    await db.close();
    throw err;
  }
}

/**
 * The order modules put their demo data in place: by name, except that a module waits for the modules its `demoAfter`
 * names (the users' side needs the demo users of identity and the releases of the catalogue). A name no module has is
 * ignored; a cycle is an error in the modules, reported as such.
 */
export function demoOrder(modules: readonly SpindleModule[]): SpindleModule[] {
  const present = new Set(modules.map((m) => m.name));
  const done = new Set<string>();
  const order: SpindleModule[] = [];
  const pending = [...modules];
  while (pending.length > 0) {
    const next = pending.findIndex((m) => (m.demoAfter ?? []).every((name) => done.has(name) || !present.has(name)));
    if (next < 0) throw new Error(`The demo data of ${pending.map((m) => m.name).join(', ')} wait for each other`);
    const [m] = pending.splice(next, 1);
    order.push(m!);
    done.add(m!.name);
  }
  return order;
}
