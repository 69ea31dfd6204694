import type { ReadinessCheck } from '../../application/ports/readiness-check.js';
import type { Database } from './database.js';

/**
 * The database's readiness: it answers a query, and every migration this code knows is applied (an instance of a new
 * version started before `spindle migrate` ran is not ready, rather than failing on a missing column). Reasons name
 * no address and no error text, since `/readyz` answers anyone.
 */
export class SqlReadinessCheck implements ReadinessCheck {
  readonly name = 'database';
  readonly required = true;

  constructor(private readonly db: Database) {}

  async check(): Promise<string | null> {
    try {
      await this.db.ping();
    } catch {
      return 'the database does not answer';
    }
    const pending = await this.db.pendingMigrations();
    return pending.length === 0 ? null : `${pending.length} migration${pending.length === 1 ? '' : 's'} not applied (run spindle migrate)`;
  }
}
