import type { CatalogueReader } from '../../application/ports/catalogue-reader.js';
import { storedMarketSummary } from '../../application/marketplace/market-summary.js';
import type { MarketFigures, MarketSummary, StoredLowestPrices } from '../../application/ports/market-figures.js';
import { isCatalogueId } from '../../domain/catalogue/catalogue-ids.js';
import type { Currency } from '../../domain/marketplace/currency.js';
import type { CurrencyRateRepository } from '../../domain/marketplace/currency-rate-repository.js';
import type { Listing } from '../../domain/marketplace/listing.js';
import type { ListingsForSale } from './listings-for-sale.js';

/** Versions of a master read a page at a time. */
const VERSIONS_PAGE = 500;

/**
 * The catalogue's market figures computed from the listings on each read: how many copies are For Sale and the
 * lowest price in each currency (what the SQL family's listing triggers keep on the release rows,
 * `listing_market_refresh_set`), converted through the rate table (`rates`: the cached one) as the SQL adapter
 * converts them. A master's figures add up its versions' (read through the catalogue). Listings of a release blocked
 * from sale are suspended when it is blocked, so it counts none.
 */
export class InMemoryMarketFigures implements MarketFigures {
  constructor(
    private readonly listings: ListingsForSale,
    private readonly catalogue: CatalogueReader,
    private readonly rates: CurrencyRateRepository,
  ) {}

  fromStored(lowest: StoredLowestPrices | null, numForSale: number, currency: Currency): MarketSummary | Promise<MarketSummary> {
    return storedMarketSummary(lowest, numForSale, currency, this.rates);
  }

  async forRelease(releaseId: number, currency: Currency): Promise<MarketSummary> {
    if (!isCatalogueId(releaseId)) return this.fromStored(null, 0, currency);
    return this.summaryOf(await this.listings.forSaleOf([releaseId]), currency);
  }

  async forMaster(masterId: number, currency: Currency): Promise<MarketSummary> {
    if (!isCatalogueId(masterId)) return this.fromStored(null, 0, currency);
    return this.summaryOf(await this.listings.forSaleOf(await this.versionsOf(masterId)), currency);
  }

  private summaryOf(forSale: readonly Listing[], currency: Currency): MarketSummary | Promise<MarketSummary> {
    const { lowestPrices, numForSale } = releaseMarketOf(forSale);
    return this.fromStored(lowestPrices, numForSale, currency);
  }

  /** The ids of every version of the master. */
  private async versionsOf(masterId: number): Promise<number[]> {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const versions = await this.catalogue.masterVersions(masterId, { page, perPage: VERSIONS_PAGE, sortOrder: 'asc' });
      ids.push(...versions.items.map((v) => v.id));
      if (versions.items.length < VERSIONS_PAGE || ids.length >= versions.total) return ids;
    }
  }
}

/**
 * The figures a release row keeps on a database (`num_for_sale`, `lowest_prices`), from its For Sale listings: how
 * many there are, and the lowest asking price in each currency in minor units (null when none).
 */
export function releaseMarketOf(forSale: readonly Listing[]): { readonly numForSale: number; readonly lowestPrices: StoredLowestPrices | null } {
  const lowest = new Map<string, bigint>();
  for (const { price } of forSale) {
    const known = lowest.get(price.currency);
    if (known === undefined || price.minorUnits < known) lowest.set(price.currency, price.minorUnits);
  }
  const lowestPrices = lowest.size === 0 ? null : Object.fromEntries([...lowest].map(([code, minor]) => [code, minor.toString()]));
  return { numForSale: forSale.length, lowestPrices };
}
