import type { CreateListing } from '../../application/marketplace/create-listing.js';
import type { DeleteListing } from '../../application/marketplace/delete-listing.js';
import type { EditListing } from '../../application/marketplace/edit-listing.js';
import type { GetInventory } from '../../application/marketplace/get-inventory.js';
import type { GetListing } from '../../application/marketplace/get-listing.js';
import type { ListingViews } from '../../application/marketplace/listing-views.js';
import type { ListRecentListings } from '../../application/marketplace/list-recent-listings.js';
import { token } from '../token.js';

/** The listings part of the marketplace module: its use cases (the repositories are in MARKETPLACE). */
export const LISTINGS = {
  ListingViews: token<ListingViews>('marketplace/listings/ListingViews'),
  CreateListing: token<CreateListing>('marketplace/listings/CreateListing'),
  GetListing: token<GetListing>('marketplace/listings/GetListing'),
  EditListing: token<EditListing>('marketplace/listings/EditListing'),
  DeleteListing: token<DeleteListing>('marketplace/listings/DeleteListing'),
  GetInventory: token<GetInventory>('marketplace/listings/GetInventory'),
  ListRecentListings: token<ListRecentListings>('marketplace/listings/ListRecentListings'),
} as const;
