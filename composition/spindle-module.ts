import type { Command } from 'commander';
import type { ContainerModule, Container } from 'inversify';
import type { Logger } from '../application/ports/logger.js';
import type { RateLimitStore } from '../application/ports/rate-limit-store.js';
import type { Database, DatabaseSchema } from '../adapters/persistence/database.js';
import type { InMemoryStorage } from '../adapters/in-memory/in-memory-storage.js';
import type { Config, StorageKind } from './config.js';

export type { StorageKind } from './config.js';

/**
 * What the composition root opens before the container is built, and hands to every module's bindings: the
 * configuration, the logger and the shared rate-limit store. A module's bindings (use cases, routes, presenters) see
 * tokens only; the storage itself reaches the module's adapter families alone (`SqlRuntime`, `MemoryRuntime`).
 */
export interface Runtime {
  readonly config: Config;
  readonly logger: Logger;
  /** The family the container's persistence adapters come from. */
  readonly storage: StorageKind;
  /**
   * A rate-limit store shared beyond this process (Redis when REDIS_URL is set, or the cluster primary's window in a
   * worker); undefined counts requests in this process.
   */
  readonly rateLimitStore?: RateLimitStore;
}

/** What a module's `sql` family builds its adapters from: the open, migrated database. */
export interface SqlRuntime extends Runtime {
  readonly storage: 'sql';
  readonly db: Database;
}

/** What a module's `memory` family builds its adapters from: the process's in-memory storage. */
export interface MemoryRuntime extends Runtime {
  readonly storage: 'memory';
  readonly memory: InMemoryStorage;
}

/**
 * A module's persistence adapters, by storage family: each binds the same tokens (the module's ports) to its family's
 * adapters. A module without persistence has none; a module with a `sql` family needs a `memory` one to run on
 * `storage: 'memory'` (the container says which module lacks it).
 */
export interface AdapterFamilies {
  readonly sql: (runtime: SqlRuntime) => ContainerModule;
  readonly memory?: (runtime: MemoryRuntime) => ContainerModule;
}

/**
 * What a `spindle` command reads and writes in place of `process`: the real process's for the `spindle` program
 * (`composition/cli.ts`), captured ones for a command run in-process (`runCli`).
 */
export interface CommandIo {
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The folder relative paths (files named on the command line, DATA_DIR) are taken from. */
  readonly cwd: string;
  readonly stdin: NodeJS.ReadableStream & { readonly isTTY?: boolean };
  readonly stdout: NodeJS.WritableStream & { readonly isTTY?: boolean };
  readonly stderr: NodeJS.WritableStream & { readonly isTTY?: boolean };
}

/**
 * What a `spindle` command contributed by a module gets: the configuration, and a way to run work against the
 * container on an open, migrated database (closed again afterwards, whatever happens), or against that database
 * alone: `withDatabase` loads only the modules' schema files, where `withContainer` loads every module.
 */
export interface CommandContext {
  /** Where the command runs: its environment, working folder and standard streams (never `process`'s own). */
  readonly io: CommandIo;
  /** Writes a line to the command's standard output. */
  print(line: string): void;
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
 * tables it adds, its container bindings (use cases, presenters, HTTP routes) and its adapter families. A module is a folder
 * `composition/<name>/` with a `<name>-module.ts` exporting one, beside its `<name>-schema.ts` if it adds tables and
 * its `<name>-commands.ts` if it adds `spindle` commands; the root finds them there, so adding a module edits no
 * central list.
 */
export interface SpindleModule {
  readonly name: string;
  /** Entity schemas and migrations this module adds to the database: the export of its `<name>-schema.ts`. */
  readonly schema?: SpindleSchema;
  /** The module's bindings (use cases, routes, presenters, on tokens only); its HTTP routes are bound to `HTTP.Routes`. */
  bindings(runtime: Runtime): ContainerModule;
  /**
   * The module's persistence adapters by storage family, in files of their own (`<name>-sql.ts`, `<name>-memory.ts`):
   * the composition root loads the chosen family's beside the bindings.
   */
  readonly adapters?: AdapterFamilies;
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
