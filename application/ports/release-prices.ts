import type { Currency } from '../../domain/marketplace/currency.js';
import type { Money } from '../../domain/marketplace/money.js';

/** What a release sells for on the marketplace: the lowest, median and highest asking price, in one currency. */
export interface PriceRange {
  readonly minimum: Money;
  readonly median: Money;
  readonly maximum: Money;
}

/**
 * Reads marketplace prices of releases, converted into the currency asked for. The answer holds the releases that
 * have prices (listings for sale); a release with none is left out.
 */
export interface ReleasePrices {
  forReleases(releaseIds: readonly number[], currency: Currency): Promise<ReadonlyMap<number, PriceRange>>;
}

/** Prices where nothing is for sale: no release has any. */
export const NO_RELEASE_PRICES: ReleasePrices = {
  async forReleases() {
    return new Map();
  },
};
