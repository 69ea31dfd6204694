import { NotFound } from '../errors.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import { summaryOf, type CommunityFigures, type CommunitySummary } from '../ports/community-figures.js';
import type { Caller } from '../shared/caller.js';
import type { Page } from '../shared/page.js';
import type { MasterVersion, MasterVersionsQuery } from './read-models.js';

/** A version as listed, with its community figures. */
export interface MasterVersionListing {
  readonly version: MasterVersion;
  readonly community: CommunitySummary;
}

/**
 * Lists a master's versions, filtered and sorted, each with its community figures (the caller's own counts too when
 * the caller is a user); throws NotFound("Master Release not found.") for an unknown id.
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
  }): Promise<Page<MasterVersionListing>> {
    if (!(await this.catalogue.master(input.masterId))) throw new NotFound('Master Release not found.');
    const page = await this.catalogue.masterVersions(input.masterId, input.query);
    const userId = input.caller?.kind === 'user' ? input.caller.userId : null;
    const figures = await this.community.forReleases(page.items.map((v) => v.id), userId);
    return { ...page, items: page.items.map((version) => ({ version, community: summaryOf(figures, version.id) })) };
  }
}
