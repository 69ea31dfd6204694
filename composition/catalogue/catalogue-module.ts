import { ContainerModule } from 'inversify';
import { CommunityFromParts } from '../../application/catalogue/community-from-parts.js';
import { GetReleaseStats } from '../../application/catalogue/get-release-stats.js';
import type { HoldingCounts, RatingCounts } from '../../application/ports/community-figures.js';
import { XmlDumpReader } from '../../adapters/catalogue/dump/xml-dump-reader.js';
import { CataloguePresenter } from '../../adapters/http/catalogue/catalogue-presenter.js';
import { CatalogueRoutes, type CatalogueUseCases } from '../../adapters/http/catalogue/catalogue-routes.js';
import { CataloguePages } from '../../adapters/http/catalogue/catalogue-pages.js';
import { SearchPresenter } from '../../adapters/http/search/search-presenter.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import type { WebSessions } from '../../application/identity/web-sessions.js';
import type { SearchDatabase } from '../../application/search/search-database.js';
import { SEARCH } from '../search/search-tokens.js';
import type { ApiUrls } from '../../adapters/http/urls.js';
import type { Config } from '../config.js';
import { GetArtist } from '../../application/catalogue/get-artist.js';
import { GetLabel } from '../../application/catalogue/get-label.js';
import { GetMaster } from '../../application/catalogue/get-master.js';
import { GetRelease } from '../../application/catalogue/get-release.js';
import { ImportDump } from '../../application/catalogue/import-dump.js';
import { ListArtistReleases } from '../../application/catalogue/list-artist-releases.js';
import { ListLabelReleases } from '../../application/catalogue/list-label-releases.js';
import { ListNewestReleases } from '../../application/catalogue/list-newest-releases.js';
import { ListMasterVersions } from '../../application/catalogue/list-master-versions.js';
import { seedDemoData } from './catalogue-import.js';
import { catalogueMemory } from './catalogue-memory.js';
import { catalogueSql } from './catalogue-sql.js';
import { CORE } from '../core/core-tokens.js';
import { HTTP } from '../http/http-tokens.js';
import { MARKETPLACE } from '../marketplace/marketplace-tokens.js';
import { LISTINGS } from '../marketplace/listing-tokens.js';
import type { ListRecentListings } from '../../application/marketplace/list-recent-listings.js';
import type { SpindleModule } from '../spindle-module.js';
import { catalogueSchema } from './catalogue-schema.js';
import { TEXT } from '../text/text-tokens.js';
import type { NameResolver } from '../../domain/text/name-resolver.js';
import { CATALOGUE } from './catalogue-tokens.js';
import { IMAGES } from '../images/images-tokens.js';
import type { ImageLinks } from '../../application/ports/image-links.js';
import type { ReleasePeopleReader } from '../../application/ports/release-people.js';

/**
 * The catalogue: artists, labels, masters, releases and their lists, read through MikroORM; the Discogs dump import
 * (the bulk writer is the one for the database: COPY on a server, the PGlite session when embedded); the database
 * routes; `spindle import` and the demo dumps.
 */
