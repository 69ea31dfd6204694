import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { ReleaseRating } from '../../domain/ratings/release-rating.js';
import type { ReleaseRatingRepository } from '../../domain/ratings/release-rating-repository.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Caller } from '../shared/caller.js';
import type { CheckedInput } from '../shared/checked-input.js';
import { raterNamed, requireRater, requireRelease, type UserRatingView } from './rating-access.js';

/** The body of a rating, checked: the rating, a whole number from 1 to 5. */
export interface RatingInput {
  readonly rating: number;
}

/**
 * `PUT /releases/{id}/rating/{name}`: the user rates the release 1 to 5, replacing their earlier rating (a user's
 * rating counts once, however often it is sent). Checked in the order of the path, then the caller, then the value:
 * 404 for an unknown release or user, 401/403 for anyone but that user, 422 for a value that is not a whole number
 * from 1 to 5 (or none).
 */
export class RateRelease {
  constructor(
    private readonly catalogue: CatalogueReader,
    private readonly users: UserRepository,
    private readonly ratings: ReleaseRatingRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { readonly releaseId: number; readonly name: string; readonly caller: Caller; readonly body: CheckedInput<RatingInput> }): Promise<UserRatingView> {
    await requireRelease(this.catalogue, input.releaseId);
    const user = await raterNamed(this.users, input.name);
    requireRater(input.caller, user);
    const rating = ReleaseRating.given(user.id, input.releaseId, input.body().rating, this.clock.now());
    await this.uow.run(() => this.ratings.put(rating));
    return { user, releaseId: input.releaseId, rating: rating.rating };
  }
}
