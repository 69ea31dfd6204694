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

/** Filters and order of a master's versions; filters match exactly (case-insensitive), `released` is a year. */
export interface MasterVersionsQuery extends PageRequest {
  readonly format?: string;
  readonly label?: string;
  readonly released?: string;
  readonly country?: string;
  readonly sort?: VersionSort;
  readonly sortOrder: SortOrder;
}

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
