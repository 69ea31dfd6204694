import { NotFound } from '../errors.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import { summaryOf, type CommunityFigures, type CommunitySummary } from '../ports/community-figures.js';
import type { Caller } from '../shared/caller.js';
import type { Page } from '../shared/page.js';
import type { MasterVersion, MasterVersionsQuery, VersionFacetCounts, VersionFilters } from './read-models.js';
import { VERSION_FACETS } from '../../domain/catalogue/version-facets.js';

/** A version as listed, with its community figures. */
export interface MasterVersionListing {
  readonly version: MasterVersion;
  readonly community: CommunitySummary;
}

/** A page of a master's versions, the filters applied (as given) and the facets under them. */
export interface MasterVersionsPage extends Page<MasterVersionListing> {
  readonly applied: VersionFilters;
  readonly facets: VersionFacetCounts;
}

/**
 * Lists a master's versions, filtered and sorted, each with its community figures (the caller's own counts too when
 * the caller is a user), with the facets of the master's versions under the filters; throws NotFound("Master Release
 * not found.") for an unknown id.
 */
export class ListMasterVersions {
  constructor(
    private readonly catalogue: CatalogueReader,
    private readonly community: CommunityFigures,
  ) {}

  async execute(input: {
    readonly masterId: number;
    readonly query: MasterVersionsQuery;
    readonly caller?: Caller;
  }): Promise<MasterVersionsPage> {
    if (!(await this.catalogue.master(input.masterId))) throw new NotFound('Master Release not found.');
    const applied: Record<string, readonly string[]> = {};
    for (const { id } of VERSION_FACETS) {
      const values = input.query[id];
      if (values !== undefined && values.length > 0) applied[id] = values;
    }
    const [page, facets] = await Promise.all([
      this.catalogue.masterVersions(input.masterId, input.query),
      this.catalogue.masterVersionFacets(input.masterId, applied),
    ]);
    const userId = input.caller?.kind === 'user' ? input.caller.userId : null;
    const figures = await this.community.forReleases(page.items.map((v) => v.id), userId);
    return {
      ...page,
      items: page.items.map((version) => ({ version, community: summaryOf(figures, version.id) })),
      applied,
      facets,
    };
  }
}
