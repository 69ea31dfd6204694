import type { Currency } from '../../domain/marketplace/currency.js';
import type { Money } from '../../domain/marketplace/money.js';

/** What the marketplace says about a release or a master: the lowest price for sale and how many copies are. */
export interface MarketSummary {
  /** Lowest asking price converted into the requested currency, or null when nothing is for sale. */
  readonly lowestPrice: Money | null;
  readonly numForSale: number;
}

/** Reads marketplace figures for catalogue pages; a lowest price is always in the currency asked for. */
export interface MarketFigures {
  forRelease(releaseId: number, currency: Currency): Promise<MarketSummary>;
  /** Across every version of the master. */
  forMaster(masterId: number, currency: Currency): Promise<MarketSummary>;
  /**
   * A release's summary from the figures its row keeps (read with the release, so no query of its own): the lowest
   * price per currency in minor units (null when none) and how many copies are for sale. Answered at once (no
   * promise) when no conversion needs a rate the adapter has to fetch: nothing for sale, or prices in the asked
   * currency alone (most releases, read on the hottest path of the API).
   */
  fromStored(lowest: StoredLowestPrices | null, numForSale: number, currency: Currency): MarketSummary | Promise<MarketSummary>;
}

/** The lowest asking price in each currency, in minor units, as a release row keeps it. */
export type StoredLowestPrices = Readonly<Record<string, number | string>>;

/**
 * The summary as given, after checking the port's promise that a lowest price is in the currency asked for: a price
 * in another currency would be shown as if it were in the asked one, so this throws instead.
 */
export function checkedMarketSummary(summary: MarketSummary, currency: Currency): MarketSummary {
  if (summary.lowestPrice && summary.lowestPrice.currency !== currency) {
    throw new Error(`MarketFigures answered in ${summary.lowestPrice.currency} when asked for ${currency}`);
  }
  return summary;
}
