import type { DatabaseLocation } from '../adapters/persistence/database.js';
import type { Config } from './config.js';

/** DATABASE_URL selects a PostgreSQL server; without it, the embedded database in DATA_DIR. */
export function databaseLocation(config: Config): DatabaseLocation {
  return config.databaseUrl ? { kind: 'server', url: config.databaseUrl } : { kind: 'embedded', dataDir: config.dataDir };
}
