import type { ForSaleListingsOfRelease } from '../../application/marketplace/market-release-block.js';
import { isCatalogueId } from '../../domain/catalogue/catalogue-ids.js';
import type { ListingsForSale } from './listings-for-sale.js';

/** The ids of a release's For Sale listings, in id order, from the in-memory listings (for blocking it). */
export class InMemoryForSaleListingsOfRelease implements ForSaleListingsOfRelease {
  constructor(private readonly listings: ListingsForSale) {}

  async forSaleIds(releaseId: number): Promise<number[]> {
    if (!isCatalogueId(releaseId)) return [];
    return (await this.listings.forSaleOf([releaseId])).map((l) => l.id);
  }
}
