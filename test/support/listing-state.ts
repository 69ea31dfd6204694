import { Listing, type ListingRecord } from '../../domain/marketplace/listing.js';

/**
 * The listing with some of its state replaced directly, as no command may (a status no endpoint sets, a field of a
 * stored row changed behind the aggregate's back): for fixtures and repository tests only.
 */
export function withState(listing: Listing, changes: Partial<ListingRecord>): Listing {
  return Listing.restore({ ...listing.toView(), ...changes });
}
