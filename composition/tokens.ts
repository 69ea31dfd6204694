import type { ServiceIdentifier } from 'inversify';
import type Koa from 'koa';
import type { GetArtist } from '../application/catalogue/get-artist.js';
import type { GetLabel } from '../application/catalogue/get-label.js';
import type { GetMaster } from '../application/catalogue/get-master.js';
import type { GetRelease } from '../application/catalogue/get-release.js';
import type { ListArtistReleases } from '../application/catalogue/list-artist-releases.js';
import type { ListLabelReleases } from '../application/catalogue/list-label-releases.js';
import type { ListMasterVersions } from '../application/catalogue/list-master-versions.js';
import type { CatalogueReader } from '../application/ports/catalogue-reader.js';
import type { Clock } from '../application/ports/clock.js';
import type { Logger } from '../application/ports/logger.js';
import type { MarketFigures } from '../application/ports/market-figures.js';
import type { RateLimitStore } from '../application/ports/rate-limit-store.js';
import type { TextRenderer } from '../application/text/text-renderer.js';
import type { NameResolver } from '../domain/text/name-resolver.js';
import type { CataloguePresenter } from '../adapters/http/catalogue/catalogue-presenter.js';
import type { SpindleState } from '../adapters/http/http-state.js';
import type { ApiUrls } from '../adapters/http/urls.js';
import type { Database } from '../adapters/persistence/database.js';
import type { Config } from './config.js';

const token = <T>(name: string) => Symbol.for(`spindle/${name}`) as ServiceIdentifier<T>;

/** Typed service identifiers for every binding of the container. */
export const TOKENS = {
  Config: token<Config>('Config'),
  Logger: token<Logger>('Logger'),
  Clock: token<Clock>('Clock'),
  Database: token<Database>('Database'),
  CatalogueReader: token<CatalogueReader>('CatalogueReader'),
  NameResolver: token<NameResolver>('NameResolver'),
  MarketFigures: token<MarketFigures>('MarketFigures'),
  RateLimitStore: token<RateLimitStore>('RateLimitStore'),
  TextRenderer: token<TextRenderer>('TextRenderer'),
  GetRelease: token<GetRelease>('GetRelease'),
  GetMaster: token<GetMaster>('GetMaster'),
  ListMasterVersions: token<ListMasterVersions>('ListMasterVersions'),
  GetArtist: token<GetArtist>('GetArtist'),
  ListArtistReleases: token<ListArtistReleases>('ListArtistReleases'),
  GetLabel: token<GetLabel>('GetLabel'),
  ListLabelReleases: token<ListLabelReleases>('ListLabelReleases'),
  ApiUrls: token<ApiUrls>('ApiUrls'),
  CataloguePresenter: token<CataloguePresenter>('CataloguePresenter'),
  HttpApp: token<Koa<SpindleState>>('HttpApp'),
} as const;
