import type { PageRequest, SortOrder } from '../shared/page.js';

/** The kinds of record a user's submissions list: the public API's three lists (masters are not among them). */
export const SUBMISSION_KINDS = ['artist', 'label', 'release'] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

/** One record a user submitted, as a page of submissions lists it. */
export interface SubmissionEntry {
  readonly kind: SubmissionKind;
  readonly id: number;
}

/**
 * The orders of a user's contributed releases. `label`, `artist`, `title`, `catno`, `format` and `year` are the
 * catalogue's release list columns (first label, artists' credit line, title, first catalogue number, format summary,
 * year); `added` is when the user first submitted or edited the release; `rating` is the user's rating of it, which
 * no release has yet (there is no ratings table), so it orders by release id alone. Every order ends with the
 * release id, in the same direction.
 */
export const CONTRIBUTION_SORTS = ['label', 'artist', 'title', 'catno', 'format', 'rating', 'year', 'added'] as const;
export type ContributionSort = (typeof CONTRIBUTION_SORTS)[number];

/** The order when none is asked for: the order the user contributed in. */
export const DEFAULT_CONTRIBUTION_SORT: ContributionSort = 'added';

/** A page of a user's contributed releases in an order. */
export interface ContributionsQuery extends PageRequest {
  readonly sort?: ContributionSort;
  readonly sortOrder: SortOrder;
}
