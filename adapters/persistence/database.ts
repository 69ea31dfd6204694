import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Migrator } from '@mikro-orm/migrations';
import { knex, type Knex, MikroORM, PostgreSqlDriver, PostgreSqlKnexDialect, type Options } from '@mikro-orm/postgresql';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import type { EntitySchema, MigrationObject } from '@mikro-orm/core';
import type { Logger } from '../../application/ports/logger.js';
import { DatabaseOutageMonitor } from './database-outage.js';

/**
 * Where the database lives: a PostgreSQL server, an embedded data folder, or embedded in memory (tests), empty or
 * started from an `image` of another embedded database (`Database.image`).
 */
export type DatabaseLocation =
  | { readonly kind: 'server'; readonly url: string }
  | { readonly kind: 'embedded'; readonly dataDir: string }
  | { readonly kind: 'memory'; readonly image?: DatabaseImage };

/** The files of an embedded database at one moment (a tarball, PGlite's `dumpDataDir`), to start another from. */
export type DatabaseImage = Blob;

/** What the modules of an application put in the database: their entity schemas and their migrations. */
export interface DatabaseSchema {
  readonly entities: readonly EntitySchema[];
  /** Every module's migrations; run in the order of their names (which begin with a timestamp). */
  readonly migrations: readonly MigrationObject[];
}

/** What a connection pool is doing now: connections lent out, connections idle, requests waiting for one. */
export interface PoolUse {
  readonly pool: 'orm' | 'reads';
  readonly used: number;
  readonly idle: number;
  readonly waiting: number;
}

/** The counters of knex's pool (tarn) read for `poolUse`. */
interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

/** An arbitrary constant that names Spindle's migration lock among PostgreSQL advisory locks. */
const MIGRATION_LOCK_KEY = 0x5350_4e44;

/** Thrown when the embedded data folder is already open in another process. */
export class DataFolderLocked extends Error {
  constructor(readonly dataDir: string) {
    super(
      `The data folder ${dataDir} is in use by another Spindle process. ` +
        'Stop that process, or point DATA_DIR at another folder (or set DATABASE_URL to use a PostgreSQL server).',
    );
    this.name = 'DataFolderLocked';
  }
}

/** The type parsers MikroORM installs on its own connections: dates stay strings until the ORM maps them. */
function mikroOrmTypes(): pg.CustomTypesConfig {
  const types = new pg.TypeOverrides();
  for (const oid of [1082, 1114, 1184, 1186]) types.setTypeParser(oid, (s: string) => s);
  return types;
}

/**
 * An open database: the MikroORM instance, and on the embedded path the PGlite instance behind it (one session,
 * so a knex pool of one) and the lock that keeps other processes out of its folder.
 */
export class Database {
  private readPool: pg.Pool | undefined;
  private monitor: DatabaseOutageMonitor | undefined;

  private constructor(
    readonly orm: MikroORM,
    readonly location: DatabaseLocation,
    readonly pglite: PGlite | undefined,
    private readonly releaseLock: (() => Promise<void>) | undefined,
  ) {}

  /**
   * On a server, a plain `pg` pool for the hot reads by primary key (named prepared statements, no ORM in between),
   * opened on first use and closed with the database; undefined on the embedded database (one session, the ORM's).
   */
  hotReadPool(): pg.Pool | undefined {
    if (this.location.kind !== 'server') return undefined;
    if (!this.readPool) {
      this.readPool = new pg.Pool({ connectionString: this.location.url, max: 10, connectionTimeoutMillis: 10_000 });
      // An idle connection that the server drops (a restart, an administrator) is an 'error' event of the pool, which
      // would end the process unheard; the pool discards that connection, and the next query that fails tells the
      // outage monitor.
      this.readPool.on('error', () => undefined);
    }
    return this.readPool;
  }

  /**
   * The database's outage monitor (made on first call, with `logger` to tell outages to; stopped with the database):
   * what tells a request's failure that means the database is away from the rest, for a 503 instead of a 500.
   */
  outages(logger: Logger): DatabaseOutageMonitor {
    this.monitor ??= new DatabaseOutageMonitor({ probe: () => this.orm.em.getConnection().execute('select 1'), logger });
    return this.monitor;
  }

