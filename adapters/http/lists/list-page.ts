import type Router from '@koa/router';
import type { GetList } from '../../../application/lists/get-list.js';
import type { WebSessions } from '../../../application/identity/web-sessions.js';
import type { SpindleState } from '../http-state.js';
import { pathId } from '../query.js';
import type { RouteModule } from '../route-module.js';
import type { ApiUrls } from '../urls.js';
import { pageCaller, profilePageUrl } from '../users/profile-page.js';
import { peoplePageTemplates } from '../users/people-page-templates.js';
import { dateInWords } from '../web-pages/page-format.js';
import { pageHead, type WebPageSettings } from '../web-pages/web-page-kit.js';
import type { ListPresenter } from './list-presenter.js';
import { listNotFound } from './list-routes.js';

/**
 * A list's page path, the list's `uri`: `/lists/{slug}/{id}`. Two segments, so it never meets the API's `/lists/{id}`
 * (its JSON, for API clients and browsers alike) nor `/lists/{id}/items` (the last segment is not a number).
 */
const LIST_PAGE = /^\/lists\/[^/]+\/\d+$/;

/**
 * A list as a page (`{web_url}/lists/{slug}/{id}`): the API's `GET /lists/{id}` (the same use case and presenter, the
 * description in the html text format), so a private list is the API's refusal for everyone but its owner.
 */
export class ListPage implements RouteModule {
  private readonly eta = peoplePageTemplates();

  constructor(
    private readonly getList: GetList,
    private readonly presenter: ListPresenter,
    private readonly sessions: Pick<WebSessions, 'caller'> | undefined,
    private readonly urls: ApiUrls,
    private readonly settings: WebPageSettings,
  ) {}

  isWebPage(path: string): boolean {
    return LIST_PAGE.test(path);
  }

  register(router: Router<SpindleState>): void {
    router.get('/lists/:slug/:id', async (ctx) => {
      const listId = pathId(ctx.params.id, listNotFound);
      const view = await this.getList.execute({ listId, caller: await pageCaller(this.sessions, ctx), textFormat: 'html' });
      const l = this.presenter.list(view);
      pageHead(ctx, 200);
      ctx.body = this.eta.render('@list', {
        site: this.settings.site,
        webUrl: this.settings.webUrl,
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
