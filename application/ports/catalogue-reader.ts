import type { Artist } from '../../domain/catalogue/artist.js';
import type { Label } from '../../domain/catalogue/label.js';
import type { Master } from '../../domain/catalogue/master.js';
import type { Release, Track } from '../../domain/catalogue/release.js';
import type {
  ArtistReleaseEntry,
  ArtistReleasesQuery,
  LabelReleaseEntry,
  MasterVersion,
  MasterVersionsQuery,
  VersionFacetCounts,
  VersionFilters,
} from '../catalogue/read-models.js';
import type { Page, PageRequest } from '../shared/page.js';
import type { RatingTotals } from './community-figures.js';
import type { StoredLowestPrices } from './market-figures.js';
import type { ReleasePeople } from './release-people.js';

/** A stored catalogue record with the times the catalogue first saw it and last saw it change. */
export interface Stored<T> {
  readonly record: T;
  readonly dateAdded: Date;
  readonly dateChanged: Date;
}

/**
 * A release's stored document template with the collection and wantlist counts and the rating totals its row keeps
 * (readers on the SQL database have them in the same row; `undefined` where the reader keeps none, and the figures
 * come from the `CommunityFigures` port instead).
 */
export interface StoredReleaseDocument extends Stored<string> {
  readonly holdings?: { readonly inCollection: number; readonly inWantlist: number };
  readonly ratings?: RatingTotals;
  /**
   * The marketplace figures the row keeps (kept by the marketplace module's listing trigger): how many copies are for
   * sale and the lowest asking price in each currency, in minor units (null when none); `undefined` where the reader
   * keeps none, and the figures come from the `MarketFigures` port's `forRelease` instead.
   */
  readonly market?: StoredMarket;
  /**
   * The submitter and contributors the row keeps (kept by the contributions module's trigger); `undefined` where the
   * reader keeps none, and they come from the `ReleasePeopleReader` port instead.
   */
  readonly people?: ReleasePeople;
}

/** A release row's marketplace figures. */
export interface StoredMarket {
  readonly numForSale: number;
  readonly lowestPrices: StoredLowestPrices | null;
}

/**
 * A master as `GET /masters/{id}` shows it: the record, its main release's tracklist, and the market figures over its
 * versions where the reader keeps them with the master's read (`undefined` elsewhere: they then come from the
 * `MarketFigures` port's `forMaster`).
 */
export interface StoredMasterDocument extends Stored<Master> {
  readonly mainTracklist: readonly Track[];
  /** The master's most recent version (see `mostRecentVersion`), null when it has none. */
  readonly mostRecentRelease: number | null;
  readonly market?: StoredMarket;
}

/**
 * Reads the catalogue (artists, labels, masters, releases) and the lists derived from it. Returns null for an
 * unknown id; list methods assume the parent exists (callers check first).
 */
export interface CatalogueReader {
  release(id: number): Promise<Stored<Release> | null>;
  /**
   * The releases of these ids the catalogue holds, read together (one statement where the reader has a database),
   * each id once; an id it does not hold is absent from the map. What a page of listings or of collection items reads.
   */
  releasesOf(ids: readonly number[]): Promise<ReadonlyMap<number, Stored<Release>>>;
  /** The template of a release's API document (see catalogue/release-document.ts), what `GET /releases/{id}` serves. */
  releaseDocument(id: number): Promise<StoredReleaseDocument | null>;
  master(id: number): Promise<Stored<Master> | null>;
  /** What the master's page shows, read together (see `StoredMasterDocument`). */
  masterDocument(id: number): Promise<StoredMasterDocument | null>;
  artist(id: number): Promise<Stored<Artist> | null>;
  label(id: number): Promise<Stored<Label> | null>;
  masterVersions(masterId: number, query: MasterVersionsQuery): Promise<Page<MasterVersion>>;
  /** The facets of a master's versions under the filters (see `VersionFacetCounts`). */
  masterVersionFacets(masterId: number, filters: VersionFilters): Promise<VersionFacetCounts>;
  /**
   * The id of the master's most recent version: the latest `released` date (a date that gives only the year or the
   * month counts as the start of it: `1999` before `1999-03-00` before `1999-03-15`), a version without a date
   * coming before every dated one; of versions released on the same date, the one added to the catalogue last (the
   * highest id). Null when the master has no versions.
   */
  mostRecentVersion(masterId: number): Promise<number | null>;
  artistReleases(artistId: number, query: ArtistReleasesQuery): Promise<Page<ArtistReleaseEntry>>;
  labelReleases(labelId: number, page: PageRequest): Promise<Page<LabelReleaseEntry>>;
}
