import { ContainerModule } from 'inversify';
import { createHttpApp } from '../../adapters/http/app.js';
import { CataloguePresenter } from '../../adapters/http/catalogue/catalogue-presenter.js';
import { ApiUrls } from '../../adapters/http/urls.js';
import { TOKENS } from '../tokens.js';

/** The Koa HTTP adapter: URL builder, presenters and the application with its routes. */
export function koaHttpModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(TOKENS.ApiUrls)
      .toResolvedValue((config) => new ApiUrls(config.baseUrl, config.webUrl, config.userPathSegment), [TOKENS.Config])
      .inSingletonScope();
    bind(TOKENS.CataloguePresenter)
      .toResolvedValue((urls, config) => new CataloguePresenter(urls, config.dialect), [TOKENS.ApiUrls, TOKENS.Config])
      .inSingletonScope();
    bind(TOKENS.HttpApp)
      .toResolvedValue(
        (config, logger, store, presenter, getRelease, getMaster, listMasterVersions, getArtist, listArtistReleases, getLabel, listLabelReleases) =>
          createHttpApp({
            settings: config,
            logger,
            rateLimitStore: store,
            cataloguePresenter: presenter,
            catalogue: { getRelease, getMaster, listMasterVersions, getArtist, listArtistReleases, getLabel, listLabelReleases },
          }),
        [
          TOKENS.Config,
          TOKENS.Logger,
          TOKENS.RateLimitStore,
          TOKENS.CataloguePresenter,
          TOKENS.GetRelease,
          TOKENS.GetMaster,
          TOKENS.ListMasterVersions,
          TOKENS.GetArtist,
          TOKENS.ListArtistReleases,
          TOKENS.GetLabel,
          TOKENS.ListLabelReleases,
        ],
      )
      .inSingletonScope();
  });
}
