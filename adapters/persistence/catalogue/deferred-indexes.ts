import type { SqlImportChannel } from './sql-import-channel.js';
import { literal } from './import-literals.js';

/** An index left out while a table is loaded, and the statements that drop and build it again. */
export interface DeferredIndex {
  readonly name: string;
  readonly drop: string;
  readonly create: string;
}

/** How long to wait for the tables to be free of readers before loading with their indexes instead. */
const LOCK_WAIT = '2s';

/**
 * The indexes of tables being filled from empty, dropped while their rows are loaded and built again, from all the
 * rows at once, before the transaction commits: sorting once costs a fraction of inserting every row into every index
 * (most of PostgreSQL's work during an import, the `release_artist` index on artists above all, whose inserts land
 * all over the tree). The definitions are read from the catalog, so whatever a migration declares is rebuilt as it
 * was; everything happens in the import's transaction, so a rollback leaves the indexes as they were.
 *
 * Dropping takes an exclusive lock on the tables until the commit: readers of them wait for the import (the tables
 * are empty to them until then anyway). If the tables cannot be locked within `LOCK_WAIT` (a long query reading them),
 * nothing is dropped and the rows go into the indexes as they come.
 */
export class DeferredIndexes {
  private constructor(
    private readonly channel: SqlImportChannel,
    private indexes: readonly DeferredIndex[],
  ) {}

  /**
   * Drops the indexes of `tables`, but not the primary keys of `keepPrimaryKeyOf` (the import looks records up by id,
   * and adds words to the search vocabulary by its key) nor an index a foreign key relies on. Returns undefined when there was nothing to drop, or no lock to be had.
   */
  static async drop(
    channel: SqlImportChannel,
    tables: readonly string[],
    keepPrimaryKeyOf: readonly string[],
  ): Promise<DeferredIndexes | undefined> {
    const list = tables.map((t) => `${literal(t)}::regclass`).join(', ');
    const rows = await channel.query(
      `SELECT quote_ident(n.nspname) || '.' || quote_ident(i.relname) AS index,
              quote_ident(n.nspname) || '.' || quote_ident(t.relname) AS "table",
              pg_get_indexdef(x.indexrelid) AS definition,
              quote_ident(c.conname) AS "constraint", pg_get_constraintdef(c.oid) AS constraint_definition
         FROM pg_index x
         JOIN pg_class i ON i.oid = x.indexrelid
         JOIN pg_class t ON t.oid = x.indrelid
         JOIN pg_namespace n ON n.oid = t.relnamespace
         LEFT JOIN pg_constraint c ON c.conindid = x.indexrelid AND c.conrelid = x.indrelid AND c.contype IN ('p', 'u')
        WHERE x.indrelid IN (${list})
          AND NOT (x.indisprimary AND x.indrelid IN (${keepPrimaryKeyOf.map((t) => `${literal(t)}::regclass`).join(', ')}))
          AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = x.indexrelid)
        ORDER BY t.relname, i.relname`,
    );
    if (rows.length === 0) return undefined;
    const indexes = rows.map((r): DeferredIndex => {
      const name = String(r.index);
      if (r.constraint !== null) {
        return {
          name,
          drop: `ALTER TABLE ${String(r.table)} DROP CONSTRAINT ${String(r.constraint)}`,
          create:
            `ALTER TABLE ${String(r.table)} ADD CONSTRAINT ${String(r.constraint)} ` +
            String(r.constraint_definition),
        };
      }
      return { name, drop: `DROP INDEX ${name}`, create: String(r.definition) };
    });
    // A savepoint, so that a lock not granted in time leaves the transaction usable.
    await channel.query('SAVEPOINT defer_indexes');
    try {
      await channel.query(`SET LOCAL lock_timeout = '${LOCK_WAIT}'`);
      for (const index of indexes) await channel.query(index.drop);
      await channel.query('SET LOCAL lock_timeout = DEFAULT');
      await channel.query('RELEASE SAVEPOINT defer_indexes');
    } catch (err) {
      if ((err as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw err;
      await channel.query('ROLLBACK TO SAVEPOINT defer_indexes');
      await channel.query('RELEASE SAVEPOINT defer_indexes');
      return undefined;
    }
    return new DeferredIndexes(channel, indexes);
  }

  /**
   * Indexes an earlier session dropped and committed without building (an import stopped after a checkpoint, which
   * records them: see `definitions`), to be built by this one.
   */
  static restore(channel: SqlImportChannel, indexes: readonly DeferredIndex[]): DeferredIndexes | undefined {
    return indexes.length === 0 ? undefined : new DeferredIndexes(channel, indexes);
  }

  /** The indexes left out and not built yet. */
  definitions(): readonly DeferredIndex[] {
    return this.indexes;
  }

  /** Builds the indexes again (once; later calls do nothing). */
  async build(): Promise<void> {
    const indexes = this.indexes;
    this.indexes = [];
    for (const index of indexes) await this.channel.query(index.create);
  }
}

/** SQLSTATE of a lock not granted within `lock_timeout`. */
const LOCK_NOT_AVAILABLE = '55P03';

