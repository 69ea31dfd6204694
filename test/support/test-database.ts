import { Database, type DatabaseImage } from '../../adapters/persistence/database.js';
import { discoverModules, schemaOf } from '../../composition/modules.js';

/**
 * A freshly migrated embedded database's image, taken by the process's first `openTestDatabase` (every suite gets the
 * same schema: every module's).
 */
let migrated: DatabaseImage | undefined;

/**
 * Opens a fresh, migrated database for a test suite, with every module's schema: embedded PGlite in memory by
 * default (after the first, a copy of the first as it was once migrated), or the PostgreSQL server named by
 * `DATABASE_URL`, whose `public` schema is dropped and recreated first (suites run one at a time).
 */
export async function openTestDatabase(): Promise<Database> {
  const schema = schemaOf(await discoverModules());
  const url = process.env.DATABASE_URL;
  if (url) {
    const db = await Database.open({ kind: 'server', url }, schema);
    const conn = db.orm.em.getConnection();
    await conn.execute('drop schema if exists public cascade');
    await conn.execute('create schema public');
    await db.migrate();
    return db;
  }
  const db = await Database.open({ kind: 'memory', image: migrated }, schema);
  // (On a copy nothing is left to apply: one query, which keeps the copy honest if the image ever lagged the schema.)
  await db.migrate();
  migrated ??= await db.image();
  return db;
}
