import type { MikroORM } from '@mikro-orm/postgresql';
import { isCatalogueId } from '../../../domain/catalogue/catalogue-ids.js';
import type { BlockedReleases } from '../../../domain/marketplace/blocked-releases.js';
import { currentEntityManager } from '../mikro-orm-unit-of-work.js';
import { BlockedReleaseRow } from './marketplace-rows.js';

/**
 * The releases blocked from sale through the ORM on their entity schema (`blocked_release`), in the current unit of
 * work. A block is an insert that does nothing when the release is already blocked, an unblock a delete: each says
 * whether it changed a row, so two operators blocking at once see one change between them.
 */
export class MikroOrmBlockedReleases implements BlockedReleases {
  constructor(private readonly orm: MikroORM) {}

  async isBlocked(releaseId: number): Promise<boolean> {
    if (!isCatalogueId(releaseId)) return false;
    return (await currentEntityManager(this.orm).count(BlockedReleaseRow, { releaseId })) > 0;
  }

  async setBlocked(releaseId: number, blocked: boolean, reason: string, at: Date): Promise<boolean> {
    const em = currentEntityManager(this.orm);
    if (!blocked) return (await em.nativeDelete(BlockedReleaseRow, { releaseId })) > 0;
    const inserted = await em
      .createQueryBuilder(BlockedReleaseRow)
      .insert({ releaseId, reason, blockedAt: at })
      .onConflict('releaseId')
      .ignore()
      .execute('run');
    return inserted.affectedRows > 0;
  }
}
