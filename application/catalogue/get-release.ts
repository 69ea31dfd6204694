import type { Currency } from '../../domain/marketplace/currency.js';
import type { Release } from '../../domain/catalogue/release.js';
import type { TextFormat } from '../../domain/text/text-format.js';
import { NotFound } from '../errors.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import type { MarketFigures, MarketSummary } from '../ports/market-figures.js';
import type { TextRenderer } from '../text/text-renderer.js';

export interface GetReleaseInput {
  readonly releaseId: number;
  readonly currency: Currency;
  readonly textFormat: TextFormat;
}

/** A release with its notes rendered in the asked text format and its marketplace figures. */
export interface ReleaseView {
  readonly release: Release;
  readonly notes: string;
  readonly dateAdded: Date;
  readonly dateChanged: Date;
  readonly currency: Currency;
  readonly market: MarketSummary;
}

/** Reads one release; throws NotFound("Release not found.") for an unknown id. */
export class GetRelease {
  constructor(
    private readonly catalogue: CatalogueReader,
    private readonly market: MarketFigures,
    private readonly text: TextRenderer,
  ) {}

  async execute(input: GetReleaseInput): Promise<ReleaseView> {
    const stored = await this.catalogue.release(input.releaseId);
    if (!stored) throw new NotFound('Release not found.');
    const [notes, market] = await Promise.all([
      this.text.renderOne(stored.record.notes, input.textFormat),
      this.market.forRelease(input.releaseId, input.currency),
    ]);
    return {
      release: stored.record,
      notes,
      dateAdded: stored.dateAdded,
      dateChanged: stored.dateChanged,
      currency: input.currency,
      market,
    };
  }
}
