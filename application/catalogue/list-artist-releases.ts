import { NotFound } from '../errors.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import { summaryOf, type CommunityFigures, type CommunitySummary } from '../ports/community-figures.js';
import type { Caller } from '../shared/caller.js';
import type { Page } from '../shared/page.js';
import type { ArtistReleaseEntry, ArtistReleasesQuery } from './read-models.js';

/** An entry of an artist's release list with its community figures (a master's across all its versions). */
export interface ArtistReleaseListing {
  readonly entry: ArtistReleaseEntry;
  readonly community: CommunitySummary;
}

/**
 * Lists an artist's masters and releases, sorted, each with its community figures (the caller's own counts too when
 * the caller is a user); throws NotFound("Artist not found.") for an unknown id.
 */
export class ListArtistReleases {
  constructor(
    private readonly catalogue: CatalogueReader,
    private readonly community: CommunityFigures,
  ) {}

  async execute(input: {
    readonly artistId: number;
    readonly query: ArtistReleasesQuery;
    readonly caller?: Caller;
  }): Promise<Page<ArtistReleaseListing>> {
    if (!(await this.catalogue.artist(input.artistId))) throw new NotFound('Artist not found.');
    const page = await this.catalogue.artistReleases(input.artistId, input.query);
    const userId = input.caller?.kind === 'user' ? input.caller.userId : null;
    const idsOf = (type: ArtistReleaseEntry['type']) => page.items.filter((e) => e.type === type).map((e) => e.id);
    const [masters, releases] = await Promise.all([
      this.community.forMasters(idsOf('master'), userId),
      this.community.forReleases(idsOf('release'), userId),
    ]);
    return {
      ...page,
      items: page.items.map((entry) => ({
        entry,
        community: summaryOf(entry.type === 'master' ? masters : releases, entry.id),
      })),
    };
  }
}
