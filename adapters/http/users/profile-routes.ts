import type Router from '@koa/router';
import type { EditProfile, GetProfile, ProfileView } from '../../../application/users/profiles.js';
import { loginOf, timestamp, type Dialect } from '../catalogue/catalogue-presenter.js';
import type { SpindleState } from '../http-state.js';
import { jsonBodyParser, requestBody } from '../json-body-parser.js';
import type { RouteModule } from '../route-module.js';
import type { ApiUrls } from '../urls.js';

/** A profile in the API's shape and key order; the login and real-name keys as the dialect names them. */
export function presentProfile(view: ProfileView, urls: ApiUrls, dialect: Dialect): Record<string, unknown> {
  const u = view.user;
  const f = view.figures;
  const resource = urls.user(u.username);
  const login = loginOf(dialect, u.username);
  const realName = dialect === 'discogs' ? { name: u.realName } : { real_name: u.realName };
  return {
    profile: view.profileText,
    wantlist_url: `${resource}/wants`,
    rank: 0,
    num_pending: f.numPending,
    id: u.id,
    num_for_sale: f.numForSale,
    home_page: u.homePage,
    location: u.location,
    collection_folders_url: `${resource}/collection/folders`,
    ...login,
    collection_fields_url: `${resource}/collection/fields`,
    releases_contributed: f.releasesContributed,
    registered: timestamp(u.registeredAt),
    rating_avg: f.ratingAverage ?? 0,
    ...(view.numCollection === undefined ? {} : { num_collection: view.numCollection }),
    releases_rated: f.releasesRated,
    num_lists: view.numLists,
    ...realName,
    ...(view.numWantlist === undefined ? {} : { num_wantlist: view.numWantlist }),
    inventory_url: `${resource}/inventory`,
    avatar_url: '',
    banner_url: '',
    uri: urls.webPage(`/user/${encodeURIComponent(u.username)}`),
    resource_url: resource,
    buyer_rating: f.buyer.rating,
    buyer_rating_stars: f.buyer.stars,
    buyer_num_ratings: f.buyer.count,
    seller_rating: f.seller.rating,
    seller_rating_stars: f.seller.stars,
    seller_num_ratings: f.seller.count,
    curr_abbr: u.currency,
    ...(view.email === undefined ? {} : { email: view.email }),
  };
}

/** `GET` and `POST /s/{name}` (and `/users/{name}`, which the path middleware maps here). */
export class ProfileRoutes implements RouteModule {
  constructor(
    private readonly getProfile: GetProfile,
    private readonly editProfile: EditProfile,
    private readonly urls: ApiUrls,
    private readonly dialect: Dialect,
    private readonly maxBodyBytes: number,
  ) {}

  register(router: Router<SpindleState>): void {
    router.get('/s/:name', async (ctx) => {
      const view = await this.getProfile.execute({ name: ctx.params.name!, caller: ctx.state.caller, textFormat: ctx.state.textFormat });
      ctx.body = presentProfile(view, this.urls, this.dialect);
    });
    router.post('/s/:name', jsonBodyParser(this.maxBodyBytes), async (ctx) => {
      const view = await this.editProfile.execute({
        name: ctx.params.name!,
        caller: ctx.state.caller,
        body: requestBody(ctx),
        textFormat: ctx.state.textFormat,
      });
      ctx.body = presentProfile(view, this.urls, this.dialect);
    });
  }
}
