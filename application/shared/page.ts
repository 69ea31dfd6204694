/** The page of a list to return; both values are already validated (page ≥ 1, 1 ≤ perPage ≤ 100). */
export interface PageRequest {
  readonly page: number;
  readonly perPage: number;
}

/** One page of a list with the total number of items across all pages. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly total: number;
  readonly page: number;
  readonly perPage: number;
  /**
   * `total` is an estimate, not the exact count (a database search of several lists whose page was found without
   * matching every block: ADR 0062). Absent: exact.
   */
  readonly estimated?: boolean;
}

/** Sort direction of a list. */
export type SortOrder = 'asc' | 'desc';
export const SORT_ORDERS: readonly SortOrder[] = ['asc', 'desc'];

/** The number of pages a list of `total` items takes at `perPage` per page (at least 1). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** The SQL-style offset of a page request. */
export function pageOffset(request: PageRequest): number {
  return (request.page - 1) * request.perPage;
}
