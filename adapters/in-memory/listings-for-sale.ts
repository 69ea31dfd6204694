import type { Listing } from '../../domain/marketplace/listing.js';

/**
 * The For Sale listings of some releases, in id order: what the memory family's market read models read (the
 * figures, release prices, a release's listings to suspend), as the SQL ones read the listing table. The
 * `InMemoryMarketplaceStore` answers it.
 */
export interface ListingsForSale {
  forSaleOf(releaseIds: readonly number[]): Promise<readonly Listing[]>;
}
