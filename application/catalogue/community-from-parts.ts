import type { CommunityFigures, CommunitySummary, Holding, HoldingCounts } from '../ports/community-figures.js';

const NONE = { inCollection: 0, inWantlist: 0 } as const;

/**
 * The community figures of catalogue items, from the parts the modules that hold them answer: collection and wantlist
 * counts from the collection module (none bound: nobody holds anything). Ratings are nobody's until a module
 * counts them.
 */
export class CommunityFromParts implements CommunityFigures {
  constructor(private readonly holdings?: HoldingCounts) {}

  async forReleases(releaseIds: readonly number[], userId: string | null): Promise<ReadonlyMap<number, CommunitySummary>> {
    return this.summaries(releaseIds, userId, this.holdings && (await this.holdings.forReleases(releaseIds, userId)));
  }

  async forMasters(masterIds: readonly number[], userId: string | null): Promise<ReadonlyMap<number, CommunitySummary>> {
    return this.summaries(masterIds, userId, this.holdings && (await this.holdings.forMasters(masterIds, userId)));
  }

  private summaries(ids: readonly number[], userId: string | null, holdings: ReadonlyMap<number, Holding> | undefined): Map<number, CommunitySummary> {
    const out = new Map<number, CommunitySummary>();
    for (const id of ids) {
      const held = holdings?.get(id);
      out.set(id, {
        community: held?.community ?? NONE,
        rating: { count: 0, average: null },
        user: userId === null ? null : (held?.user ?? NONE),
      });
    }
    return out;
  }
}
