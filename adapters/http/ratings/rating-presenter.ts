import type { CommunityRatingView } from '../../../application/ratings/get-community-rating.js';
import type { UserRatingView } from '../../../application/ratings/rating-access.js';
import type { ApiSchema } from '../api-shapes.js';
import { loginOf, type Dialect } from '../catalogue/catalogue-presenter.js';

/**
 * Shapes ratings into the API's JSON, in the public API's key order: a user's rating names the rater as the dialect
 * does (`name` plus `username` in the spec dialect, `username` in the Discogs one); a community rating shows an
 * average of 0 when nobody rated the release, as the public API does. The shapes are docs/openapi.yaml's (`ApiSchema`).
 */
export class RatingPresenter {
  constructor(private readonly dialect: Dialect) {}

  userRating(v: UserRatingView): ApiSchema<'UserRating'> {
    const login = loginOf(this.dialect, v.user.username);
    return { ...login, release_id: v.releaseId, rating: v.rating };
  }

  communityRating(v: CommunityRatingView): ApiSchema<'CommunityRating'> {
    return { rating: { count: v.rating.count, average: v.rating.average ?? 0 }, release_id: v.releaseId };
  }
}
