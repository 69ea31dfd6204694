import type { CatalogueReader } from '../../application/ports/catalogue-reader.js';
import type { InventoryPageReader } from '../../application/ports/inventory-page-reader.js';
import type { InventoryWriter, UnsaleableReleases } from '../../application/ports/inventory-writer.js';
import type { BlockedReleases } from '../../domain/marketplace/blocked-releases.js';
import type { Listing, NewListing } from '../../domain/marketplace/listing.js';
import type { ListingRepository } from '../../domain/marketplace/listing-repository.js';

/**
 * An inventory upload's reads and writes for the memory family (and the marketplace store's `inventory`), through the
 * marketplace's ports (its listing repository, a seller's inventory pages, the blocked releases) and the catalogue: a
 * listing at a time, which costs nothing in memory. Runs of the in-memory unit of work are serialised, so a locking read is a read (it refuses to run
 * outside a unit of work, as the SQL one does). The market figures are computed from the listings when read
 * (`InMemoryMarketFigures`), so there is nothing to defer or refresh.
 */
export class InMemoryInventoryWriter implements InventoryWriter {
  constructor(
    private readonly listings: ListingRepository,
    private readonly pages: InventoryPageReader,
    private readonly blocked: BlockedReleases,
    /** Where a release must be for a listing of it; without one, every release is missing. */
    private readonly catalogue: CatalogueReader | undefined,
  ) {}

  async unsaleable(releaseIds: readonly number[]): Promise<UnsaleableReleases> {
    const missing = new Set<number>();
    const blocked = new Set<number>();
    for (const id of new Set(releaseIds)) {
      if (!(await this.catalogue?.release(id))) missing.add(id);
      else if (await this.blocked.isBlocked(id)) blocked.add(id);
    }
    return { missing, blocked };
  }

  async sellerListings(sellerId: number, ids: readonly number[], lock: boolean): Promise<Listing[]> {
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    const found = lock ? await this.listings.lockForUpdate(unique) : await Promise.all(unique.map((id) => this.listings.byId(id)));
    return found.filter((l): l is Listing => l !== null && l.sellerId === sellerId);
  }

  async sellerListingsOfReleases(sellerId: number, releaseIds: readonly number[], lock: boolean): Promise<Listing[]> {
    const wanted = new Set(releaseIds);
    // Sorted by `audio`, a seller's inventory is in listing id order.
    const all = await this.pages.page({ sellerId, statuses: null, sort: 'audio', sortOrder: 'asc', offset: 0, limit: Number.MAX_SAFE_INTEGER });
    const ids = all.listings.filter((l) => wanted.has(l.releaseId)).map((l) => l.id);
    return this.sellerListings(sellerId, ids, lock);
  }

  async addMany(listings: readonly NewListing[]): Promise<Listing[]> {
    const added: Listing[] = [];
    for (const listing of listings) added.push(await this.listings.add(listing));
    return added;
  }

  async saveMany(listings: readonly Listing[]): Promise<void> {
    for (const listing of listings) await this.listings.save(listing);
  }

  async removeMany(sellerId: number, ids: readonly number[]): Promise<number> {
    let removed = 0;
    for (const id of new Set(ids)) {
      if ((await this.listings.byId(id))?.sellerId === sellerId && (await this.listings.remove(id))) removed++;
    }
    return removed;
  }

  async deferMarketFigures(): Promise<void> {}

  async refreshMarketFigures(): Promise<void> {}
}
