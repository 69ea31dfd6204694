import type { Listing, NewListing } from '../../domain/marketplace/listing.js';

/** Of some release ids, those not stored and those blocked from sale. */
export interface UnsaleableReleases {
  readonly missing: ReadonlySet<number>;
  readonly blocked: ReadonlySet<number>;
}

/**
 * A seller's inventory written in bulk, for uploads: the lookups a file's rows need, a batch at a time, and the
 * writes of a batch in a few statements. Runs inside the caller's unit of work; with `lock`, the listings read are
 * locked until it ends (rows of concurrent edits wait), in id order. A release's market figures follow the listings
 * in the same unit of work, as for single listings.
 */
export interface InventoryWriter {
  /** Which of these releases are not stored, and which are blocked from sale. */
  unsaleable(releaseIds: readonly number[]): Promise<UnsaleableReleases>;
  /** The seller's listings of these ids (another seller's, and unknown ids, are left out). */
  sellerListings(sellerId: number, ids: readonly number[], lock: boolean): Promise<Listing[]>;
  /** The seller's listings of these releases (for change rows that name a release instead of a listing). */
  sellerListingsOfReleases(sellerId: number, releaseIds: readonly number[], lock: boolean): Promise<Listing[]>;
  addMany(listings: readonly NewListing[]): Promise<void>;
  /** Stores each listing's current fields and status. */
  saveMany(listings: readonly Listing[]): Promise<void>;
  /** Removes the seller's listings of these ids for good; returns how many there were. */
  removeMany(sellerId: number, ids: readonly number[]): Promise<number>;
}
