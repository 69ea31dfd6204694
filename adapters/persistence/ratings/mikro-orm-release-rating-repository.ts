import { raw, type MikroORM } from '@mikro-orm/postgresql';
import { ReleaseRating } from '../../../domain/ratings/release-rating.js';
import type { RatingsGiven, ReleaseRatingRepository } from '../../../domain/ratings/release-rating-repository.js';
import { currentEntityManager } from '../mikro-orm-unit-of-work.js';
import { ReleaseRatingRow } from './rating-rows.js';

/**
 * Ratings through the ORM on their entity schema (`release_rating`), in the current unit of work. `put` is one
 * upsert, so simultaneous ratings of one release by one user leave one row; the table's triggers move the release's
 * totals in the same statement.
 */
export class MikroOrmReleaseRatingRepository implements ReleaseRatingRepository {
  constructor(private readonly orm: MikroORM) {}

  async rating(userId: number, releaseId: number): Promise<ReleaseRating | null> {
    const row = await currentEntityManager(this.orm).findOne(ReleaseRatingRow, { user: userId, releaseId }, { disableIdentityMap: true });
    return row ? ReleaseRating.restore(userId, releaseId, Number(row.rating), new Date(row.ratedAt)) : null;
  }

  async put(r: ReleaseRating): Promise<void> {
    await currentEntityManager(this.orm).upsert(
      ReleaseRatingRow,
      { user: r.userId, releaseId: r.releaseId, rating: r.rating, ratedAt: r.ratedAt },
      { disableIdentityMap: true },
    );
  }

  async remove(userId: number, releaseId: number): Promise<boolean> {
    return (await currentEntityManager(this.orm).nativeDelete(ReleaseRatingRow, { user: userId, releaseId })) > 0;
  }

  async givenBy(userId: number): Promise<RatingsGiven> {
    const row = await currentEntityManager(this.orm)
      .createQueryBuilder(ReleaseRatingRow)
      .select([raw('count(*)::int as n'), raw('coalesce(sum(rating), 0)::int as s')])
      .where({ user: userId })
      .execute<{ n: number; s: number }>('get');
    return { count: Number(row.n), sum: Number(row.s) };
  }
}
