import type { CatalogueWriter } from '../../../application/ports/catalogue-writer.js';
import type { Database } from '../database.js';
import { PgliteCatalogueWriter } from './pglite-catalogue-writer.js';
import { PostgresCatalogueWriter } from './postgres-catalogue-writer.js';
import type { SqlWriteOptions } from './sql-catalogue-write-session.js';

/** The bulk writer for the database: COPY over its own connection on a server, the one PGlite session when embedded. */
export function catalogueWriterFor(db: Database, options: SqlWriteOptions = {}): CatalogueWriter {
  if (db.location.kind === 'server') return new PostgresCatalogueWriter(db.location.url, options);
  if (!db.pglite) throw new Error('An embedded database without its PGlite instance');
  return new PgliteCatalogueWriter(db.pglite, options);
}
