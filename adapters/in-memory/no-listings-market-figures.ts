import type { MarketFigures, MarketSummary } from '../../application/ports/market-figures.js';

const NOTHING_FOR_SALE: MarketSummary = { lowestPrice: null, numForSale: 0 };

/**
 * The marketplace figures of a service that has no listings (an embedding without the marketplace module, the
 * application tests): nothing is for sale anywhere. The marketplace module binds figures read from its listings.
 */
export class NoListingsMarketFigures implements MarketFigures {
  async forRelease(): Promise<MarketSummary> {
    return NOTHING_FOR_SALE;
  }

  async forMaster(): Promise<MarketSummary> {
    return NOTHING_FOR_SALE;
  }

  fromStored(): MarketSummary {
    return NOTHING_FOR_SALE;
  }
}
