import { NotFound } from '../errors.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import { summaryOf, type CollectionCounts, type CommunityFigures } from '../ports/community-figures.js';

/** `GET /releases/{id}/stats`: how many collections hold the release and how many wantlists want it. */
export class GetReleaseStats {
  constructor(
    private readonly catalogue: CatalogueReader,
    private readonly community: CommunityFigures,
  ) {}

  async execute(input: { releaseId: number }): Promise<CollectionCounts> {
    const stored = await this.catalogue.releaseDocument(input.releaseId);
    if (!stored) throw new NotFound('Release not found.');
    // The SQL readers give the counts with the release's row; others leave them to the community figures.
    return stored.holdings ?? summaryOf(await this.community.forReleases([input.releaseId], null), input.releaseId).community;
  }
}
