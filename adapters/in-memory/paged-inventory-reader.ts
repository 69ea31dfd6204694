import type { InventoryPageReader } from '../../application/ports/inventory-page-reader.js';
import type { InventoryReader } from '../../application/ports/inventory-reader.js';
import type { ExportedListing } from '../../domain/inventory/inventory-csv.js';
import type { ListingRecord } from '../../domain/marketplace/listing.js';
import { LISTING_STATUSES } from '../../domain/marketplace/listing-status.js';

const exportedOf = ({ sellerId: _s, posted: _p, updated: _u, ...exported }: ListingRecord): ExportedListing => exported;

const EXPORTED_STATUSES = LISTING_STATUSES.filter((s) => s !== 'Deleted');

/**
 * A seller's inventory read a page at a time through the inventory's pages (sorted by `audio`,
 * which orders by listing id alone): for the in-memory repositories, where a page costs nothing.
 */
export class PagedInventoryReader implements InventoryReader {
  constructor(private readonly pages: InventoryPageReader) {}

  async *listings(sellerId: number, batchSize: number): AsyncIterable<readonly ExportedListing[]> {
    for (let offset = 0; ; offset += batchSize) {
      const page = await this.pages.page({ sellerId, statuses: EXPORTED_STATUSES, sort: 'audio', sortOrder: 'asc', offset, limit: batchSize });
      if (page.listings.length > 0) yield page.listings.map((l) => exportedOf(l.toView()));
      if (page.listings.length < batchSize) return;
    }
  }
}
