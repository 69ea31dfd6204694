import type Router from '@koa/router';
import type { ListContributions } from '../../../application/contributions/list-contributions.js';
import type { ListSubmissions } from '../../../application/contributions/list-submissions.js';
import type { SpindleState } from '../http-state.js';
import { PageQuery, paginate } from '../pagination.js';
import { validateQuery } from '../query.js';
import type { RouteModule } from '../route-module.js';
import type { ContributionsPresenter } from './contributions-presenter.js';
import { ContributionsQuery } from './contributions-queries.js';

/** `GET /s/{name}/submissions` and `GET /s/{name}/contributions` (and `/users/{name}/…`): public lists. */
export class ContributionsRoutes implements RouteModule {
  constructor(
    private readonly listSubmissions: ListSubmissions,
    private readonly listContributions: ListContributions,
    private readonly presenter: ContributionsPresenter,
    private readonly options: { readonly baseUrl: string },
  ) {}

  register(router: Router<SpindleState>): void {
    router.get('/s/:name/submissions', async (ctx) => {
      const q = validateQuery(PageQuery, ctx.query);
      const result = await this.listSubmissions.execute({
        name: ctx.params.name!,
        page: q.toPageRequest(),
        textFormat: ctx.state.textFormat,
        caller: ctx.state.caller,
      });
      ctx.type = 'application/json';
      ctx.body = this.presenter.submissions(result, paginate(ctx, this.options.baseUrl, result.page));
    });

    router.get('/s/:name/contributions', async (ctx) => {
      const q = validateQuery(ContributionsQuery, ctx.query);
      const page = await this.listContributions.execute({
        name: ctx.params.name!,
        query: { ...q.toPageRequest(), sort: q.sort, sortOrder: q.sortOrder() },
        textFormat: ctx.state.textFormat,
        caller: ctx.state.caller,
      });
      ctx.type = 'application/json';
      ctx.body = this.presenter.contributions(page.items, paginate(ctx, this.options.baseUrl, page));
    });
  }
}
