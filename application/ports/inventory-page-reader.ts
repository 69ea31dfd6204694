import type { Listing } from '../../domain/marketplace/listing.js';
import type { InventoryQuery, ListingPage } from '../../domain/marketplace/listing-repository.js';

/**
 * Reads listings a page at a time: a seller's inventory (`page`), and the newest listings For Sale of every seller
 * (`recentlyListed`).
 */
export interface InventoryPageReader {
  /**
   * A page of a seller's inventory: the listings of the statuses asked (all when null), sorted on the listing's
   * fields or its release's (title, artist, label, catalogue number: blank for a release the catalogue lacks), ties by
   * listing id in the same direction; and how many match in all.
   */
  page(query: InventoryQuery): Promise<ListingPage>;
  /**
   * The newest `limit` listings For Sale of every seller: latest `posted` first, of the same time the highest id
   * first. One indexed read where the reader has a database (the partial index of the listings For Sale by time).
   */
  recentlyListed(limit: number): Promise<Listing[]>;
}
