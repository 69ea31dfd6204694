import type { CatalogueReader } from '../../application/ports/catalogue-reader.js';
import type { InventoryPageReader } from '../../application/ports/inventory-page-reader.js';
import type { InventoryWriter } from '../../application/ports/inventory-writer.js';
import { InMemoryInventoryWriter } from './in-memory-inventory-writer.js';
import { releaseListing } from '../../domain/catalogue/release-summary.js';
import type { BlockedReleases } from '../../domain/marketplace/blocked-releases.js';
import { Listing, type ListingRecord } from '../../domain/marketplace/listing.js';
import type { ListingRepository } from '../../domain/marketplace/listing-repository.js';
import type { InventorySort } from '../../domain/marketplace/inventory-sort.js';
import type { SellerSettings } from '../../domain/marketplace/seller.js';
import type { SellerRepository } from '../../domain/marketplace/seller-repository.js';
import type { InMemoryTransactional, InMemoryUnitOfWork } from './in-memory-unit-of-work.js';
import type { ErasableStore } from './in-memory-personal-data-eraser.js';

interface State {
  /** The listings' records: each read gives a Listing of its own, so only `save` changes what is stored. */
  readonly listings: Map<number, ListingRecord>;
  readonly sellers: Map<number, SellerSettings>;
  readonly blocked: Map<number, { reason: string; at: Date }>;
  nextId: number;
}

type Key = string | number | bigint | boolean;

const restored = (record: ListingRecord | undefined): Listing | null => (record ? Listing.restore(record) : null);

/**
 * Listings, sellers' settings and blocked releases in memory, enlisted in an `InMemoryUnitOfWork` (a failed run puts
 * them back). Ids are given in order from 1. Inventories sort as the SQL adapter does: artist, title,
 * label and catalogue number from the catalogue given (blank for a release it does not hold), prices by minor units
 * whatever their currency, ties by listing id in the same direction; text compares by code point. Runs of the unit
 * of work are serialised, so `lockForUpdate` needs no lock of its own; it refuses to run outside one, like the SQL one.
 */
export class InMemoryMarketplaceStore implements InMemoryTransactional, ErasableStore {
  private state: State = { listings: new Map(), sellers: new Map(), blocked: new Map(), nextId: 1 };
  readonly listings: ListingRepository;
  /** A seller's inventory pages, sorted on the listings' and their releases' fields. */
  readonly inventoryPages: InventoryPageReader;
  readonly sellers: SellerRepository;
  readonly blocked: BlockedReleases;
  /** The same listings written in bulk, as inventory uploads do. */
  readonly inventory: InventoryWriter;

  constructor(uow: InMemoryUnitOfWork, catalogue?: CatalogueReader) {
    uow.enlist(this);
    const s = (): State => this.state;
    const columns = async (releaseId: number) => {
      const stored = await catalogue?.release(releaseId);
      if (!stored) return { title: '', artist: '', label: '', catno: '' };
      const row = releaseListing(stored.record);
      return { title: stored.record.title, artist: row.artist, label: row.label, catno: row.catno };
    };
    const sortKey = async (l: ListingRecord, sort: InventorySort): Promise<Key> => {
      switch (sort) {
        case 'listed':
          return l.posted.getTime();
        case 'price':
          return l.price.minorUnits;
        case 'item':
          return (await columns(l.releaseId)).title;
        case 'artist':
          return (await columns(l.releaseId)).artist;
        case 'label':
          return (await columns(l.releaseId)).label;
        case 'catno':
          return (await columns(l.releaseId)).catno;
        case 'audio':
          return false;
        case 'status':
          return l.status;
        case 'location':
          return l.location ?? '';
      }
    };

    this.listings = {
      add: async (listing) => {
        const added: ListingRecord = { ...listing, id: s().nextId++ };
        s().listings.set(added.id, added);
        return Listing.restore(added);
      },
      byId: async (id) => restored(s().listings.get(id)),
      lockForUpdate: async (ids) => {
        if (!uow.active) throw new Error('ListingRepository.lockForUpdate must run inside a unit of work');
        return [...new Set(ids)].sort((a, b) => a - b).flatMap((id) => restored(s().listings.get(id)) ?? []);
      },
      save: async (listing) => {
        if (s().listings.has(listing.id)) s().listings.set(listing.id, listing.toView());
      },
      remove: async (id) => s().listings.delete(id),
      countForSale: async (sellerId) => [...s().listings.values()].filter((l) => l.sellerId === sellerId && l.status === 'For Sale').length,
      priceObservations: async (releaseId, soldSince) =>
        [...s().listings.values()]
          .filter((l) => l.releaseId === releaseId && (l.status === 'For Sale' || (l.status === 'Sold' && l.updated >= soldSince)))
          .map((l) => ({ condition: l.condition, currency: l.price.currency, minorUnits: l.price.minorUnits, sold: l.status === 'Sold' })),
    };

    this.inventoryPages = {
      page: async (q) => {
        const mine = [...s().listings.values()].filter((l) => l.sellerId === q.sellerId && (q.statuses === null || q.statuses.includes(l.status)));
        const keyed = await Promise.all(mine.map(async (l) => ({ l, key: await sortKey(l, q.sort) })));
        const sign = q.sortOrder === 'desc' ? -1 : 1;
        keyed.sort((a, b) => sign * (compare(a.key, b.key) || a.l.id - b.l.id));
        return { total: keyed.length, listings: keyed.slice(q.offset, q.offset + q.limit).map((k) => Listing.restore(k.l)) };
      },
      recentlyListed: async (limit) =>
        [...s().listings.values()]
          .filter((l) => l.status === 'For Sale')
          .sort((a, b) => b.posted.getTime() - a.posted.getTime() || b.id - a.id)
          .slice(0, Math.max(0, limit))
          .map((l) => Listing.restore(l)),
    };

    this.sellers = {
      settingsOf: async (userId) => s().sellers.get(userId) ?? null,
      put: async (settings) => {
        s().sellers.set(settings.userId, settings);
      },
    };

    this.blocked = {
      isBlocked: async (releaseId) => s().blocked.has(releaseId),
      setBlocked: async (releaseId, blocked, reason, at) => {
        if (blocked) {
          if (s().blocked.has(releaseId)) return false;
          s().blocked.set(releaseId, { reason, at });
          return true;
        }
        return s().blocked.delete(releaseId);
      },
    };

    this.inventory = new InMemoryInventoryWriter(this.listings, this.inventoryPages, this.blocked, catalogue);
  }

  /**
   * The For Sale listings of these releases, in id order: what the memory family's market read models (figures,
   * release prices, a release's listings to suspend) read, as the SQL ones read the listing table.
   */
  async forSaleOf(releaseIds: readonly number[]): Promise<Listing[]> {
    const wanted = new Set(releaseIds);
    return [...this.state.listings.values()]
      .filter((l) => l.status === 'For Sale' && wanted.has(l.releaseId))
      .sort((a, b) => a.id - b.id)
      .map((l) => Listing.restore(l));
  }

  /** Forgets the seller's settings and listings, but those sold (orders keep what they sold). */
  eraseUser(userId: number): void {
    for (const [id, l] of [...this.state.listings]) if (l.sellerId === userId && l.status !== 'Sold') this.state.listings.delete(id);
    this.state.sellers.delete(userId);
  }

  snapshot(): unknown {
    const st = this.state;
    return { listings: new Map(st.listings), sellers: new Map(st.sellers), blocked: new Map(st.blocked), nextId: st.nextId };
  }

  restore(snapshot: unknown): void {
    this.state = snapshot as State;
  }
}

function compare(a: Key, b: Key): number {
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
}
