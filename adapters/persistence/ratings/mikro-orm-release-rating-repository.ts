import type { MikroORM } from '@mikro-orm/postgresql';
import { ReleaseRating } from '../../../domain/ratings/release-rating.js';
import type { RatingsGiven, ReleaseRatingRepository } from '../../../domain/ratings/release-rating-repository.js';
import { query } from '../mikro-orm-unit-of-work.js';
import { dateOf } from '../sql-values.js';

/**
 * Ratings in PostgreSQL (and PGlite), through the current unit of work. `put` is one upsert, so simultaneous ratings
 * of one release by one user leave one row; the table's triggers move the release's totals in the same statement.
 */
export class MikroOrmReleaseRatingRepository implements ReleaseRatingRepository {
  constructor(private readonly orm: MikroORM) {}

  async rating(userId: number, releaseId: number): Promise<ReleaseRating | null> {
    const [row] = await query(this.orm, 'select rating, rated_at from release_rating where user_id = ? and release_id = ?', [userId, releaseId]);
    return row ? ReleaseRating.restore(userId, releaseId, Number(row.rating), dateOf(row.rated_at)) : null;
  }

  async put(r: ReleaseRating): Promise<void> {
    await query(
      this.orm,
      `insert into release_rating (user_id, release_id, rating, rated_at) values (?, ?, ?, ?)
       on conflict (user_id, release_id) do update set rating = excluded.rating, rated_at = excluded.rated_at`,
      [r.userId, r.releaseId, r.rating, r.ratedAt],
    );
  }

  async remove(userId: number, releaseId: number): Promise<boolean> {
    const gone = await query(this.orm, 'delete from release_rating where user_id = ? and release_id = ? returning 1 as gone', [userId, releaseId]);
    return gone.length > 0;
  }

  async givenBy(userId: number): Promise<RatingsGiven> {
    const [row] = await query(this.orm, 'select count(*)::int as n, coalesce(sum(rating), 0)::int as s from release_rating where user_id = ?', [userId]);
    return { count: Number(row!.n), sum: Number(row!.s) };
  }
}
