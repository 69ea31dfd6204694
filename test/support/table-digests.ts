import type pg from 'pg';
import type { Database } from '../../adapters/persistence/database.js';
import { query } from '../../adapters/persistence/mikro-orm-unit-of-work.js';

/** One SQL statement's rows: the way `tableDigests` reads a database. */
export type Rows = (sql: string) => Promise<Record<string, unknown>[]>;

/** The rows of a statement run on an open `Database` (inside the current transaction, if any). */
export const rowsOf =
  (db: Database): Rows =>
  (sql) =>
    query(db.orm, sql);

/** The rows of a statement run on a connected `pg` client (a database the test does not open as Spindle's). */
export const clientRowsOf =
  (client: pg.Client): Rows =>
  async (sql) =>
    (await client.query(sql)).rows as Record<string, unknown>[];

export interface DigestOptions {
  /** The tables left out (counters and sessions that the work under test moves, say). */
  readonly skipTable?: (table: string) => boolean;
  /** The columns left out (the times that differ between two runs of the same work, say). */
  readonly skipColumn?: (table: string, column: string) => boolean;
  /** Also every index's definition, under `(indexes)`: indexes dropped and not built again show. */
  readonly indexes?: boolean;
}

/**
 * What a database holds, table by table of its `public` schema: the row count and an MD5 of the rows' text (the
 * columns kept, in their order; the rows sorted), so that two databases with equal digests hold the same rows.
 */
export async function tableDigests(rows: Rows, options: DigestOptions = {}): Promise<Record<string, string>> {
  const columns = await rows(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
      ORDER BY c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns as { table_name: string; column_name: string }[]) {
    if (options.skipTable?.(table)) continue;
    const kept = tables.get(table) ?? [];
    tables.set(table, kept);
    if (!options.skipColumn?.(table, column)) kept.push(`"${column}"`);
  }
  const digests: Record<string, string> = {};
  for (const [table, kept] of tables) {
    const [row] = await rows(
      `SELECT count(*)::int AS n, md5(string_agg(r, E'\\n' ORDER BY r)) AS digest
         FROM (SELECT ROW(${kept.join(', ')})::text AS r FROM "${table}") t`,
    );
    digests[table] = `${String(row!.n)} ${String(row!.digest ?? '-')}`;
  }
  if (options.indexes) {
    const indexes = await rows(`SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname`);
    digests['(indexes)'] = indexes.map((i) => String(i.indexdef)).join('\n');
  }
  return digests;
}
