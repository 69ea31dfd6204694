import type { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { query } from '../mikro-orm-unit-of-work.js';

type Row = Record<string, unknown>;

/** Runs one SQL statement with `?` placeholders and gives its rows. */
export type SqlRows = (sql: string, params: readonly unknown[]) => Promise<Row[]>;

/** Through the ORM's connection, in the current unit of work's transaction if there is one (both databases). */
export function ormRows(orm: MikroORM): SqlRows {
  return (sql, params) => query<Row>(orm, sql, params);
}

/**
 * Through a `pg` pool as named prepared statements, one per distinct statement text (PostgreSQL then plans each once
 * per connection: the planning of a list page's joins cost more than running it). For reads of what only the import
 * writes, outside any transaction, on a server; statement texts must not embed values (a bounded set of texts).
 */
export function preparedRows(pool: pg.Pool, prefix = 'spindle_rows'): SqlRows {
  const statements = new Map<string, { readonly name: string; readonly text: string }>();
  return async (sql, params) => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      let n = 0;
      statement = { name: `${prefix}_${statements.size + 1}`, text: sql.replace(/\?/g, () => `$${++n}`) };
      statements.set(sql, statement);
    }
    const { rows } = await pool.query<Row>({ name: statement.name, text: statement.text, values: [...params] });
    return rows;
  };
}
