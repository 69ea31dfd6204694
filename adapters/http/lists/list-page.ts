import type Router from '@koa/router';
import type { GetList } from '../../../application/lists/get-list.js';
import type { ListUserLists } from '../../../application/lists/list-user-lists.js';
import type { SpindleState } from '../http-state.js';
import { PageQuery } from '../pagination.js';
import { pathId, validateQuery } from '../query.js';
import type { RouteModule } from '../route-module.js';
import type { ApiUrls } from '../urls.js';
import { profilePageUrl } from '../users/profile-page.js';
import { peoplePageTemplates } from '../users/people-page-templates.js';
import { dateInWords } from '../web-pages/page-format.js';
import { pagerLinks } from '../web-pages/page-links.js';
import { pageCaller, renderPage, type PageSessions, type WebPageSettings } from '../web-pages/web-page-kit.js';
import type { ListPresenter } from './list-presenter.js';
import { listNotFound } from './list-routes.js';

/**
 * A list's page path, the list's `uri`: `/lists/{slug}/{id}`. Two segments, so it never meets the API's `/lists/{id}`
 * (its JSON, for API clients and browsers alike) nor `/lists/{id}/items` (the last segment is not a number). The
 * router's own pattern of it (`/lists/:slug/:id`, which the route table lists) is the page too.
 */
const LIST_PAGE = /^\/lists\/[^/]+\/(?:\d+|:id)$/;
/** A user's lists: `/user/{name}/lists`. */
const USER_LISTS = /^\/user\/[^/]+\/lists$/;

/**
 * A user's lists (`{web_url}/user/{name}/lists`, as `GET /s/{name}/lists`) and a list as a page (`{web_url}/lists/{slug}/{id}`): the API's `GET /lists/{id}` (the same use case and presenter, the
 * description in the html text format), so a private list is the API's refusal for everyone but its owner.
 */
export class ListPage implements RouteModule {
  private readonly eta = peoplePageTemplates();

  constructor(
    private readonly getList: GetList,
    private readonly listUserLists: ListUserLists,
    private readonly presenter: ListPresenter,
    private readonly sessions: PageSessions | undefined,
    private readonly urls: ApiUrls,
    private readonly settings: WebPageSettings,
  ) {}

  isWebPage(path: string): boolean {
    return LIST_PAGE.test(path) || USER_LISTS.test(path);
  }

  register(router: Router<SpindleState>): void {
    // A user's lists, as `GET /s/{name}/lists` (their private ones to them alone).
    router.get('/user/:name/lists', async (ctx) => {
      const q = validateQuery(PageQuery, ctx.query);
      const caller = await pageCaller(this.sessions, ctx);
      const { owner, page } = await this.listUserLists.execute({ name: ctx.params.name!, caller, page: q.toPageRequest(), textFormat: 'html' });
      const profile = profilePageUrl(this.urls, owner.username);
      await renderPage(ctx, { eta: this.eta, settings: this.settings, sessions: this.sessions }, '@user-lists', {
        title: `${owner.username}’s lists`,
        owner: { name: owner.username, href: profile },
        lists: page.items.map((v) => {
          const l = this.presenter.summary(v);
          return { href: l.uri, name: l.name, isPublic: l.public, description: l.description, items: v.itemCount, changed: dateInWords(v.changedAt) };
        }),
        pager: pagerLinks(ctx, `${profile}/lists`, page),
      });
    });
    router.get('/lists/:slug/:id', async (ctx) => {
      const listId = pathId(ctx.params.id, listNotFound);
      const view = await this.getList.execute({ listId, caller: await pageCaller(this.sessions, ctx), textFormat: 'html' });
      const l = this.presenter.list(view);
      await renderPage(ctx, { eta: this.eta, settings: this.settings, sessions: this.sessions }, '@list', {
        title: l.name,
        canonical: l.uri,
        owner: { name: view.owner.username, href: profilePageUrl(this.urls, view.owner.username) },
        description: l.description,
        isPublic: l.public,
        items: l.items.map((i) => ({ href: i.uri, title: i.display_title, kind: i.type, comment: i.comment })),
        added: dateInWords(view.createdAt),
        changed: dateInWords(view.changedAt),
        apiUrl: l.resource_url,
      });
    });
  }
}
