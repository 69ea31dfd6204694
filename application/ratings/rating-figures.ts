import type { ReleaseRatingRepository } from '../../domain/ratings/release-rating-repository.js';
import { ratingSummaryOf } from '../ports/community-figures.js';
import type { UserFigures, UserFiguresPart } from '../ports/user-figures.js';

/**
 * The ratings' part of a user's figures: how many releases they rated (`releases_rated`) and the mean of their
 * ratings (`rating_avg`, rounded as a release's community rating is; null when none), counted on each read.
 */
export class RatingFigures implements UserFiguresPart {
  readonly answers = ['releasesRated', 'ratingAverage'] as const;

  constructor(private readonly ratings: ReleaseRatingRepository) {}

  async forUser(userId: number): Promise<Pick<UserFigures, 'releasesRated' | 'ratingAverage'>> {
    const summary = ratingSummaryOf(await this.ratings.givenBy(userId));
    return { releasesRated: summary.count, ratingAverage: summary.average };
  }
}
