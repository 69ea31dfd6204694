/** A listing's statuses, as the spec spells them. */
export const LISTING_STATUSES = ['For Sale', 'Draft', 'Expired', 'Sold', 'Suspended', 'Deleted', 'Violation'] as const;

/** A listing's status. */
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** The values an inventory's status filter accepts: every status, and All. In the order the spec's message lists them. */
export const INVENTORY_STATUS_FILTERS = ['All', 'Deleted', 'Draft', 'Expired', 'For Sale', 'Sold', 'Suspended', 'Violation'] as const;

export type InventoryStatusFilter = (typeof INVENTORY_STATUS_FILTERS)[number];

/** What may happen to a listing in a status. */
export interface ListingStatusRule {
  /** Whether its fields may be edited (and its status set), or it may only be deleted. */
  readonly editable: boolean;
  /** The statuses an edit may give it (empty when it is not editable). */
  readonly editTo: readonly ListingStatus[];
  /** Whether it can be bought (put in a cart, checked out). */
  readonly buyable: boolean;
  /** Whether anyone but its seller sees it. */
  readonly public: boolean;
  /** The moves the service itself makes (not the seller's edits), each to the status it leads to; absent: not allowed. */
  readonly moves: Readonly<Partial<Record<ListingMove, ListingStatus>>>;
}

/**
 * The moves the service makes on a listing: `sell` (a checkout bought it) and `suspend` (the operator blocked its
 * release from sale, `spindle release-block`).
 */
export type ListingMove = 'sell' | 'suspend';

const EDIT_TO: readonly ListingStatus[] = ['For Sale', 'Draft'];
const LOCKED: ListingStatusRule = { editable: false, editTo: [], buyable: false, public: false, moves: {} };

/**
 * The listing lifecycle, one row per status (the spec's part 3): For Sale, Draft and Expired may be edited, and an
 * edit may only set For Sale or Draft; every other status (Sold, Suspended, Deleted, Violation) may only be deleted,
 * and a sold item is listed again by creating a new listing. Only For Sale listings are public and can be bought.
 * Only a For Sale listing is sold (Sold) or suspended (Suspended) by the service. Deleting is allowed from every
 * status and removes the listing.
 */
export const LISTING_LIFECYCLE: Readonly<Record<ListingStatus, ListingStatusRule>> = {
  'For Sale': { editable: true, editTo: EDIT_TO, buyable: true, public: true, moves: { sell: 'Sold', suspend: 'Suspended' } },
  Draft: { editable: true, editTo: EDIT_TO, buyable: false, public: false, moves: {} },
  Expired: { editable: true, editTo: EDIT_TO, buyable: false, public: false, moves: {} },
  Sold: LOCKED,
  Suspended: LOCKED,
  Deleted: LOCKED,
  Violation: LOCKED,
};

/** The statuses a new listing may have: For Sale (the default) or Draft. */
export const CREATE_STATUSES: readonly ListingStatus[] = ['For Sale', 'Draft'];

export function isListingStatus(value: unknown): value is ListingStatus {
  return typeof value === 'string' && (LISTING_STATUSES as readonly string[]).includes(value);
}

export function isInventoryStatusFilter(value: unknown): value is InventoryStatusFilter {
  return typeof value === 'string' && (INVENTORY_STATUS_FILTERS as readonly string[]).includes(value);
}

/** The message of a 422 for an inventory status filter that is not one of INVENTORY_STATUS_FILTERS. */
export const INVALID_STATUS_FILTER_MESSAGE = `Invalid status: expected one of ${INVENTORY_STATUS_FILTERS.join(', ')}.`;
