import type { Currency } from '../marketplace/currency.js';
import {
  LISTING_REFUSAL,
  listingPrice,
  newListing,
  type Estimable,
  type Listing,
  type NewListing,
  type ResolvedListingFields,
  type WrittenListingFields,
} from '../marketplace/listing.js';
import { LISTING_LIFECYCLE } from '../marketplace/listing-status.js';
import { isMoneyRefusal } from '../marketplace/money-refusal.js';
import { isRefusal, Refusal } from '../shared/refusal.js';
import { INVENTORY_EXPORT_COLUMNS } from './inventory-csv.js';

/** The kind of job that applies an inventory upload (see JobQueue). */
export const INVENTORY_UPLOAD_JOB = 'inventory-upload';

/** What an upload does with its rows: add new listings, change the seller's listings, or delete them. */
export const UPLOAD_TYPES = ['add', 'change', 'delete'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

export function isUploadType(value: unknown): value is UploadType {
  return typeof value === 'string' && (UPLOAD_TYPES as readonly string[]).includes(value);
}

/** The file store folder of uploaded files waiting for (or being applied by) their job. */
export const INVENTORY_UPLOAD_FOLDER = 'inventory-upload';

/** Where an uploaded file is kept until its job has applied it: named by a token made when it arrived. */
export function inventoryUploadKey(token: string): string {
  return `${INVENTORY_UPLOAD_FOLDER}/${token}.csv`;
}

/** How many problems a refusal lists (the rest are counted). */
export const MAX_LISTED_PROBLEMS = 100;

/** The default largest file an upload may send: 64 MiB (about 800,000 rows of a typical inventory). */
export const DEFAULT_UPLOAD_MAX_BYTES = 64 * 1024 * 1024;

/**
 * The columns of an upload file, as the spec names them (lower case): the export's columns, so that an exported file
 * can be sent back (`listing_id` and `status` are read by a change alone).
 */
export const UPLOAD_COLUMNS = INVENTORY_EXPORT_COLUMNS;
export type UploadColumn = (typeof UPLOAD_COLUMNS)[number];

const LISTING_COLUMNS: readonly UploadColumn[] = [
  'release_id',
  'price',
  'media_condition',
  'sleeve_condition',
  'comments',
  'accept_offer',
  'location',
  'external_id',
  'weight',
  'format_quantity',
];

/**
 * The columns each type reads (any other is ignored, so an exported file can be sent back as any of the three):
 * an add reads the listing columns; a change reads them and `listing_id` and `status` (the two an export adds); a
 * delete reads `listing_id` alone.
 */
export const UPLOAD_TYPE_COLUMNS: Readonly<Record<UploadType, readonly UploadColumn[]>> = {
  add: LISTING_COLUMNS,
  change: ['listing_id', 'status', ...LISTING_COLUMNS],
  delete: ['listing_id'],
};

/** One problem of an uploaded file: where (the spreadsheet row, the header being row 1; the column and its value), and why. */
export interface UploadProblem {
  readonly row: number;
  readonly column: string | null;
  readonly value: string | null;
  readonly message: string;
}

/** A problem as one line of text: `Row 3, column price, value "abc": price must be a number.` */
export function uploadProblemText(p: UploadProblem): string {
  const where = [`Row ${p.row}`];
  if (p.column !== null) where.push(`column ${p.column}`);
  if (p.value !== null) where.push(`value ${JSON.stringify(p.value)}`);
  return `${where.join(', ')}: ${p.message}`;
}

/** The problems of a file, at most MAX_LISTED_PROBLEMS of them listed, as one message: each on a line of its own. */
export function uploadRefusalText(problems: readonly UploadProblem[], total: number): string {
  const head = `The file was not applied: ${total} problem${total === 1 ? '' : 's'} found.`;
  const listed = problems.slice(0, MAX_LISTED_PROBLEMS);
  const more = total > listed.length ? [`… and ${total - listed.length} more.`] : [];
  return [head, ...listed.map(uploadProblemText), ...more].join('\n');
}

/** The `code` of a refusal of an uploaded file's header: its `problems` are the UploadProblems of row 1. */
export const UPLOAD_REFUSAL = 'upload';

/**
 * The problems of a refused upload file (an `invalid` Refusal with the code UPLOAD_REFUSAL, its message the refusal
 * text), or null when `err` is not one.
 */
export function uploadProblemsOf(err: unknown): readonly UploadProblem[] | null {
  // Every UPLOAD_REFUSAL is made in this file from UploadProblems.
  return isRefusal(err, 'invalid', UPLOAD_REFUSAL) ? (err.problems as readonly UploadProblem[]) : null;
}

/** The results text of an upload, as the public API writes it: `CSV file contains 3 records.<p>Processed 3 records.` */
export function uploadResults(records: number, processed: number): string {
  return `CSV file contains ${records} record${records === 1 ? '' : 's'}.<p>Processed ${processed} record${processed === 1 ? '' : 's'}.`;
}

/** The header of an upload file: where each column the type reads is, and how many cells a row may have. */
export interface UploadHeader {
  readonly type: UploadType;
  readonly index: ReadonlyMap<UploadColumn, number>;
  readonly width: number;
}

/**
 * The header row of an upload: lower-case field names (letter case and spaces around a name are forgiven), the
 * columns the type needs present (an add: release_id, price, media_condition; a change: listing_id, or release_id
 * to name the seller's one listing of a release; a delete: listing_id), none of the read ones twice. Unknown
 * columns are ignored. Throws an `invalid` Refusal (code UPLOAD_REFUSAL) naming row 1 otherwise.
 */
export function uploadHeader(type: UploadType, cells: readonly string[]): UploadHeader {
  const reads = UPLOAD_TYPE_COLUMNS[type];
  const index = new Map<UploadColumn, number>();
  const problems: UploadProblem[] = [];
  cells.forEach((cell, i) => {
    const name = cell.trim().toLowerCase() as UploadColumn;
    if (!reads.includes(name)) return;
    if (index.has(name)) problems.push({ row: 1, column: name, value: cell, message: `The header names ${name} twice (columns ${index.get(name)! + 1} and ${i + 1}).` });
    else index.set(name, i);
  });
  const required: readonly UploadColumn[] = type === 'add' ? ['release_id', 'price', 'media_condition'] : type === 'delete' ? ['listing_id'] : [];
  const missing = required.filter((c) => !index.has(c));
  if (type === 'change' && !index.has('listing_id') && !index.has('release_id')) missing.push('listing_id');
  if (missing.length > 0) {
    const names = missing.join(', ');
    problems.push({
      row: 1,
      column: null,
      value: null,
      message:
        `The header lacks the required column${missing.length === 1 ? '' : 's'} ${names}. The first row must be a header of ` +
        `lower-case field names; a${type === 'add' ? 'n' : ''} ${type} file needs ${type === 'change' ? 'listing_id (or release_id)' : required.join(', ')}.`,
    });
  }
  if (problems.length > 0) throw new Refusal('invalid', uploadRefusalText(problems, problems.length), { code: UPLOAD_REFUSAL, problems });
  return { type, index, width: cells.length };
}

/**
 * What one row says, each field checked on its own (application/inventory's `uploadRow`, by the listing field rules): `undefined` where the row's file has no such column (or, for a
 * change, leaves a field that cannot be cleared empty), `null` where an empty cell clears an optional field. The
 * price stays as written until the currency it is read in is known (the seller's for an add, the listing's own for a
 * change), and weight and format quantity may still be `auto`.
 */
export interface UploadRow extends WrittenListingFields {
  /** The spreadsheet row (the header is row 1). */
  readonly row: number;
  readonly listingId?: number;
}

/** Weight and format quantity of a row with `auto` estimated (by the caller, from the release's formats). */
export interface Estimates {
  readonly weight: number | null;
  readonly formatQuantity: number | null;
}

function priceIn(row: UploadRow, currency: Currency, problems: UploadProblem[]): ResolvedListingFields['price'] {
  if (row.price === undefined) return undefined;
  try {
    return listingPrice(row.price, currency);
  } catch (err) {
    if (!(isMoneyRefusal(err))) throw err;
    problems.push({ row: row.row, column: 'price', value: row.price, message: err.message.replace(/, got [^,]*\.$/, '.') });
    return undefined;
  }
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const estimated = (v: Estimable | null | undefined, e: number | null | undefined): number | null | undefined => (v === 'auto' ? (e ?? null) : v);

/** The fields a row gives, resolved: only those it gives (each assigned by name, as this runs for every row of a file). */
function resolved(row: UploadRow, currency: Currency, estimates: Estimates | null, problems: UploadProblem[]): Mutable<ResolvedListingFields> {
  const fields: Mutable<ResolvedListingFields> = {};
  if (row.releaseId !== undefined) fields.releaseId = row.releaseId;
  const price = priceIn(row, currency, problems);
  if (price !== undefined) fields.price = price;
  if (row.condition !== undefined) fields.condition = row.condition;
  if (row.sleeveCondition !== undefined) fields.sleeveCondition = row.sleeveCondition;
  if (row.comments !== undefined) fields.comments = row.comments;
  if (row.allowOffers !== undefined) fields.allowOffers = row.allowOffers;
  if (row.externalId !== undefined) fields.externalId = row.externalId;
  if (row.location !== undefined) fields.location = row.location;
  const weight = estimated(row.weight, estimates?.weight);
  if (weight !== undefined) fields.weight = weight;
  const formatQuantity = estimated(row.formatQuantity, estimates?.formatQuantity);
  if (formatQuantity !== undefined) fields.formatQuantity = formatQuantity;
  return fields;
}

/**
 * The listing an add row makes: For Sale at once, its price in the seller's currency (from their settings). The
 * release must have been found and be saleable (the caller checks). Returns the problems of the price otherwise.
 */
export function uploadedListing(row: UploadRow, sellerId: number, currency: Currency, estimates: Estimates | null, now: Date): NewListing | UploadProblem[] {
  const problems: UploadProblem[] = [];
  const fields = resolved(row, currency, estimates, problems);
  if (problems.length > 0) return problems;
  fields.status = 'For Sale';
  return newListing(sellerId, fields, now);
}

/**
 * A change row applied to one of the seller's listings (its `edit`, so the listing returned is the one given, changed):
 * the fields the row gives replace the stored ones, the price
 * read in the listing's own currency (an exported price is written in it). A row that changes nothing is `unchanged`
 * whatever the listing's status (so a whole export can be sent back); any other change follows the listing
 * lifecycle (only For Sale, Draft and Expired listings may be edited, and only to For Sale or Draft). Returns the
 * problems otherwise.
 */
export function uploadChangedListing(row: UploadRow, listing: Listing, estimates: Estimates | null, now: Date): Listing | 'unchanged' | UploadProblem[] {
  const problems: UploadProblem[] = [];
  const fields = resolved(row, listing.price.currency, estimates, problems);
  if (problems.length > 0) return problems;
  const status = row.status !== undefined && row.status !== listing.status ? row.status : undefined;
  const edit = status === undefined ? fields : { ...fields, status };
  if (listing.isUnchangedBy(edit)) return 'unchanged';
  try {
    listing.edit(edit, now);
    return listing;
  } catch (err) {
    if (!isRefusal(err, 'invalid', LISTING_REFUSAL)) throw err;
    // A listing that may not be edited at all is the row's problem; one that may, but not to that status, the cell's.
    const ofStatus = LISTING_LIFECYCLE[listing.status].editable;
    return err.problems.map((p) => ({
      row: row.row,
      column: ofStatus ? 'status' : null,
      value: ofStatus ? (row.status ?? null) : null,
      message: `Listing ${listing.id}: ${p.message}`,
    }));
  }
}

/**
 * The part types an upload may have: CSV's own (`text/csv`, and the older names), plain text, the type Windows gives
 * `.csv` files (`application/vnd.ms-excel`), and none in particular (`application/octet-stream`, or no type at all,
 * as curl and many HTTP libraries send a file). Anything else (an image, a PDF, a spreadsheet workbook, JSON) is not
 * CSV: 415. What the bytes are is checked as they are read (UTF-8 text, no NUL).
 */
export const CSV_MEDIA_TYPES = [
  'text/csv',
  'text/comma-separated-values',
  'text/x-csv',
  'application/csv',
  'application/x-csv',
  'text/plain',
  'application/vnd.ms-excel',
  'application/octet-stream',
] as const;

/** Whether a part's media type (parameters such as `charset` aside; none at all included) may hold an upload's CSV. */
export function isCsvMediaType(mediaType: string | null | undefined): boolean {
  if (mediaType === null || mediaType === undefined || mediaType.trim() === '') return true;
  const [type, ...parameters] = mediaType.toLowerCase().split(';').map((s) => s.trim());
  const charset = parameters.find((p) => p.startsWith('charset='))?.slice('charset='.length).replace(/"/g, '');
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8' && charset !== 'us-ascii') return false;
  return (CSV_MEDIA_TYPES as readonly string[]).includes(type!);
}

/** The name an uploaded file is shown by: its last path segment (browsers may send `C:\fakepath\…`), at most 200 characters. */
export function uploadFilename(sent: string | null | undefined): string {
  const name = (sent ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  // Cut by characters, not UTF-16 units: half of a character cannot be stored (PostgreSQL refuses it in JSON).
  return name === '' ? 'upload.csv' : [...name].slice(0, 200).join('');
}
