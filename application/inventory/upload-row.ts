import { restoreCell } from '../../domain/inventory/inventory-csv.js';
import type { UploadColumn, UploadHeader, UploadProblem, UploadRow } from '../../domain/inventory/inventory-upload.js';
import type { ListingFieldName, ListingFieldsChecker } from '../marketplace/listing-input.js';

/** The column of an upload that carries each listing field (two are named otherwise than the API's fields). */
const COLUMN_OF: Readonly<Record<ListingFieldName, UploadColumn>> = {
  release_id: 'release_id',
  condition: 'media_condition',
  sleeve_condition: 'sleeve_condition',
  price: 'price',
  comments: 'comments',
  allow_offers: 'accept_offer',
  status: 'status',
  external_id: 'external_id',
  location: 'location',
  weight: 'weight',
  format_quantity: 'format_quantity',
};

/** The order a row's problems are reported in, a column at a time. */
const PROBLEM_ORDER: readonly UploadColumn[] = [
  'listing_id',
  'release_id',
  'price',
  'media_condition',
  'sleeve_condition',
  'comments',
  'accept_offer',
  'status',
  'external_id',
  'location',
  'weight',
  'format_quantity',
];
const RANK = new Map<string | null, number>(PROBLEM_ORDER.map((c, i) => [c, i]));

const WHOLE = /^\d{1,15}$/;
const TEXT_COLUMNS: ReadonlySet<UploadColumn> = new Set(['comments', 'external_id', 'location']);

/** A long text cell as a problem shows it: its first 57 characters and `...`. */
function shownCell(column: UploadColumn, raw: string): string {
  return TEXT_COLUMNS.has(column) && raw.length > 60 ? `${[...raw].slice(0, 57).join('')}...` : raw;
}

/**
 * One record of an upload file, checked: the row's shape (no more cells than the header has columns), its
 * `listing_id` (the file's own key: a positive whole number), the required cells an add (or a change naming its
 * listing by release) may not leave empty, then every listing field by the one set of listing field rules
 * (`checker`, the rules of the API's bodies, worded for a CSV cell). Cells are mapped onto the API's fields as a CSV
 * writes them: trimmed, text cells with an export's formula neutralisation undone, an empty cell a field not given
 * where it cannot be cleared (a change's price, condition, accept_offer, status). Returns the row, or the problems of
 * its cells (every one of them, a column at a time).
 */
export function uploadRow(header: UploadHeader, cells: readonly string[], row: number, checker: ListingFieldsChecker): UploadRow | UploadProblem[] {
  if (cells.length > header.width) {
    return [{ row, column: null, value: null, message: `The row has ${cells.length} cells; the header has ${header.width} columns.` }];
  }
  const problems: UploadProblem[] = [];
  const cell = (column: UploadColumn): string | undefined => {
    const i = header.index.get(column);
    return i === undefined ? undefined : (cells[i] ?? '');
  };
  const refuse = (column: UploadColumn, value: string, message: string) => problems.push({ row, column, value, message });
  const required = header.type === 'add';

  let listingId: number | undefined;
  const listingCell = cell('listing_id');
  if (listingCell !== undefined) {
    const v = listingCell.trim();
    if (v === '') refuse('listing_id', listingCell, 'listing_id is required.');
    else if (!WHOLE.test(v) || Number(v) < 1 || Number(v) > 2147483647) refuse('listing_id', listingCell, 'listing_id must be a listing id (a positive whole number).');
    else listingId = Number(v);
  }
  if (header.type === 'delete') return problems.length > 0 ? problems : listingId === undefined ? { row } : { row, listingId };

  const values: Record<string, unknown> = {};
  const raws = new Map<string, string>();
  // A field's value from its column: `read` the cell's as the CSV means it, undefined for none given.
  const field = (name: ListingFieldName, read: (raw: string) => string | undefined) => {
    const raw = cell(COLUMN_OF[name]);
    if (raw === undefined) return;
    const value = read(raw);
    if (value === undefined) return;
    values[name] = value;
    raws.set(name, raw);
  };
  const trimmed = (raw: string) => raw.trim();
  // An empty cell of a field a change cannot clear: a problem for an add (where `requiredHere`), else no field.
  const unlessEmpty = (name: ListingFieldName, requiredHere: boolean) => (raw: string) => {
    const v = raw.trim();
    if (v !== '') return v;
    if (requiredHere) refuse(COLUMN_OF[name], raw, `${COLUMN_OF[name]} is required.`);
    return undefined;
  };
  // release_id is needed to add, and to change when it names the listing.
  field('release_id', unlessEmpty('release_id', required || !header.index.has('listing_id')));
  field('price', unlessEmpty('price', required));
  field('condition', unlessEmpty('condition', required));
  field('sleeve_condition', trimmed);
  field('comments', restoreCell);
  field('allow_offers', (raw) => (raw.trim() === '' && !required ? undefined : raw.trim()));
  if (header.type === 'change') field('status', unlessEmpty('status', false));
  field('external_id', restoreCell);
  field('location', restoreCell);
  field('weight', trimmed);
  field('format_quantity', trimmed);

  const checked = checker.check(values, 'csv');
  for (const p of checked.problems) {
    const column = COLUMN_OF[p.field as ListingFieldName];
    problems.push({ row, column, value: shownCell(column, raws.get(p.field) ?? ''), message: p.message });
  }
  if (problems.length > 0) return problems.sort((a, b) => (RANK.get(a.column) ?? 0) - (RANK.get(b.column) ?? 0));
  return listingId === undefined ? { row, ...checked.fields } : { row, listingId, ...checked.fields };
}
