import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { ReleaseRatingRepository } from '../../domain/ratings/release-rating-repository.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import { raterNamed, requireRelease, type UserRatingView } from './rating-access.js';

/**
 * `GET /releases/{id}/rating/{name}`, open to anyone: the user's rating of the release, 0 when they have not rated
 * it (as the public API answers). 404 "Release not found." for an unknown release, the generic 404 for an unknown user.
 */
export class GetUserRating {
  constructor(
    private readonly catalogue: CatalogueReader,
    private readonly users: UserRepository,
    private readonly ratings: ReleaseRatingRepository,
  ) {}

  async execute(input: { readonly releaseId: number; readonly name: string }): Promise<UserRatingView> {
    await requireRelease(this.catalogue, input.releaseId);
    const user = await raterNamed(this.users, input.name);
    const rating = await this.ratings.rating(user.id, input.releaseId);
    return { user, releaseId: input.releaseId, rating: rating?.rating ?? 0 };
  }
}
