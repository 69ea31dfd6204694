import type { MediaCondition, SleeveCondition } from '../../../domain/marketplace/conditions.js';
import type { Currency } from '../../../domain/marketplace/currency.js';
import { Listing, type ListingRecord, type NewListing } from '../../../domain/marketplace/listing.js';
import type { ListingStatus } from '../../../domain/marketplace/listing-status.js';
import { Money } from '../../../domain/marketplace/money.js';
import { dateOf } from '../sql-values.js';

/** The listing columns the SQL readers of `listing l` select (the inventory's bulk reads, its pages). */
export const LISTING_COLUMNS =
  'l.id, l.seller_id, l.release_id, l.status, l.condition, l.sleeve_condition, l.price_minor, l.currency, l.comments, ' +
  'l.allow_offers, l.external_id, l.location, l.weight, l.format_quantity, l.posted, l.updated';

type Row = Record<string, unknown>;

/**
 * The one mapping of a listing row, by its column names (the ORM repository reads its rows unmapped, as the SQL
 * readers do): its own fields (all but the seller and the times), as the inventory export's cursor selects them.
 */
export function listingFieldsOf(row: Row): Omit<ListingRecord, 'sellerId' | 'posted' | 'updated'> {
  return {
    id: Number(row.id),
    releaseId: Number(row.release_id),
    status: row.status as ListingStatus,
    condition: row.condition as MediaCondition,
    sleeveCondition: (row.sleeve_condition as SleeveCondition | null) ?? null,
    price: Money.fromMinorUnits(BigInt(String(row.price_minor)), String(row.currency).trim() as Currency),
    comments: String(row.comments ?? ''),
    allowOffers: row.allow_offers === true || row.allow_offers === 't',
    externalId: (row.external_id as string | null) ?? null,
    location: (row.location as string | null) ?? null,
    weight: row.weight === null || row.weight === undefined ? null : Number(row.weight),
    formatQuantity: row.format_quantity === null || row.format_quantity === undefined ? null : Number(row.format_quantity),
  };
}

/** A listing row (LISTING_COLUMNS, or the whole row) as a listing. */
export function listingOf(row: Row): Listing {
  return Listing.restore({ ...listingFieldsOf(row), sellerId: Number(row.seller_id), posted: dateOf(row.posted), updated: dateOf(row.updated) });
}

/** A listing's row for the ORM (`ListingRow`'s properties): of a new listing's record, or of a stored listing's view. */
export function listingRowOf(l: NewListing) {
  return {
    seller: l.sellerId,
    releaseId: l.releaseId,
    status: l.status,
    condition: l.condition,
    sleeveCondition: l.sleeveCondition,
    priceMinor: l.price.minorUnits.toString(),
    currency: l.price.currency,
    comments: l.comments,
    allowOffers: l.allowOffers,
    externalId: l.externalId,
    location: l.location,
    weight: l.weight,
    formatQuantity: l.formatQuantity,
    posted: l.posted,
    updated: l.updated,
  };
}
