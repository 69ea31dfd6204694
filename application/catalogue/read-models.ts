import type { VersionFacetId } from '../../domain/catalogue/version-facets.js';
import type { SortOrder, PageRequest } from '../shared/page.js';

/** A master's version as listed by `GET /masters/{id}/versions`. */
export interface MasterVersion {
  readonly id: number;
  readonly status: string;
  readonly title: string;
  readonly label: string;
  readonly catno: string;
  readonly country: string;
  readonly format: string;
  readonly released: string;
  readonly majorFormats: readonly string[];
  readonly thumb: string;
}

export const VERSION_SORTS = ['released', 'title', 'format', 'label', 'catno', 'country'] as const;
export type VersionSort = (typeof VERSION_SORTS)[number];

/**
 * The facet filters of a master's versions, each a list of values (left out or empty: no filter). A version passes a
 * facet when it has any of the facet's values (case-insensitive), and the filters when it passes every facet given:
 * `format` any of its format names and descriptions, `label` any of its labels and companies (as the facet titles
 * them), `country` its country, `released` its year.
 */
export type VersionFilters = { readonly [F in VersionFacetId]?: readonly string[] };

/** Filters and order of a master's versions. */
export interface MasterVersionsQuery extends PageRequest, VersionFilters {
  readonly sort?: VersionSort;
  readonly sortOrder: SortOrder;
}

/** One value of a facet and how many versions have it. */
export interface VersionFacetCount {
  readonly value: string;
  readonly count: number;
}

/**
 * The values of every facet over a master's versions, with how many versions have each: each facet counted over the
 * versions that pass the other facets' filters (so that a facet's other values stay on offer while one is applied).
 * Ordered by count, most first, then by value (code-point order); `released` by year.
 */
export type VersionFacetCounts = { readonly [F in VersionFacetId]: readonly VersionFacetCount[] };

/**
 * An entry of an artist's release list: a master (grouping all its versions the artist appears on) or a release
 * without a master. `role` is Main, Appearance, TrackAppearance, or a credit role such as Producer.
 */
export type ArtistReleaseEntry =
  | {
      readonly type: 'master';
      readonly id: number;
      readonly title: string;
      readonly year: number;
      readonly thumb: string;
      readonly artist: string;
      readonly role: string;
      readonly mainRelease: number;
    }
  | {
      readonly type: 'release';
      readonly id: number;
      readonly title: string;
      readonly year: number;
      readonly thumb: string;
      readonly artist: string;
      readonly role: string;
      readonly format: string;
      readonly label: string;
      readonly status: string;
    };

export const ARTIST_RELEASE_SORTS = ['year', 'title', 'format'] as const;
export type ArtistReleaseSort = (typeof ARTIST_RELEASE_SORTS)[number];

export interface ArtistReleasesQuery extends PageRequest {
  readonly sort?: ArtistReleaseSort;
  readonly sortOrder: SortOrder;
}

/** An entry of a label's release list (one per release and catalogue number). */
export interface LabelReleaseEntry {
  readonly id: number;
  readonly title: string;
  readonly artist: string;
  readonly catno: string;
  readonly format: string;
  readonly year: number;
  readonly status: string;
  readonly thumb: string;
}
