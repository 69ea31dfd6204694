import type { Currency } from '../../domain/marketplace/currency.js';
import type { BlockedReleases } from '../../domain/marketplace/blocked-releases.js';
import type { Money } from '../../domain/marketplace/money.js';
import { NotFound } from '../errors.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import type { MarketFigures } from '../ports/market-figures.js';
import { callerCurrency, type Caller } from '../shared/caller.js';

/** Which release, in which currency (when left out: the calling user's currency, USD for anyone else). */
export interface GetMarketStatsInput {
  readonly releaseId: number;
  readonly currency?: Currency;
  readonly caller: Caller;
}

/** A release's marketplace stats: the lowest price and the count are null when nothing is for sale or it is blocked. */
export interface MarketStats {
  readonly lowestPrice: Money | null;
  readonly numForSale: number | null;
  readonly blockedFromSale: boolean;
}

/**
 * `GET /marketplace/stats/{release_id}`: the lowest asking price of the release (converted into the asked currency)
 * and how many copies are for sale, from the figures its row keeps; whether it is blocked from sale. Throws
 * NotFound("Release not found.") for an unknown release.
 */
export class GetMarketStats {
  constructor(
    private readonly catalogue: CatalogueReader,
    private readonly market: MarketFigures,
    private readonly blocked: BlockedReleases,
  ) {}

  async execute(input: GetMarketStatsInput): Promise<MarketStats> {
    const currency = callerCurrency(input.caller, input.currency);
    const [stored, blockedFromSale] = await Promise.all([this.catalogue.releaseDocument(input.releaseId), this.blocked.isBlocked(input.releaseId)]);
    if (!stored) throw new NotFound('Release not found.');
    if (blockedFromSale) return { lowestPrice: null, numForSale: null, blockedFromSale };
    const summary = stored.market
      ? await this.market.fromStored(stored.market.lowestPrices, stored.market.numForSale, currency)
      : await this.market.forRelease(input.releaseId, currency);
    if (summary.numForSale === 0) return { lowestPrice: null, numForSale: null, blockedFromSale };
    return { lowestPrice: summary.lowestPrice, numForSale: summary.numForSale, blockedFromSale };
  }
}
