import { NotFound } from '../errors.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import { ratingSummaryOf, type RatingCounts, type RatingSummary } from '../ports/community-figures.js';

/** The community rating of a release: how many users rated it, and the mean of their ratings (null when none). */
export interface CommunityRatingView {
  readonly releaseId: number;
  readonly rating: RatingSummary;
}

/**
 * `GET /releases/{id}/rating`, open to anyone: the same figures as the release's `community.rating`. The SQL readers
 * give the totals with the release's row (one read); other readers leave them to the rating counts.
 */
export class GetCommunityRating {
  constructor(
    private readonly catalogue: CatalogueReader,
    private readonly counts: RatingCounts,
  ) {}

  async execute(input: { readonly releaseId: number }): Promise<CommunityRatingView> {
    const stored = await this.catalogue.releaseDocument(input.releaseId);
    if (!stored) throw new NotFound('Release not found.');
    if (stored.ratings) return { releaseId: input.releaseId, rating: ratingSummaryOf(stored.ratings) };
    const rating = (await this.counts.forReleases([input.releaseId])).get(input.releaseId);
    if (!rating) throw new Error(`RatingCounts gave no figures for ${input.releaseId}`);
    return { releaseId: input.releaseId, rating };
  }
}
