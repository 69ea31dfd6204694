import type { Command } from 'commander';
import type { ContainerModule, Container } from 'inversify';
import type { Logger } from '../application/ports/logger.js';
import type { RateLimitStore } from '../application/ports/rate-limit-store.js';
import type { Database, DatabaseSchema } from '../adapters/persistence/database.js';
import type { Config } from './config.js';

/** What the composition root opens before the container is built, and hands to every module's bindings. */
export interface Runtime {
  readonly config: Config;
  readonly logger: Logger;
  readonly db: Database;
  /**
   * A rate-limit store shared beyond this process (Redis when REDIS_URL is set, or the cluster primary's window in a
   * worker); undefined counts requests in this process.
   */
  readonly rateLimitStore?: RateLimitStore;
}

/**
 * What a `spindle` command contributed by a module gets: the configuration, and a way to run work against the
 * container on an open, migrated database (closed again afterwards, whatever happens).
 */
export interface CommandContext {
  config(): Config;
  withContainer<T>(work: (container: Container) => Promise<T>): Promise<T>;
}

/**
 * One module of the application (catalogue, text, marketplace, identity…), as the composition root sees it: the
 * tables it adds, its container bindings (use cases, adapters, HTTP routes), and its `spindle` commands. A module is a
 * folder `composition/<name>/` with a `<name>-module.ts` exporting one; the root finds it there, so adding a module
 * edits no central list.
 */
export interface SpindleModule {
  readonly name: string;
  /** Entity schemas and migrations this module adds to the database. */
  readonly schema?: Partial<DatabaseSchema>;
  /** The module's bindings; its HTTP routes are bound to `HTTP.Routes`. */
  bindings(runtime: Runtime): ContainerModule;
  /** Adds the module's commands to the `spindle` program. */
  commands?(program: Command, context: CommandContext): void;
  /**
   * Puts the module's demo data in place when it has none yet (`spindle serve --demo`, `spindle seed`), so a
   * newcomer sees every feature with content; says what it did through `log`. Modules run in name order, each after
   * the modules its `demoAfter` names.
   */
  demo?(container: Container, log: (line: string) => void): Promise<void>;
  /** Modules whose demo data this module's demo builds on (for example `identity` for the demo users). */
  readonly demoAfter?: readonly string[];
}

/** Whether a value exported by a module file is a SpindleModule. */
export function isSpindleModule(value: unknown): value is SpindleModule {
  const m = value as Partial<SpindleModule> | null;
  return typeof m === 'object' && m !== null && typeof m.name === 'string' && typeof m.bindings === 'function';
}
