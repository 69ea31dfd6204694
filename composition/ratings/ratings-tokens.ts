import type { GetCommunityRating } from '../../application/ratings/get-community-rating.js';
import type { GetUserRating } from '../../application/ratings/get-user-rating.js';
import type { RateRelease } from '../../application/ratings/rate-release.js';
import type { RemoveRating } from '../../application/ratings/remove-rating.js';
import type { ReleaseRatingRepository } from '../../domain/ratings/release-rating-repository.js';
import { token } from '../token.js';

export const RATINGS = {
  Repository: token<ReleaseRatingRepository>('ratings/Repository'),
  GetUserRating: token<GetUserRating>('ratings/GetUserRating'),
  RateRelease: token<RateRelease>('ratings/RateRelease'),
  RemoveRating: token<RemoveRating>('ratings/RemoveRating'),
  GetCommunityRating: token<GetCommunityRating>('ratings/GetCommunityRating'),
} as const;
