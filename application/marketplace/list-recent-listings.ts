import type { User } from '../../domain/identity/accounts.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { Listing } from '../../domain/marketplace/listing.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import type { InventoryPageReader } from '../ports/inventory-page-reader.js';
import { listedReleases, type ListedRelease } from './listing-access.js';

/** The most listings `ListRecentListings` answers. */
export const MAX_RECENT_LISTINGS = 12;

/** A listing For Sale as the site's "recently listed" shows it: its release's summary and its seller. */
export interface RecentListing {
  readonly listing: Listing;
  readonly release: ListedRelease;
  readonly seller: User;
}

/**
 * The newest listings For Sale across all sellers (newest first, at most `MAX_RECENT_LISTINGS`), for the home page:
 * one read of the listings (`InventoryPageReader.recentlyListed`), one of their releases (`CatalogueReader.releasesOf`),
 * and each seller once. Listings For Sale are public, so everyone sees the same.
 */
export class ListRecentListings {
  constructor(
    private readonly pages: InventoryPageReader,
    private readonly catalogue: CatalogueReader,
    private readonly users: UserRepository,
  ) {}

  async execute(input: { readonly count: number }): Promise<RecentListing[]> {
    const count = Math.max(0, Math.min(MAX_RECENT_LISTINGS, Math.floor(input.count)));
    if (count === 0) return [];
    const listings = await this.pages.recentlyListed(count);
    const sellerIds = [...new Set(listings.map((l) => l.sellerId))];
    // One after another: a request's reads may share one database connection.
    const releases = await listedReleases(this.catalogue, listings.map((l) => l.releaseId));
    const sellers: (User | null)[] = [];
    for (const id of sellerIds) sellers.push(await this.users.byId(id));
    const byId = new Map(sellers.filter((u): u is User => u !== null && !u.deletedAt).map((u) => [u.id, u]));
    // A seller deleted since (their listings go with the account) is left out rather than shown.
    return listings.flatMap((listing) => {
      const seller = byId.get(listing.sellerId);
      return seller ? [{ listing, release: releases.get(listing.releaseId)!, seller }] : [];
    });
  }
}
