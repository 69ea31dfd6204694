import { Database } from '../../adapters/persistence/database.js';

/**
 * Opens a fresh, migrated database for a test suite: embedded PGlite in memory by default, or the PostgreSQL server
 * named by `DATABASE_URL`, whose `public` schema is dropped and recreated first (suites run one at a time).
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const db = await Database.open({ kind: 'server', url });
    const conn = db.orm.em.getConnection();
    await conn.execute('drop schema if exists public cascade');
    await conn.execute('create schema public');
    await db.migrate();
    return db;
  }
  const db = await Database.open({ kind: 'memory' });
  await db.migrate();
  return db;
}
