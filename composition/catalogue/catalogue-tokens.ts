import type { CatalogueSamples } from '../../application/ports/catalogue-samples.js';
import type { GetArtist } from '../../application/catalogue/get-artist.js';
import type { GetLabel } from '../../application/catalogue/get-label.js';
import type { GetMaster } from '../../application/catalogue/get-master.js';
import type { GetRelease } from '../../application/catalogue/get-release.js';
import type { ImportDump } from '../../application/catalogue/import-dump.js';
import type { ListArtistReleases } from '../../application/catalogue/list-artist-releases.js';
import type { ListLabelReleases } from '../../application/catalogue/list-label-releases.js';
import type { ListNewestReleases } from '../../application/catalogue/list-newest-releases.js';
import type { ListMasterVersions } from '../../application/catalogue/list-master-versions.js';
import type { CatalogueReader } from '../../application/ports/catalogue-reader.js';
import type { CommunityFigures, HoldingCounts, RatingCounts } from '../../application/ports/community-figures.js';
import type { GetReleaseStats } from '../../application/catalogue/get-release-stats.js';
import type { CatalogueWriter } from '../../application/ports/catalogue-writer.js';
import type { DumpReader } from '../../application/ports/dump-reader.js';
import type { ReleasePeopleReader } from '../../application/ports/release-people.js';
import type { CataloguePresenter } from '../../adapters/http/catalogue/catalogue-presenter.js';
import type { CatalogueUseCases } from '../../adapters/http/catalogue/catalogue-routes.js';
import { token } from '../token.js';

export const CATALOGUE = {
  Reader: token<CatalogueReader>('catalogue/Reader'),
  Writer: token<CatalogueWriter>('catalogue/Writer'),
  /** Records the catalogue holds, for the other modules' demo data. */
  Samples: token<CatalogueSamples>('catalogue/Samples'),
  DumpReader: token<DumpReader>('catalogue/DumpReader'),
  ImportDump: token<ImportDump>('catalogue/ImportDump'),
  GetRelease: token<GetRelease>('catalogue/GetRelease'),
  GetMaster: token<GetMaster>('catalogue/GetMaster'),
  ListMasterVersions: token<ListMasterVersions>('catalogue/ListMasterVersions'),
  GetArtist: token<GetArtist>('catalogue/GetArtist'),
  ListArtistReleases: token<ListArtistReleases>('catalogue/ListArtistReleases'),
  GetLabel: token<GetLabel>('catalogue/GetLabel'),
  ListLabelReleases: token<ListLabelReleases>('catalogue/ListLabelReleases'),
  ListNewestReleases: token<ListNewestReleases>('catalogue/ListNewestReleases'),
  GetReleaseStats: token<GetReleaseStats>('catalogue/GetReleaseStats'),
  /** What users do with records (collections, wantlists, ratings), from the parts other modules bind below. */
  CommunityFigures: token<CommunityFigures>('catalogue/CommunityFigures'),
  /** Optional slot: collection and wantlist counts, bound by the collection module (none bound: nobody holds anything). */
  HoldingCounts: token<HoldingCounts>('catalogue/HoldingCounts'),
  /** Optional slot: ratings of releases and masters, bound by the ratings module (none bound: nobody rated anything). */
  RatingCounts: token<RatingCounts>('catalogue/RatingCounts'),
  /**
   * Optional slot: the submitter and contributors of releases, bound by the contributions module (none bound: no
   * release has any). Asked only where the catalogue reader does not keep them in the release row.
   */
  ReleasePeople: token<ReleasePeopleReader>('catalogue/ReleasePeople'),
  Presenter: token<CataloguePresenter>('catalogue/Presenter'),
  /** The reads the catalogue's API routes and its web pages call. */
  UseCases: token<CatalogueUseCases>('catalogue/UseCases'),
} as const;
