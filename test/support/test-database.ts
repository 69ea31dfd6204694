import { Database, type DatabaseImage } from '../../adapters/persistence/database.js';
import { discoverModules, schemaOf } from '../../composition/modules.js';

/**
 * A freshly migrated embedded database's image, made by the process's first `openTestDatabase` (every suite gets the
 * same schema: every module's).
 */
let migrated: Promise<DatabaseImage> | undefined;

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
  if (migrated) {
    const image = await migrated.catch(() => undefined);
    if (image) {
      const db = await Database.open({ kind: 'memory', image }, schema);
      // (Nothing to apply: the check is one query, and keeps the copy honest if the image ever lags the schema.)
      await db.migrate();
      return db;
    }
  }
  const db = await Database.open({ kind: 'memory' }, schema);
  await db.migrate();
  migrated ??= db.image();
  await migrated.catch(() => undefined);
  return db;
}
