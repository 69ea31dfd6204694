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
 * container on an open, migrated database (closed again afterwards, whatever happens), or against that database
 * alone: `withDatabase` loads only the modules' schema files, where `withContainer` loads every module.
 */
export interface CommandContext {
  config(): Config;
  withContainer<T>(work: (container: Container) => Promise<T>): Promise<T>;
  withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T>;
}

/**
 * The tables a module adds (entity schemas and migrations), in a file of their own,
 * `composition/<name>/<name>-schema.ts`, which its module file takes its `schema` from: commands that need only the
 * database (`spindle import`, `spindle migrate`) open it with these files alone, without loading the modules'
 * adapters and routes.
 */
export interface SpindleSchema extends Partial<DatabaseSchema> {
  /** The name of the module whose tables these are. */
  readonly module: string;
}

/**
 * A module's `spindle` commands, in a file of their own, `composition/<name>/<name>-commands.ts`: the program loads
 * these to know its commands, and a command loads what it needs when it runs (see `CommandContext`).
 */
export interface SpindleCommands {
  /** The name of the module whose commands these are. */
  readonly module: string;
  /** Adds the commands to the `spindle` program. */
  register(program: Command, context: CommandContext): void;
}

/**
 * One module of the application (catalogue, text, marketplace, identity…), as the composition root sees it: the
 * tables it adds and its container bindings (use cases, adapters, HTTP routes). A module is a folder
 * `composition/<name>/` with a `<name>-module.ts` exporting one, beside its `<name>-schema.ts` if it adds tables and
 * its `<name>-commands.ts` if it adds `spindle` commands; the root finds them there, so adding a module edits no
 * central list.
 */
export interface SpindleModule {
  readonly name: string;
  /** Entity schemas and migrations this module adds to the database: the export of its `<name>-schema.ts`. */
  readonly schema?: SpindleSchema;
  /** The module's bindings; its HTTP routes are bound to `HTTP.Routes`. */
  bindings(runtime: Runtime): ContainerModule;
  /**
   * Puts the module's demo data in place when it has none yet (`spindle serve --demo`, `spindle seed`), so a
   * newcomer sees every feature with content; says what it did through `log`. Modules run in name order, each after
   * the modules its `demoAfter` names.
   */
  demo?(container: Container, log: (line: string) => void): Promise<void>;
  /** Modules whose demo data this module's demo builds on (for example `identity` for the demo users). */
  readonly demoAfter?: readonly string[];
}

/** Whether a value exported by a schema file is a SpindleSchema. */
export function isSpindleSchema(value: unknown): value is SpindleSchema {
  const s = value as Partial<SpindleSchema> | null;
  return typeof s === 'object' && s !== null && typeof s.module === 'string' && (Array.isArray(s.entities) || Array.isArray(s.migrations));
}

/** Whether a value exported by a commands file is a SpindleCommands. */
export function isSpindleCommands(value: unknown): value is SpindleCommands {
  const c = value as Partial<SpindleCommands> | null;
  return typeof c === 'object' && c !== null && typeof c.module === 'string' && typeof c.register === 'function';
}

/** Whether a value exported by a module file is a SpindleModule. */
export function isSpindleModule(value: unknown): value is SpindleModule {
  const m = value as Partial<SpindleModule> | null;
  return typeof m === 'object' && m !== null && typeof m.name === 'string' && typeof m.bindings === 'function';
}
