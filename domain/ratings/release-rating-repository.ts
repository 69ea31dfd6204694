import type { ReleaseRating } from './release-rating.js';

/** How many releases a user rated, and the sum of those ratings. */
export interface RatingsGiven {
  readonly count: number;
  readonly sum: number;
}

/**
 * Stores users' ratings of releases, one per user and release. Writes run inside the caller's `UnitOfWork`; the
 * community totals of each release (its count and sum of ratings) change with them, in the same unit of work.
 */
export interface ReleaseRatingRepository {
  /** The user's rating of the release, or null when they have not rated it. */
  rating(userId: number, releaseId: number): Promise<ReleaseRating | null>;
  /** Stores the rating, replacing the user's earlier rating of the same release: a user's rating counts once. */
  put(rating: ReleaseRating): Promise<void>;
  /** Removes the user's rating of the release; false when there was none. */
  remove(userId: number, releaseId: number): Promise<boolean>;
  /** Counted from the stored ratings each time. */
  givenBy(userId: number): Promise<RatingsGiven>;
}
