import type { InMemoryTransactional, InMemoryUnitOfWork } from '../../adapters/in-memory/in-memory-unit-of-work.js';
import { Listing, type ListingRecord, type NewListing } from '../../domain/marketplace/listing.js';
import type { InventoryQuery, ListingPage, ListingRepository, PriceObservation } from '../../domain/marketplace/listing-repository.js';

/**
 * Listings in memory for the orders module's use case tests, enlisted in an `InMemoryUnitOfWork`. Inventories sort
 * by posting time and price only (the orders module reads listings by id); `saved` records the order listings were
 * saved in.
 */
export class TestListingRepository implements ListingRepository, InMemoryTransactional {
  // Records, each read restored to a Listing of its own: only `save` changes what is stored.
  private listings = new Map<number, ListingRecord>();
  private lastId = 0;
  readonly saved: number[] = [];

  constructor(private readonly uow: InMemoryUnitOfWork) {
    uow.enlist(this);
  }

  async add(listing: NewListing): Promise<Listing> {
    const stored = { ...listing, id: ++this.lastId };
    this.listings.set(stored.id, stored);
    return Listing.restore(stored);
  }

  async byId(id: number): Promise<Listing | null> {
    const stored = this.listings.get(id);
    return stored ? Listing.restore(stored) : null;
  }

  async lockForUpdate(ids: readonly number[]): Promise<Listing[]> {
    if (!this.uow.active) throw new Error('ListingRepository.lockForUpdate must run inside a unit of work');
    return [...new Set(ids)].sort((a, b) => a - b).flatMap((id) => (this.listings.has(id) ? [Listing.restore(this.listings.get(id)!)] : []));
  }

  async save(listing: Listing): Promise<void> {
    this.saved.push(listing.id);
    if (this.listings.has(listing.id)) this.listings.set(listing.id, listing.toView());
  }

  async remove(id: number): Promise<boolean> {
    return this.listings.delete(id);
  }

  async inventory(q: InventoryQuery): Promise<ListingPage> {
    const key = (l: ListingRecord) => (q.sort === 'price' ? Number(l.price.minorUnits) : l.posted.getTime());
    const all = [...this.listings.values()]
      .filter((l) => l.sellerId === q.sellerId && (q.statuses === null || q.statuses.includes(l.status)))
      .sort((a, b) => (key(a) - key(b) || a.id - b.id) * (q.sortOrder === 'desc' ? -1 : 1));
    return { total: all.length, listings: all.slice(q.offset, q.offset + q.limit).map((l) => Listing.restore(l)) };
  }

  async countForSale(sellerId: number): Promise<number> {
    return [...this.listings.values()].filter((l) => l.sellerId === sellerId && l.status === 'For Sale').length;
  }

  async priceObservations(releaseId: number, soldSince: Date): Promise<PriceObservation[]> {
    return [...this.listings.values()]
      .filter((l) => l.releaseId === releaseId && (l.status === 'For Sale' || (l.status === 'Sold' && l.updated >= soldSince)))
      .map((l) => ({ condition: l.condition, currency: l.price.currency, minorUnits: l.price.minorUnits, sold: l.status === 'Sold' }));
  }

  snapshot(): unknown {
    return { listings: new Map(this.listings), lastId: this.lastId };
  }

  restore(snapshot: unknown): void {
    const s = snapshot as { listings: Map<number, ListingRecord>; lastId: number };
    this.listings = new Map(s.listings);
    this.lastId = s.lastId;
  }
}
