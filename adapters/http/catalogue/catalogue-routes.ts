import type Router from '@koa/router';
import type { GetArtist } from '../../../application/catalogue/get-artist.js';
import type { GetLabel } from '../../../application/catalogue/get-label.js';
import type { GetMaster } from '../../../application/catalogue/get-master.js';
import type { GetRelease } from '../../../application/catalogue/get-release.js';
import type { GetReleaseStats } from '../../../application/catalogue/get-release-stats.js';
import type { ListArtistReleases } from '../../../application/catalogue/list-artist-releases.js';
import type { ListLabelReleases } from '../../../application/catalogue/list-label-releases.js';
import type { ListMasterVersions } from '../../../application/catalogue/list-master-versions.js';
import { NotFound } from '../../../application/errors.js';
import type { Currency } from '../../../domain/marketplace/currency.js';
import type { SpindleState } from '../http-state.js';
import type { RouteModule } from '../route-module.js';
import { PageQuery, paginate } from '../pagination.js';
import { pathId, validateQuery } from '../query.js';
import type { CataloguePresenter } from './catalogue-presenter.js';
import { ArtistReleasesQuery, CurrencyQuery, VersionsQuery } from './catalogue-queries.js';

/** The use cases the catalogue routes call. */
export interface CatalogueUseCases {
  readonly getRelease: GetRelease;
  readonly getMaster: GetMaster;
  readonly listMasterVersions: ListMasterVersions;
  readonly getArtist: GetArtist;
  readonly listArtistReleases: ListArtistReleases;
  readonly getLabel: GetLabel;
  readonly listLabelReleases: ListLabelReleases;
  readonly getReleaseStats: GetReleaseStats;
}

const notFound = (message: string) => () => new NotFound(message);

/** The read-only database routes: releases, masters and versions, artists, labels. */
export class CatalogueRoutes implements RouteModule {
  constructor(
    private readonly useCases: CatalogueUseCases,
    private readonly presenter: CataloguePresenter,
    private readonly options: { readonly baseUrl: string },
  ) {}

  register(router: Router<SpindleState>): void {
    const { useCases, presenter, options } = this;
    const currency = (q: CurrencyQuery): Currency => (q.curr_abbr as Currency | undefined) ?? 'USD';

    router.get('/releases/:id', async (ctx) => {
      const releaseId = pathId(ctx.params.id, notFound('Release not found.'));
      const q = validateQuery(CurrencyQuery, ctx.query);
      const view = await useCases.getRelease.execute({
        releaseId,
        currency: currency(q),
        textFormat: ctx.state.textFormat,
        caller: ctx.state.caller,
      });
      // Already JSON text (the filled template): sent as it is.
      ctx.type = 'application/json';
      ctx.body = presenter.release(view);
    });

    router.get('/releases/:id/stats', async (ctx) => {
      const releaseId = pathId(ctx.params.id, notFound('Release not found.'));
      const stats = await useCases.getReleaseStats.execute({ releaseId });
      ctx.body = { num_have: stats.inCollection, num_want: stats.inWantlist };
    });

    router.get('/masters/:id', async (ctx) => {
      const masterId = pathId(ctx.params.id, notFound('Master Release not found.'));
      const q = validateQuery(CurrencyQuery, ctx.query);
      ctx.body = presenter.master(await useCases.getMaster.execute({ masterId, currency: currency(q), caller: ctx.state.caller }));
    });

    router.get('/masters/:id/versions', async (ctx) => {
      const masterId = pathId(ctx.params.id, notFound('Master Release not found.'));
      const q = validateQuery(VersionsQuery, ctx.query);
      const page = await useCases.listMasterVersions.execute({
        masterId,
        caller: ctx.state.caller,
        query: { ...q.toPageRequest(), format: q.format, label: q.label, released: q.released, country: q.country, sort: q.sort, sortOrder: q.sortOrder() },
      });
      ctx.body = { pagination: paginate(ctx, options.baseUrl, page), versions: page.items.map((v) => presenter.version(v)) };
    });

    router.get('/artists/:id', async (ctx) => {
      const artistId = pathId(ctx.params.id, notFound('Artist not found.'));
      ctx.body = presenter.artist(await useCases.getArtist.execute({ artistId, textFormat: ctx.state.textFormat, caller: ctx.state.caller }));
    });

    router.get('/artists/:id/releases', async (ctx) => {
      const artistId = pathId(ctx.params.id, notFound('Artist not found.'));
      const q = validateQuery(ArtistReleasesQuery, ctx.query);
      const page = await useCases.listArtistReleases.execute({
        artistId,
        caller: ctx.state.caller,
        query: { ...q.toPageRequest(), sort: q.sort, sortOrder: q.sortOrder() },
      });
      ctx.body = { pagination: paginate(ctx, options.baseUrl, page), releases: page.items.map((e) => presenter.artistRelease(e)) };
    });

    router.get('/labels/:id', async (ctx) => {
      const labelId = pathId(ctx.params.id, notFound('Label not found.'));
      ctx.body = presenter.label(await useCases.getLabel.execute({ labelId, textFormat: ctx.state.textFormat, caller: ctx.state.caller }));
    });

    router.get('/labels/:id/releases', async (ctx) => {
      const labelId = pathId(ctx.params.id, notFound('Label not found.'));
      const q = validateQuery(PageQuery, ctx.query);
      const page = await useCases.listLabelReleases.execute({ labelId, page: q.toPageRequest() });
      ctx.body = { pagination: paginate(ctx, options.baseUrl, page), releases: page.items.map((e) => presenter.labelRelease(e)) };
    });
  }
}
