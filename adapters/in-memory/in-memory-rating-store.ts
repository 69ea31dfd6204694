import type { CatalogueReader } from '../../application/ports/catalogue-reader.js';
import { ratingSummaryOf, type RatingCounts, type RatingSummary, type RatingTotals } from '../../application/ports/community-figures.js';
import type { ReleaseRating } from '../../domain/ratings/release-rating.js';
import type { ReleaseRatingRepository } from '../../domain/ratings/release-rating-repository.js';
import type { InMemoryTransactional, InMemoryUnitOfWork } from './in-memory-unit-of-work.js';
import type { ErasableStore } from './in-memory-personal-data-eraser.js';

const key = (userId: number, releaseId: number): string => `${userId}/${releaseId}`;

function totalsOf(ratings: Iterable<ReleaseRating>): RatingTotals {
  let count = 0;
  let sum = 0;
  for (const r of ratings) {
    count++;
    sum += r.rating;
  }
  return { count, sum };
}

/**
 * Ratings and their community figures in memory, enlisted in an `InMemoryUnitOfWork` (a failed run puts them back).
 * One rating per user and release, as the table's primary key keeps it; figures are counted on each read. A master's
 * figures count the ratings of its versions, whose master the catalogue given tells (none given: no master has any).
 */
export class InMemoryRatingStore implements InMemoryTransactional, ErasableStore {
  private state = new Map<string, ReleaseRating>();
  readonly ratings: ReleaseRatingRepository;
  readonly counts: RatingCounts;

  constructor(uow: InMemoryUnitOfWork, catalogue?: CatalogueReader) {
    uow.enlist(this);
    const all = (): ReleaseRating[] => [...this.state.values()];

    this.ratings = {
      rating: async (userId, releaseId) => this.state.get(key(userId, releaseId)) ?? null,
      put: async (rating) => {
        this.state.set(key(rating.userId, rating.releaseId), rating);
      },
      remove: async (userId, releaseId) => this.state.delete(key(userId, releaseId)),
      givenBy: async (userId) => totalsOf(all().filter((r) => r.userId === userId)),
    };

    this.counts = this.countsWith(catalogue);
  }

  /** How many ratings a release has and their sum (what its release row's `rating_count` and `rating_sum` are on the database). */
  totalsOf(releaseId: number): RatingTotals {
    return totalsOf([...this.state.values()].filter((r) => r.releaseId === releaseId));
  }

  /**
   * The community figures of releases and masters (what the release rows' `rating_count` and `rating_sum` are on the
   * database, kept there by triggers; counted here on each read), a master's over the versions `catalogue` tells. A
   * memory family makes them once per container, with the catalogue that container reads.
   */
  countsWith(catalogue?: CatalogueReader): RatingCounts {
    /** The summaries of the ids asked, in one pass over the ratings: each counted for the id `keyOf` gives its release. */
    const tally = (ids: readonly number[], keyOf: (releaseId: number) => number | null | undefined): Map<number, RatingSummary> => {
      const totals = new Map(ids.map((id) => [id, { count: 0, sum: 0 }]));
      for (const r of this.state.values()) {
        const key = keyOf(r.releaseId);
        const t = key === null || key === undefined ? undefined : totals.get(key);
        if (!t) continue;
        t.count++;
        t.sum += r.rating;
      }
      return new Map([...totals].map(([id, t]) => [id, ratingSummaryOf(t)]));
    };
    return {
      forReleases: async (ids) => tally(ids, (r) => r),
      forMasters: async (ids) => {
        const masterOf = new Map<number, number | null>();
        for (const releaseId of new Set([...this.state.values()].map((r) => r.releaseId))) {
          masterOf.set(releaseId, (await catalogue?.release(releaseId))?.record.masterId ?? null);
        }
        return tally(ids, (r) => masterOf.get(r));
      },
    };
  }

  eraseUser(userId: number): void {
    for (const [k, r] of [...this.state]) if (r.userId === userId) this.state.delete(k);
  }

  snapshot(): unknown {
    return new Map(this.state);
  }

  restore(snapshot: unknown): void {
    this.state = new Map(snapshot as Map<string, ReleaseRating>);
  }
}
