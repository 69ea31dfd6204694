import type { CommunityFigures, CommunitySummary, Holding, HoldingCounts, RatingCounts, RatingSummary } from '../ports/community-figures.js';

const NONE = { inCollection: 0, inWantlist: 0 } as const;
const UNRATED: RatingSummary = { count: 0, average: null };

/**
 * The community figures of catalogue items, from the parts the modules that hold them answer: collection and wantlist
 * counts from the collection module, ratings from the ratings module. A part no module binds counts nothing (nobody
 * holds anything, nobody rated anything).
 */
export class CommunityFromParts implements CommunityFigures {
  constructor(
    private readonly holdings?: HoldingCounts,
    private readonly ratings?: RatingCounts,
  ) {}

  async forReleases(releaseIds: readonly number[], userId: string | null): Promise<ReadonlyMap<number, CommunitySummary>> {
    const [holdings, ratings] = await Promise.all([this.holdings?.forReleases(releaseIds, userId), this.ratings?.forReleases(releaseIds)]);
    return this.summaries(releaseIds, userId, holdings, ratings);
  }

  async forMasters(masterIds: readonly number[], userId: string | null): Promise<ReadonlyMap<number, CommunitySummary>> {
    const [holdings, ratings] = await Promise.all([this.holdings?.forMasters(masterIds, userId), this.ratings?.forMasters(masterIds)]);
    return this.summaries(masterIds, userId, holdings, ratings);
  }

  private summaries(
    ids: readonly number[],
    userId: string | null,
    holdings: ReadonlyMap<number, Holding> | undefined,
    ratings: ReadonlyMap<number, RatingSummary> | undefined,
  ): Map<number, CommunitySummary> {
    const out = new Map<number, CommunitySummary>();
    for (const id of ids) {
      const held = holdings?.get(id);
      out.set(id, {
        community: held?.community ?? NONE,
        rating: ratings?.get(id) ?? UNRATED,
        user: userId === null ? null : (held?.user ?? NONE),
      });
    }
    return out;
  }
}
