import type Router from '@koa/router';
import type { GetProfile } from '../../../application/users/get-profile.js';
import type { Dialect } from '../catalogue/catalogue-presenter.js';
import type { SpindleState } from '../http-state.js';
import type { RouteModule } from '../route-module.js';
import type { ApiUrls } from '../urls.js';
import { dateInWords } from '../web-pages/page-format.js';
import { pageCaller, renderPage, type PageSessions, type WebPageSettings } from '../web-pages/web-page-kit.js';
import { peoplePageTemplates } from './people-page-templates.js';
import { presentProfile } from './profile-routes.js';

/** A profile page's path: `/user/{name}`, the API's user `uri`. */
const PROFILE_PATH = /^\/user\/[^/]+$/;

/** The web page of a user's profile (`/user/{name}`), the page the API's `uri` names. */
export function profilePageUrl(urls: ApiUrls, name: string): string {
  return urls.webPage(`/user/${encodeURIComponent(name)}`);
}

/**
 * A user's profile page on `{web_url}/user/{name}`: the API's profile (the same use case and presenter as
 * `GET /users/{name}`, so the same visibility: collection and wantlist sizes only where the API shows them), with links
 * to the collection and wantlist pages the viewer may open. An unknown user is the API's 404 as the site's page.
 */
export class ProfilePage implements RouteModule {
  private readonly eta = peoplePageTemplates();

  constructor(
    private readonly getProfile: GetProfile,
    private readonly sessions: PageSessions | undefined,
    private readonly urls: ApiUrls,
    private readonly dialect: Dialect,
    private readonly settings: WebPageSettings,
  ) {}

  isWebPage(path: string): boolean {
    return PROFILE_PATH.test(path);
  }

  register(router: Router<SpindleState>): void {
    router.get('/user/:name', async (ctx) => {
      const caller = await pageCaller(this.sessions, ctx);
      const view = await this.getProfile.execute({ name: ctx.params.name!, caller, textFormat: 'html' });
      const p = presentProfile(view, this.urls, this.dialect);
      const name = view.user.username;
      const page = profilePageUrl(this.urls, name);
      const realName = 'real_name' in p ? p.real_name : p.name;
      const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
      const records = [
        view.numCollection === undefined
          ? { text: 'The collection is private.' }
          : { href: `${page}/collection`, text: `Collection: ${count(view.numCollection, 'release', 'releases')}` },
        view.numWantlist === undefined
          ? { text: 'The wantlist is private.' }
          : { href: `${page}/wants`, text: `Wantlist: ${count(view.numWantlist, 'release', 'releases')}` },
        { href: `${page}/lists`, text: `Lists: ${view.numLists}` },
        { text: `For sale: ${count(p.num_for_sale, 'item', 'items')}` },
      ];
      const stars = (rating: number, n: number): string => (n === 0 ? 'none yet' : `${rating}% positive from ${count(n, 'rating', 'ratings')}`);
      await renderPage(ctx, { eta: this.eta, settings: this.settings, sessions: this.sessions }, '@profile', {
        title: name,
        canonical: p.uri,
        avatar: p.avatar_url,
        facts: [
          { term: 'Name', text: realName },
          { term: 'Location', text: p.location },
          // Only a web address is a link (a `javascript:` one would run on the site); anything else is shown as text.
          /^https?:\/\//i.test(p.home_page) ? { term: 'Home page', links: [{ href: p.home_page, text: p.home_page }] } : { term: 'Home page', text: p.home_page },
          { term: 'Member since', text: dateInWords(view.user.registeredAt) },
          { term: 'As a seller', text: stars(p.seller_rating, p.seller_num_ratings) },
          { term: 'As a buyer', text: stars(p.buyer_rating, p.buyer_num_ratings) },
          { term: 'Releases rated', text: String(p.releases_rated) },
        ],
        profile: p.profile,
        records,
        apiUrl: p.resource_url,
      });
    });
  }
}
