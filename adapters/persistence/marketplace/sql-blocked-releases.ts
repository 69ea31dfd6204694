import type { MikroORM } from '@mikro-orm/postgresql';
import type { BlockedReleases } from '../../../domain/marketplace/blocked-releases.js';
import { isCatalogueId } from '../../../domain/catalogue/catalogue-ids.js';
import { query } from '../mikro-orm-unit-of-work.js';

/** The releases blocked from sale, in PostgreSQL (and PGlite), through the current unit of work. */
export class SqlBlockedReleases implements BlockedReleases {
  constructor(private readonly orm: MikroORM) {}

  async isBlocked(releaseId: number): Promise<boolean> {
    if (!isCatalogueId(releaseId)) return false;
    const rows = await query(this.orm, 'select 1 as blocked from blocked_release where release_id = ?', [releaseId]);
    return rows.length > 0;
  }

  async setBlocked(releaseId: number, blocked: boolean, reason: string, at: Date): Promise<boolean> {
    const rows = blocked
      ? await query(this.orm, 'insert into blocked_release (release_id, reason, blocked_at) values (?, ?, ?) on conflict do nothing returning 1 as changed', [releaseId, reason, at])
      : await query(this.orm, 'delete from blocked_release where release_id = ? returning 1 as changed', [releaseId]);
    return rows.length > 0;
  }
}