  /**
   * Opens the database at `location` with the schemas and migrations the modules contribute (persistence code
   * names no module: adding one adds its schemas without editing this file).
   */
  static async open(location: DatabaseLocation, schema: DatabaseSchema, options: { debug?: boolean } = {}): Promise<Database> {
    const names = new Set<string>();
    for (const m of schema.migrations) {
      if (names.has(m.name)) throw new Error(`Two modules contribute a migration named ${m.name}`);
      names.add(m.name);
    }
    const base: Options = {
      driver: PostgreSqlDriver,
      entities: [...schema.entities],
      extensions: [Migrator],
      migrations: {
        migrationsList: [...schema.migrations].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
        path: path.resolve('adapters/persistence/migrations'),
        emit: 'ts',
        snapshot: false,
        transactional: true,
        allOrNothing: true,
        silent: true,
      },
      discovery: { warnWhenNoEntities: false },
      allowGlobalContext: false,
      debug: options.debug ?? false,
      // The schema is in migrations; the ORM must never compare or create it on its own at start.
      ensureDatabase: false,
    };
    if (location.kind === 'server') {
      const orm = await MikroORM.init({
        ...base,
        clientUrl: location.url,
        pool: { min: 0, max: 10 },
        driverOptions: {
          // A server that accepts connections but never answers must not hang the start for ever.
          connection: { connectionTimeoutMillis: 10_000 },
          // knex tells the console of every pooled connection the server dropped; the outage monitor tells the log
          // once per outage instead.
          log: { warn: (message: string) => void (/^Connection Error/.test(message) || console.warn(message)) },
        },
      });
      return new Database(orm, location, undefined, undefined);
    }
    let release: (() => Promise<void>) | undefined;
    let dataDir: string | undefined;
    if (location.kind === 'embedded') {
      fs.mkdirSync(location.dataDir, { recursive: true });
      try {
        release = await lockfile.lock(location.dataDir, {
          lockfilePath: path.join(location.dataDir, 'spindle.lock'),
          stale: 15_000,
          update: 5_000,
          onCompromised: (err) => {
            // Another process took the folder over: continuing would corrupt it.
            console.error(`Lost the lock on ${location.dataDir}: ${err.message}`);
            process.exit(70);
          },
        });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataFolderLocked(location.dataDir);
        throw err;
      }
      dataDir = path.join(location.dataDir, 'pgdata');
    }
    try {
      const pglite = await PGlite.create(dataDir ?? 'memory://', {
        extensions: { pg_trgm },
        loadDataDir: location.kind === 'memory' ? location.image : undefined,
      });
      const types = mikroOrmTypes();
      const client = knex({
        client: PostgreSqlKnexDialect as unknown as typeof knex.Client,
        // Each pg client knex creates gets its own wrapper around the one PGlite instance.
        connection: (() => {
          const config = createPgConfig(pglite);
          return { ...config, connection: config.connection, types };
        }) as unknown as Knex.ConnectionConfigProvider,
        // PGlite is a single session: one connection, kept for the life of the process.
        pool: { min: 1, max: 1, idleTimeoutMillis: 2_147_483_647 },
      });
      const orm = await MikroORM.init({ ...base, driverOptions: client, dbName: 'postgres' });
      return new Database(orm, location, pglite, release);
    } catch (err) {
      await release?.();
      throw err;
    }
  }

  /**
   * Applies every pending migration; returns the names applied. On a server, instances starting together take
   * turns through an advisory lock held on a connection of its own, so a migration never runs twice at once.
   */
  async migrate(): Promise<string[]> {
    const up = async () => (await this.orm.getMigrator().up()).map((m) => m.name);
    if (this.location.kind !== 'server') return up();
    const lock = new pg.Client({ connectionString: this.location.url, connectionTimeoutMillis: 10_000 });
    // The connection lost while migrating fails the migration's own queries; as an event it would end the process.
    lock.on('error', () => undefined);
    await lock.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      return await up();
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      await lock.end();
    }
  }

  /**
   * The migrations this code knows that the database has not applied: none once `migrate` has run, some when another
   * version's instance shares the database (a rolling upgrade) or the process was started with migrations left to
   * `spindle migrate` that has not run yet. One read of the migrations table.
   */
  async pendingMigrations(): Promise<string[]> {
    return (await this.orm.getMigrator().getPendingMigrations()).map((m) => m.name);
  }

  /** Answers `select 1` on one of the ORM's connections (what readiness asks of the database). */
  async ping(): Promise<void> {
    await this.orm.em.getConnection().execute('select 1');
  }

  /**
   * How the connection pools are used now: the ORM's (knex's pool: connections in use, idle, and requests waiting
   * for one) and, on a server once opened, the hot reads' `pg` pool. For the operator's metrics.
   */
  poolUse(): readonly PoolUse[] {
    const uses: PoolUse[] = [];
    const knexPool = (this.orm.em.getConnection() as unknown as { getKnex?(): { client?: { pool?: TarnPool } } }).getKnex?.().client?.pool;
    if (knexPool) uses.push({ pool: 'orm', used: knexPool.numUsed(), idle: knexPool.numFree(), waiting: knexPool.numPendingAcquires() });
    const reads = this.readPool;
    if (reads) uses.push({ pool: 'reads', used: reads.totalCount - reads.idleCount, idle: reads.idleCount, waiting: reads.waitingCount });
    return uses;
  }

  /**
   * The files of an embedded database as they are now, from which `{ kind: 'memory', image }` opens a copy: a
   * second database in the same state without running initdb and the migrations again (about a second against
   * three for a fresh, migrated one). Not for a server, whose copies are PostgreSQL's own business.
   */
  async image(): Promise<DatabaseImage> {
    if (!this.pglite) throw new Error('Only an embedded database can be copied into an image');
    return this.pglite.dumpDataDir('none');
  }

  async close(): Promise<void> {
    this.monitor?.close();
    try {
      await this.readPool?.end();
      await this.orm.close(true);
      if (this.pglite && !this.pglite.closed) await this.pglite.close();
    } finally {
      await this.releaseLock?.();
    }
  }
}
