import type { InventoryQuery, ListingPage } from '../../domain/marketplace/listing-repository.js';

/**
 * Reads a seller's inventory a page at a time: the listings of the statuses asked (all when null), sorted on the
 * listing's fields or its release's (title, artist, label, catalogue number: blank for a release the catalogue lacks),
 * ties by listing id in the same direction; and how many match in all.
 */
export interface InventoryPageReader {
  page(query: InventoryQuery): Promise<ListingPage>;
}
