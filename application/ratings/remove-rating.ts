import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { ReleaseRatingRepository } from '../../domain/ratings/release-rating-repository.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Caller } from '../shared/caller.js';
import { raterNamed, requireRater, requireRelease } from './rating-access.js';

/**
 * `DELETE /releases/{id}/rating/{name}`: the user takes their rating of the release back (204). Removing a rating
 * the user never gave succeeds too, as the public API answers it: afterwards the release is unrated by the user
 * either way, and a client that sends the request twice sees no error. 404 for an unknown release or user, 401/403
 * for anyone but that user.
 */
export class RemoveRating {
  constructor(
    private readonly catalogue: CatalogueReader,
    private readonly users: UserRepository,
    private readonly ratings: ReleaseRatingRepository,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(input: { readonly releaseId: number; readonly name: string; readonly caller: Caller }): Promise<void> {
    await requireRelease(this.catalogue, input.releaseId);
    const user = await raterNamed(this.users, input.name);
    requireRater(input.caller, user);
    await this.uow.run(() => this.ratings.remove(user.id, input.releaseId));
  }
}
