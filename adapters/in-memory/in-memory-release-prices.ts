import { releasePriceRanges } from '../../application/marketplace/release-price-ranges.js';
import type { PriceRange, ReleasePrices } from '../../application/ports/release-prices.js';
import { isCatalogueId } from '../../domain/catalogue/catalogue-ids.js';
import type { Currency } from '../../domain/marketplace/currency.js';
import type { CurrencyRateRepository } from '../../domain/marketplace/currency-rate-repository.js';
import type { ListingsForSale } from './listings-for-sale.js';

/**
 * What releases sell for, from their in-memory listings For Sale, converted into the currency asked for through the
 * rate table (`rates`: the cached one) by `releasePriceRanges`, as the SQL adapter does. Listings of a release blocked
 * from sale are suspended, so they count for nothing.
 */
export class InMemoryReleasePrices implements ReleasePrices {
  constructor(
    private readonly listings: ListingsForSale,
    private readonly rates: CurrencyRateRepository,
  ) {}

  async forReleases(releaseIds: readonly number[], currency: Currency): Promise<ReadonlyMap<number, PriceRange>> {
    const ids = [...new Set(releaseIds.filter(isCatalogueId))];
    if (ids.length === 0) return new Map();
    const asking = (await this.listings.forSaleOf(ids)).map((l) => ({ releaseId: l.releaseId, price: l.price }));
    if (asking.length === 0) return new Map();
    const needsRates = asking.some((a) => a.price.currency !== currency);
    const rates = needsRates ? ((await this.rates.current())?.rates ?? null) : null;
    return releasePriceRanges(asking, currency, rates);
  }
}
