import type { CollectionCounts, CommunityFigures, CommunitySummary } from '../../application/ports/community-figures.js';

const NONE: CollectionCounts = { inCollection: 0, inWantlist: 0 };
const NOBODY: CommunitySummary = { community: NONE, rating: { count: 0, average: null }, user: null };
const NOBODY_BUT_YOU: CommunitySummary = { ...NOBODY, user: NONE };

/**
 * The community figures of a service without collections, wantlists or ratings yet: nobody holds, wants or rated
 * anything, the asking user included. The users and ratings modules replace this binding with figures read from
 * their tables.
 */
export class NoUsersCommunityFigures implements CommunityFigures {
  async forReleases(releaseIds: readonly number[], userId: string | null): Promise<ReadonlyMap<number, CommunitySummary>> {
    return nothingFor(releaseIds, userId);
  }

  async forMasters(masterIds: readonly number[], userId: string | null): Promise<ReadonlyMap<number, CommunitySummary>> {
    return nothingFor(masterIds, userId);
  }
}

function nothingFor(ids: readonly number[], userId: string | null): ReadonlyMap<number, CommunitySummary> {
  const summary = userId === null ? NOBODY : NOBODY_BUT_YOU;
  return new Map(ids.map((id) => [id, summary]));
}