export const catalogueModule: SpindleModule = {
  name: 'catalogue',
  schema: catalogueSchema,

  adapters: { sql: catalogueSql, memory: catalogueMemory },

  bindings: () =>
    new ContainerModule(({ bind }) => {
      bind(CATALOGUE.DumpReader).toConstantValue(new XmlDumpReader());
      bind(CATALOGUE.ImportDump)
        .toResolvedValue((reader, writer, clock) => new ImportDump(reader, writer, clock), [
          CATALOGUE.DumpReader,
          CATALOGUE.Writer,
          CORE.Clock,
        ])
        .inSingletonScope();
      // Collection and wantlist counts come from the collection module, ratings from the ratings module, when there are.
      bind(CATALOGUE.CommunityFigures)
        .toResolvedValue((holdings: HoldingCounts | undefined, ratings: RatingCounts | undefined) => new CommunityFromParts(holdings, ratings), [
          { serviceIdentifier: CATALOGUE.HoldingCounts, optional: true },
          { serviceIdentifier: CATALOGUE.RatingCounts, optional: true },
        ])
        .inSingletonScope();
      bind(CATALOGUE.GetReleaseStats)
        .toResolvedValue((c, f) => new GetReleaseStats(c, f), [CATALOGUE.Reader, CATALOGUE.CommunityFigures])
        .inSingletonScope();
      // Image links come from the images module when there is one (without it, image objects have no links).
      const images = { serviceIdentifier: IMAGES.Links, optional: true } as const;
      // The edit history's people of a release come from the contributions module where the reader does not keep them.
      const people = { serviceIdentifier: CATALOGUE.ReleasePeople, optional: true } as const;
      bind(CATALOGUE.GetRelease)
        .toResolvedValue(
          (c, m, f, t, i: ImageLinks | undefined, p: ReleasePeopleReader | undefined) => new GetRelease(c, m, f, t, i, p),
          [
            CATALOGUE.Reader,
            MARKETPLACE.MarketFigures,
            CATALOGUE.CommunityFigures,
            TEXT.TextRenderer,
            images,
            people,
          ],
        )
        .inSingletonScope();
      bind(CATALOGUE.GetMaster)
        .toResolvedValue((c, m, i: ImageLinks | undefined) => new GetMaster(c, m, i), [CATALOGUE.Reader, MARKETPLACE.MarketFigures, images])
        .inSingletonScope();
      bind(CATALOGUE.ListMasterVersions)
        .toResolvedValue((c, f) => new ListMasterVersions(c, f), [CATALOGUE.Reader, CATALOGUE.CommunityFigures])
        .inSingletonScope();
      bind(CATALOGUE.GetArtist)
        .toResolvedValue((c, t, i: ImageLinks | undefined) => new GetArtist(c, t, i), [CATALOGUE.Reader, TEXT.TextRenderer, images])
        .inSingletonScope();
      bind(CATALOGUE.ListArtistReleases)
        .toResolvedValue((c, f) => new ListArtistReleases(c, f), [CATALOGUE.Reader, CATALOGUE.CommunityFigures])
        .inSingletonScope();
      bind(CATALOGUE.GetLabel)
        .toResolvedValue((c, t, i: ImageLinks | undefined) => new GetLabel(c, t, i), [CATALOGUE.Reader, TEXT.TextRenderer, images])
        .inSingletonScope();
      bind(CATALOGUE.ListLabelReleases)
        .toResolvedValue((c, f) => new ListLabelReleases(c, f), [CATALOGUE.Reader, CATALOGUE.CommunityFigures])
        .inSingletonScope();
      bind(CATALOGUE.ListNewestReleases)
        .toResolvedValue((samples) => new ListNewestReleases(samples), [CATALOGUE.Samples])
        .inSingletonScope();

      bind(CATALOGUE.Presenter)
        .toResolvedValue((urls, config) => new CataloguePresenter(urls, config.dialect), [HTTP.ApiUrls, CORE.Config])
        .inSingletonScope();
      bind(CATALOGUE.UseCases)
        .toResolvedValue(
          (getRelease, getMaster, listMasterVersions, getArtist, listArtistReleases, getLabel, listLabelReleases, getReleaseStats, listNewestReleases) => ({
            getRelease,
            getMaster,
            listMasterVersions,
            getArtist,
            listArtistReleases,
            getLabel,
            listLabelReleases,
            getReleaseStats,
            listNewestReleases,
          }),
          [
            CATALOGUE.GetRelease,
            CATALOGUE.GetMaster,
            CATALOGUE.ListMasterVersions,
            CATALOGUE.GetArtist,
            CATALOGUE.ListArtistReleases,
            CATALOGUE.GetLabel,
            CATALOGUE.ListLabelReleases,
            CATALOGUE.GetReleaseStats,
            CATALOGUE.ListNewestReleases,
          ],
        )
        .inSingletonScope();
      bind(HTTP.Routes)
        .toResolvedValue(
          (config, presenter, useCases) => new CatalogueRoutes(useCases, presenter, { baseUrl: config.baseUrl }),
          [CORE.Config, CATALOGUE.Presenter, CATALOGUE.UseCases],
        )
        .inSingletonScope();
      // The catalogue's web pages: the same use cases and presenter as the routes above.
      bind(HTTP.Routes)
        .toResolvedValue(
          (
            config: Config,
            presenter: CataloguePresenter,
            useCases: CatalogueUseCases,
            urls: ApiUrls,
            search: SearchDatabase | undefined,
            sessions: WebSessions | undefined,
            names: NameResolver,
            recentListings: ListRecentListings | undefined,
          ) =>
            new CataloguePages(
              { useCases, search, sessions, presenter, searchPresenter: new SearchPresenter(urls, config.dialect), urls, names, recentListings },
              { webUrl: config.webUrl, site: config.siteName },
            ),
          [
            CORE.Config,
            CATALOGUE.Presenter,
            CATALOGUE.UseCases,
            HTTP.ApiUrls,
            { serviceIdentifier: SEARCH.SearchDatabase, optional: true },
            { serviceIdentifier: IDENTITY.WebSessions, optional: true },
            TEXT.NameResolver,
            // The home page's listings for sale, where the marketplace is loaded.
            { serviceIdentifier: LISTINGS.ListRecentListings, optional: true },
          ],
        )
        .inSingletonScope();
    }),

  async demo(container, log) {
    const imported = await seedDemoData(container.get(CATALOGUE.Samples), container.get(CATALOGUE.ImportDump), {
      progress: 'none',
      log,
    });
    log(imported ? 'catalogue: demo dumps imported' : 'catalogue: not empty; demo dumps left out');
  },
};
