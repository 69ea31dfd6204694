import type { Currency } from './currency.js';
import type { MediaCondition } from './conditions.js';
import type { Listing, NewListing } from './listing.js';
import type { ListingStatus } from './listing-status.js';
import type { InventorySort } from './inventory-sort.js';


/** A page of one seller's inventory (see `InventoryPageReader`): the statuses shown (all when null), the order, and the slice. */
export interface InventoryQuery {
  readonly sellerId: number;
  readonly statuses: readonly ListingStatus[] | null;
  readonly sort: InventorySort;
  readonly sortOrder: 'asc' | 'desc';
  readonly offset: number;
  readonly limit: number;
}

/** A page of listings and how many match in all. */
export interface ListingPage {
  readonly total: number;
  readonly listings: readonly Listing[];
}

/** One price a release was listed or sold at, for price suggestions: the amount in minor units, its condition. */
export interface PriceObservation {
  readonly condition: MediaCondition;
  readonly currency: Currency;
  readonly minorUnits: bigint;
  /** Sold (a sale) or still for sale (an asking price). */
  readonly sold: boolean;
}

/**
 * Stores listings. Writes run inside the caller's `UnitOfWork`. A release's figures (how many copies are for sale,
 * the lowest price per currency) change with the listings in the same unit of work.
 */
export interface ListingRepository {
  /** Stores a new listing and returns it with its id. */
  add(listing: NewListing): Promise<Listing>;
  byId(id: number): Promise<Listing | null>;
  /**
   * The listings with these ids that exist, locked until the unit of work ends (another unit of work asking for any
   * of them waits), in id order. Only inside a unit of work.
   */
  lockForUpdate(ids: readonly number[]): Promise<Listing[]>;
  /** Stores the listing's current fields and status. */
  save(listing: Listing): Promise<void>;
  /** Removes the listing for good; false when there was none. */
  remove(id: number): Promise<boolean>;
  /** How many of the seller's listings are For Sale. */
  countForSale(sellerId: number): Promise<number>;
  /** The asking prices of the release's For Sale listings and its sales since `soldSince`. */
  priceObservations(releaseId: number, soldSince: Date): Promise<PriceObservation[]>;
}
