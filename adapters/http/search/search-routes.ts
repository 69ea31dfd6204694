import type Router from '@koa/router';
import type { SearchDatabase, SearchParameters } from '../../../application/search/search-database.js';
import type { SpindleState } from '../http-state.js';
import { PageQuery, paginate } from '../pagination.js';
import { validateQuery } from '../query.js';
import type { RouteModule } from '../route-module.js';
import type { SearchPresenter } from './search-presenter.js';
import type { ApiSchema } from '../api-shapes.js';

/** The parameters `GET /database/search` reads (besides `page` and `per_page`); `query` is a synonym of `q`. */
const PARAMETERS = [
  'q',
  'type',
  'title',
  'release_title',
  'credit',
  'artist',
  'anv',
  'label',
  'genre',
  'style',
  'country',
  'year',
  'format',
  'catno',
  'barcode',
  'track',
  'submitter',
  'contributor',
] as const satisfies readonly (keyof SearchParameters)[];

/**
 * The search parameters of a query string as given (the last of a repeated one; `query` for a missing `q`), for the
 * use case to check: the API's `GET /database/search` and the site's search page read them alike.
 */
export function searchParameters(query: Readonly<Record<string, string | string[] | undefined>>): Record<string, string | undefined> {
  const given = (name: string): string | undefined => {
    const raw = query[name];
    return Array.isArray(raw) ? raw[raw.length - 1] : raw;
  };
  const parameters: Record<string, string | undefined> = {};
  for (const name of PARAMETERS) parameters[name] = given(name);
  parameters.q ??= given('query');
  return parameters;
}

/** `GET /database/search`: the parameters as given (the last of a repeated one), checked by the use case. */
export class SearchRoutes implements RouteModule {
  constructor(
    private readonly searchDatabase: SearchDatabase,
    private readonly presenter: SearchPresenter,
    private readonly options: { readonly baseUrl: string },
  ) {}

  register(router: Router<SpindleState>): void {
    router.get('/database/search', async (ctx) => {
      const page = validateQuery(PageQuery, ctx.query).toPageRequest();
      const parameters = searchParameters(ctx.query);
      const found = await this.searchDatabase.execute({ caller: ctx.state.caller, parameters, page });
      ctx.body = {
        pagination: paginate(ctx, this.options.baseUrl, found),
        results: found.items.map((hit) => this.presenter.result(hit)),
      } satisfies ApiSchema<'SearchPage'>;
    });
  }
}
