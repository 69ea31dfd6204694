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
  /** Adds the listings; answers them as stored (with their ids), in the order given. */
  addMany(listings: readonly NewListing[]): Promise<Listing[]>;
  /** Stores each listing's current fields and status. */
  saveMany(listings: readonly Listing[]): Promise<void>;
  /** Removes the seller's listings of these ids for good; returns how many there were. */
  removeMany(sellerId: number, ids: readonly number[]): Promise<number>;
  /**
   * Leaves the releases' market figures as they are for the rest of the unit of work, whatever its writes, until
   * `refreshMarketFigures`, which the caller must call before the unit of work ends. An upload writes many batches in
   * one unit of work: kept per batch, the figures would hold the release rows of every batch written until it ends,
   * in no one order, and a concurrent edit, checkout or upload needing one of them while holding a listing (or
   * release) the upload reaches later would deadlock with it.
   */
  deferMarketFigures(): Promise<void>;
  /** Brings these releases' market figures up to date (all at once, at the end of a deferred unit of work). */
  refreshMarketFigures(releaseIds: readonly number[]): Promise<void>;
}
