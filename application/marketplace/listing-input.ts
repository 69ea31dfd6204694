import type { ListingProblem, WrittenListingFields } from '../../domain/marketplace/listing.js';

/**
 * A listing's fields as a client gave them, each checked by its rule at the edge: `undefined` where the field was not
 * given, `null` where an optional one is cleared. The price is decimal text, read in a currency by the use case (the
 * seller's, the one asked for, or the listing's own); weight and format quantity may still be `auto`, which the use
 * case estimates from the release's formats.
 */
export type ListingInput = WrittenListingFields;

/**
 * What the edge made of a listing's fields: those that passed their rule, and the first problem of each that did not
 * (named as the API names the field), in LISTING_FIELD_ORDER. A listing's refusal names every bad field at once, the
 * edge's with the release's and the lifecycle's, so the edge hands its problems on instead of refusing alone.
 */
export interface CheckedListingFields {
  readonly fields: ListingInput;
  readonly problems: readonly ListingProblem[];
}

/** The listing fields as the API names them, in the order a refusal names their problems. */
export const LISTING_FIELD_ORDER = [
  'release_id',
  'condition',
  'sleeve_condition',
  'price',
  'comments',
  'allow_offers',
  'status',
  'external_id',
  'location',
  'weight',
  'format_quantity',
] as const;

/** A listing field as the API names it. */
export type ListingFieldName = (typeof LISTING_FIELD_ORDER)[number];

/**
 * How the fields were written: `json` (a request's body or query: numbers as numbers or text, `true`/`false`, each
 * problem naming the value sent) or `csv` (an upload's cells, already trimmed: `Y`/`N`, any listing status, the
 * problem's cell named apart by the upload's report).
 */
export type ListingWire = 'json' | 'csv';

/**
 * The listing field rules, one definition for every edge that writes a listing: the API's bodies and the inventory
 * upload's rows (which map each row's cells onto the API's field names and check them here). `values` are keyed by
 * LISTING_FIELD_ORDER's names; a value `undefined` is a field not given.
 */
export interface ListingFieldsChecker {
  check(values: Readonly<Record<string, unknown>>, wire: ListingWire): CheckedListingFields;
}
