import { Database, type DatabaseSchema } from '../../adapters/persistence/database.js';

/**
 * Opens a fresh database with only `schema` (in memory, or the PostgreSQL server of `DATABASE_URL` with its `public`
 * schema dropped and recreated), runs its migrations, and answers the names of the migrations run and the SQL the
 * ORM would still generate to reach the entity schemas: empty when migrations and entities agree.
 */
export async function migratedSchemaDiff(schema: DatabaseSchema): Promise<{ applied: string[]; diff: string }> {
  const url = process.env.DATABASE_URL;
  const db = await Database.open(url ? { kind: 'server', url } : { kind: 'memory' }, schema);
  try {
    if (url) {
      const conn = db.orm.em.getConnection();
      await conn.execute('drop schema if exists public cascade');
      await conn.execute('create schema public');
    }
    const applied = await db.migrate();
    return { applied, diff: await db.orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false }) };
  } finally {
    await db.close();
  }
}
