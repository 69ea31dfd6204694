import type { Currency } from '../../domain/marketplace/currency.js';

/** What the marketplace says about a release or a master: the lowest price for sale and how many copies are. */
export interface MarketSummary {
  /** Lowest asking price converted into the requested currency, or null when nothing is for sale. */
  readonly lowestPrice: number | null;
  readonly numForSale: number;
}

/** Reads marketplace figures for catalogue pages. */
export interface MarketFigures {
  forRelease(releaseId: number, currency: Currency): Promise<MarketSummary>;
  /** Across every version of the master. */
  forMaster(masterId: number, currency: Currency): Promise<MarketSummary>;
}
