import { Database } from '../../adapters/persistence/database.js';
import { discoverModules, schemaOf } from '../../composition/modules.js';

/**
 * Opens a fresh, migrated database for a test suite, with every module's schema: embedded PGlite in memory by
 * default, or the PostgreSQL server named by `DATABASE_URL`, whose `public` schema is dropped and recreated first
 * (suites run one at a time).
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
  const db = await Database.open({ kind: 'memory' }, schema);
  await db.migrate();
  return db;
}
