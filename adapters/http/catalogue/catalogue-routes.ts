import type Router from '@koa/router';
import type { GetArtist } from '../../../application/catalogue/get-artist.js';
import type { GetLabel } from '../../../application/catalogue/get-label.js';
import type { GetMaster } from '../../../application/catalogue/get-master.js';
import type { GetRelease } from '../../../application/catalogue/get-release.js';
import type { GetReleaseStats } from '../../../application/catalogue/get-release-stats.js';
import type { ListArtistReleases } from '../../../application/catalogue/list-artist-releases.js';
import type { ListLabelReleases } from '../../../application/catalogue/list-label-releases.js';
import type { ListNewestReleases } from '../../../application/catalogue/list-newest-releases.js';
import type { ListMasterVersions } from '../../../application/catalogue/list-master-versions.js';
import { NotFound } from '../../../application/errors.js';
import type { Currency } from '../../../domain/marketplace/currency.js';
import type { DirectAnswer, DirectRoute } from '../direct-lane.js';
import type { SpindleState } from '../http-state.js';
import type { RouteModule } from '../route-module.js';
import { PageQuery, paginate } from '../pagination.js';
import { pathId, validateQuery, type Query } from '../query.js';
import type { CataloguePresenter } from './catalogue-presenter.js';
import { ArtistReleasesQuery, CurrencyQuery, VersionsQuery } from './catalogue-queries.js';
import type { ApiSchema } from '../api-shapes.js';

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
  /** The home page's recently added releases (no API route: the API lists by search and by artist or label). */
  readonly listNewestReleases: ListNewestReleases;
}

const notFound = (message: string) => () => new NotFound(message);

const JSON_TYPE = 'application/json; charset=utf-8';
const json = (value: object): DirectAnswer => ({ type: JSON_TYPE, body: JSON.stringify(value) });

/** A record by id: the Koa route's path, the direct lane's, and the one answer both give. */
interface DocumentRoute {
  readonly koaPath: string;
  readonly directPath: RegExp;
  answer(id: string | undefined, query: Query, state: SpindleState): Promise<DirectAnswer>;
}

/**
 * The read-only database routes: releases, masters and versions, artists, labels. A record by id is also answered
 * by the direct lane (the hottest reads of the API), with the same answer.
 */
export class CatalogueRoutes implements RouteModule {
  private readonly documents: readonly DocumentRoute[];

  constructor(
    private readonly useCases: CatalogueUseCases,
    private readonly presenter: CataloguePresenter,
    private readonly options: { readonly baseUrl: string },
  ) {
    // Left out, the use case takes the caller's currency.
    const currency = (q: CurrencyQuery): Currency | undefined => q.curr_abbr as Currency | undefined;
    this.documents = [
      {
        koaPath: '/releases/:id',
        directPath: /^\/releases\/(\d{1,10})$/,
        // Not an async function: the use case's promise is the answer's (one promise the fewer on the hottest read).
        answer: (id, query, state) => {
          let releaseId: number;
          let q: CurrencyQuery;
          try {
            releaseId = pathId(id, notFound('Release not found.'));
            q = validateQuery(CurrencyQuery, query);
          } catch (err) {
            return Promise.reject(err as Error);
          }
          // Already JSON text (the filled template): sent as it is.
          return useCases.getRelease
            .execute({ releaseId, currency: currency(q), textFormat: state.textFormat, caller: state.caller })
            .then((view) => ({ type: JSON_TYPE, body: presenter.release(view) }));
        },
      },
      {
        koaPath: '/masters/:id',
        directPath: /^\/masters\/(\d{1,10})$/,
        answer: async (id, query, state) => {
          const masterId = pathId(id, notFound('Master Release not found.'));
          const q = validateQuery(CurrencyQuery, query);
          return json(presenter.master(await useCases.getMaster.execute({ masterId, currency: currency(q), caller: state.caller })));
        },
      },
      {
        koaPath: '/artists/:id',
        directPath: /^\/artists\/(\d{1,10})$/,
        answer: async (id, _query, state) => {
          const artistId = pathId(id, notFound('Artist not found.'));
          return json(presenter.artist(await useCases.getArtist.execute({ artistId, textFormat: state.textFormat, caller: state.caller })));
        },
      },
      {
        koaPath: '/labels/:id',
        directPath: /^\/labels\/(\d{1,10})$/,
        answer: async (id, _query, state) => {
          const labelId = pathId(id, notFound('Label not found.'));
          return json(presenter.label(await useCases.getLabel.execute({ labelId, textFormat: state.textFormat, caller: state.caller })));
        },
      },
    ];
  }

  directRoutes(): readonly DirectRoute[] {
    return this.documents.map((d) => ({ route: d.koaPath, path: d.directPath, answer: (params, query, state) => d.answer(params[0], query, state) }));
  }

  register(router: Router<SpindleState>): void {
    const { useCases, presenter, options } = this;
    for (const d of this.documents) {
      router.get(d.koaPath, async (ctx) => {
        const answer = await d.answer(ctx.params.id, ctx.query, ctx.state);
        ctx.type = answer.type;
        ctx.body = answer.body;
      });
    }

    router.get('/releases/:id/stats', async (ctx) => {
      const releaseId = pathId(ctx.params.id, notFound('Release not found.'));
      const stats = await useCases.getReleaseStats.execute({ releaseId });
      ctx.body = { num_have: stats.inCollection, num_want: stats.inWantlist } satisfies ApiSchema<'ReleaseStats'>;
    });

    router.get('/masters/:id/versions', async (ctx) => {
      const masterId = pathId(ctx.params.id, notFound('Master Release not found.'));
      const q = validateQuery(VersionsQuery, ctx.query);
      const page = await useCases.listMasterVersions.execute({
        masterId,
        caller: ctx.state.caller,
        query: { ...q.toPageRequest(), format: q.format, label: q.label, released: q.released, country: q.country, sort: q.sort, sortOrder: q.sortOrder() },
      });
      ctx.body = {
        pagination: paginate(ctx, options.baseUrl, page),
        ...presenter.versionFilters(page.applied, page.facets),
        versions: page.items.map((v) => presenter.version(v)),
      } satisfies ApiSchema<'VersionPage'>;
    });

    router.get('/artists/:id/releases', async (ctx) => {
      const artistId = pathId(ctx.params.id, notFound('Artist not found.'));
      const q = validateQuery(ArtistReleasesQuery, ctx.query);
      const page = await useCases.listArtistReleases.execute({
        artistId,
        caller: ctx.state.caller,
        query: { ...q.toPageRequest(), sort: q.sort, sortOrder: q.sortOrder() },
      });
      ctx.body = { pagination: paginate(ctx, options.baseUrl, page), releases: page.items.map((e) => presenter.artistRelease(e)) } satisfies ApiSchema<'ArtistReleasePage'>;
    });

    router.get('/labels/:id/releases', async (ctx) => {
      const labelId = pathId(ctx.params.id, notFound('Label not found.'));
      const q = validateQuery(PageQuery, ctx.query);
      const page = await useCases.listLabelReleases.execute({ labelId, page: q.toPageRequest(), caller: ctx.state.caller });
      ctx.body = { pagination: paginate(ctx, options.baseUrl, page), releases: page.items.map((e) => presenter.labelRelease(e)) } satisfies ApiSchema<'LabelReleasePage'>;
    });
  }
}
