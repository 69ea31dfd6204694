import { ratingValue } from './rating-value.js';

/**
 * A user's rating of a release: one per user and release (rating again replaces it), always a whole number from
 * 1 to 5, with when it was last given. A rating that breaks the rule cannot be made: `given` checks a new
 * value (the edge has checked the client's text), `restore` a stored one.
 */
export class ReleaseRating {
  private constructor(
    readonly userId: number,
    readonly releaseId: number,
    readonly rating: number,
    readonly ratedAt: Date,
  ) {}

  /** The user's rating of the release, given at `at`; throws an `invalid` Refusal for one outside 1 to 5. */
  static given(userId: number, releaseId: number, rating: number, at: Date): ReleaseRating {
    return new ReleaseRating(userId, releaseId, ratingValue(rating), at);
  }

  /** A stored rating; throws an `invalid` Refusal when the stored value breaks the rule. */
  static restore(userId: number, releaseId: number, rating: number, ratedAt: Date): ReleaseRating {
    return new ReleaseRating(userId, releaseId, ratingValue(rating), ratedAt);
  }
}
