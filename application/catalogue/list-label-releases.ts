import { NotFound } from '../errors.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import { summaryOf, type CommunityFigures, type CommunitySummary } from '../ports/community-figures.js';
import type { Caller } from '../shared/caller.js';
import type { Page, PageRequest } from '../shared/page.js';
import type { LabelReleaseEntry } from './read-models.js';

/** An entry of a label's release list with its release's community figures. */
export interface LabelReleaseListing {
  readonly entry: LabelReleaseEntry;
  readonly community: CommunitySummary;
}

/**
 * Lists the releases of a label (one entry per catalogue number), each with its release's community figures (the
 * caller's own counts too when the caller is a user); throws NotFound("Label not found.").
 */
export class ListLabelReleases {
  constructor(
    private readonly catalogue: CatalogueReader,
    private readonly community: CommunityFigures,
  ) {}

  async execute(input: { readonly labelId: number; readonly page: PageRequest; readonly caller?: Caller }): Promise<Page<LabelReleaseListing>> {
    if (!(await this.catalogue.label(input.labelId))) throw new NotFound('Label not found.');
    const page = await this.catalogue.labelReleases(input.labelId, input.page);
    const userId = input.caller?.kind === 'user' ? input.caller.userId : null;
    const figures = await this.community.forReleases([...new Set(page.items.map((e) => e.id))], userId);
    return { ...page, items: page.items.map((entry) => ({ entry, community: summaryOf(figures, entry.id) })) };
  }
}
