import type { GaugeReading, OperationalGauge } from '../../application/ports/operational-gauge.js';
import type { Database } from './database.js';

/**
 * The database connection pools' use, a reading per pool and state (`used`, `idle`, `waiting`): a pool with requests
 * waiting for a connection is the first sign of a database that cannot keep up, or a pool too small for the load.
 */
export class SqlPoolGauge implements OperationalGauge {
  readonly name = 'spindle_db_pool_connections';
  readonly help = 'Database pool connections by pool (orm, reads) and state (used, idle, waiting: requests waiting for one)';
  readonly labelNames = ['pool', 'state'] as const;

  constructor(private readonly db: Database) {}

  async read(): Promise<readonly GaugeReading[]> {
    return this.db.poolUse().flatMap((p) => [
      { labels: { pool: p.pool, state: 'used' }, value: p.used },
      { labels: { pool: p.pool, state: 'idle' }, value: p.idle },
      { labels: { pool: p.pool, state: 'waiting' }, value: p.waiting },
    ]);
  }
}
