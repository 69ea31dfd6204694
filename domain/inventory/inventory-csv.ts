import type { ListingRecord } from '../marketplace/listing.js';

/**
 * An inventory as CSV (the spec's CSV rules): comma separated, a header of lower-case field names. The upload columns
 * (release_id, price, media_condition, sleeve_condition, comments, accept_offer, location, external_id, weight,
 * format_quantity) plus the listing's id and status, so an exported file can be edited and sent back as a change.
 */
export const INVENTORY_EXPORT_COLUMNS = [
  'listing_id',
  'release_id',
  'status',
  'price',
  'media_condition',
  'sleeve_condition',
  'comments',
  'accept_offer',
  'location',
  'external_id',
  'weight',
  'format_quantity',
] as const;

/** What an exported row says of a listing: its fields that the CSV has a column for. */
export type ExportedListing = Pick<
  ListingRecord,
  | 'id'
  | 'releaseId'
  | 'status'
  | 'price'
  | 'condition'
  | 'sleeveCondition'
  | 'comments'
  | 'allowOffers'
  | 'location'
  | 'externalId'
  | 'weight'
  | 'formatQuantity'
>;

/**
 * The first characters that make a spreadsheet read a cell as a formula (or hide it): `=`, `+`, `-`, `@`, tab, CR, and
 * the full-width `＝＋－＠` that some spreadsheets fold into them.
 */
const FORMULA_START = /^'*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const NEUTRALISED = /^'+[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * A cell a spreadsheet shows as the text it is: one starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets
 * a leading `'` (OWASP's advice against CSV injection; the full-width forms too). A cell that already starts with quotes before such a
 * character gets one more, so that {@link restoreCell} gives back exactly what was written. Anything else is as given.
 */
export function neutraliseCell(cell: string): string {
  return FORMULA_START.test(cell) && (cell[0] !== "'" || NEUTRALISED.test(cell)) ? `'${cell}` : cell;
}

/** The inverse of {@link neutraliseCell}, for a file sent back: one leading `'` before a formula start is removed. */
export function restoreCell(cell: string): string {
  return NEUTRALISED.test(cell) ? cell.slice(1) : cell;
}

/**
 * One listing's CSV record, in the order of {@link INVENTORY_EXPORT_COLUMNS}: the price as plain decimal text in its
 * currency's digits (`12.50`, `1200` for JPY), `accept_offer` `Y` or `N`, an empty cell for a field not set, every
 * text cell neutralised against formula injection. Numbers the service writes (ids, a positive price, grams) never
 * start with such a character, so they are written as they are.
 */
export function inventoryCsvRecord(listing: ExportedListing): string[] {
  return [
    String(listing.id),
    String(listing.releaseId),
    listing.status,
    listing.price.toDecimalString(),
    listing.condition,
    listing.sleeveCondition ?? '',
    neutraliseCell(listing.comments),
    listing.allowOffers ? 'Y' : 'N',
    neutraliseCell(listing.location ?? ''),
    neutraliseCell(listing.externalId ?? ''),
    listing.weight === null ? '' : String(listing.weight),
    listing.formatQuantity === null ? '' : String(listing.formatQuantity),
  ];
}
