import type { CollectionRepository, WantlistRepository } from '../../domain/collection/collection-repository.js';
import type { UserFigures, UserFiguresPart } from '../ports/user-figures.js';

/** The profile's collection and wantlist figures, counted from the stored data on each read. */
export class CollectionFigures implements UserFiguresPart {
  readonly answers = ['numCollection', 'collectionPublic', 'numWantlist', 'wantlistPublic'] as const;

  constructor(
    private readonly collections: CollectionRepository,
    private readonly wants: WantlistRepository,
  ) {}

  async forUser(userId: number): Promise<Partial<UserFigures>> {
    const [collection, numWantlist] = await Promise.all([this.collections.load(userId), this.wants.count(userId)]);
    return {
      numCollection: collection.folders[0]!.count,
      collectionPublic: collection.privacy.collectionPublic,
      numWantlist,
      wantlistPublic: collection.privacy.wantlistPublic,
    };
  }
}
