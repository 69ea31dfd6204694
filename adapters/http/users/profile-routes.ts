import type Router from '@koa/router';
import type { EditProfile } from '../../../application/users/edit-profile.js';
import type { GetProfile } from '../../../application/users/get-profile.js';
import type { ProfileView } from '../../../application/users/profile-view.js';
import { discogsLogin, specLogin, timestamp, type Dialect } from '../catalogue/catalogue-presenter.js';
import type { SpindleState } from '../http-state.js';
import { jsonBodyParser, requestBody } from '../json-body-parser.js';
import { NotFound } from '../../../application/errors.js';
import { defaultAvatarSvg, defaultBannerSvg } from './default-images.js';
import { profileEditInput } from './profile-bodies.js';
import type { RouteModule } from '../route-module.js';
import type { ApiSchema, Login } from '../api-shapes.js';
import type { ApiUrls } from '../urls.js';

/**
 * A profile in the API's shape and key order; the login and real-name keys as the dialect names them. Ratings and
 * stars are numbers, 0 without feedback, as the public API sends them. Spindle has no account activation, marketplace
 * suspension of users or staff accounts: every account is `activated`, none `marketplace_suspended` or `is_staff`.
 */
export function presentProfile(view: ProfileView, urls: ApiUrls, dialect: Dialect): ApiSchema<'Profile'> {
  const u = view.user;
  return dialect === 'discogs'
    ? profileIn(view, urls, discogsLogin(u.username), { name: u.realName })
    : profileIn(view, urls, specLogin(u.username), { real_name: u.realName });
}

/**
 * The profile with the dialect's login and real-name keys: generic in both, so that each dialect's call is checked
 * against that dialect's schema with its two keys together (ADR 0035).
 */
function profileIn<L extends Login, R extends { name: string } | { real_name: string }>(view: ProfileView, urls: ApiUrls, login: L, realName: R) {
  const u = view.user;
  const f = view.figures;
  const resource = urls.user(u.username);
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
    avatar_url: urls.avatar(u.username),
    banner_url: urls.banner(u.username),
    uri: urls.webPage(`/user/${encodeURIComponent(u.username)}`),
    resource_url: resource,
    buyer_rating: f.buyer.rating ?? 0,
    buyer_rating_stars: f.buyer.stars ?? 0,
    buyer_num_ratings: f.buyer.count,
    seller_rating: f.seller.rating ?? 0,
    seller_rating_stars: f.seller.stars ?? 0,
    seller_num_ratings: f.seller.count,
    curr_abbr: u.currency,
    activated: true as const,
    marketplace_suspended: false as const,
    is_staff: false as const,
    ...(view.email === undefined ? {} : { email: view.email }),
    ...(view.numUnread === undefined ? {} : { num_unread: view.numUnread }),
  };
}

const DEFAULT_IMAGE = /^\/(avatars|banners)\//;

/**
 * `GET` and `POST /s/{name}` (and `/users/{name}`, which the path middleware maps here); `GET /avatars/{name}.svg` and
 * `/banners/{name}.svg`, a user's generated default images (for `<img>` in browsers, which send their own agent: the
 * API's User-Agent rule does not apply to them).
 */
export class ProfileRoutes implements RouteModule {
  constructor(
    private readonly getProfile: GetProfile,
    private readonly editProfile: EditProfile,
    private readonly urls: ApiUrls,
    private readonly dialect: Dialect,
    private readonly maxBodyBytes: number,
  ) {}

  isWebPage(path: string): boolean {
    return DEFAULT_IMAGE.test(path);
  }

  isStaticAsset(path: string): boolean {
    return DEFAULT_IMAGE.test(path);
  }

  register(router: Router<SpindleState>): void {
    for (const [kind, draw] of [['avatars', defaultAvatarSvg], ['banners', defaultBannerSvg]] as const) {
      router.get(`/${kind}/:file`, async (ctx) => {
        const name = /^(.+)\.svg$/.exec(ctx.params.file!)?.[1];
        if (name === undefined) throw new NotFound();
        const user = await this.getProfile.user(name);
        ctx.type = 'image/svg+xml';
        ctx.set('Cache-Control', 'public, max-age=86400');
        ctx.body = draw(user.username);
      });
    }
    router.get('/s/:name', async (ctx) => {
      const view = await this.getProfile.execute({ name: ctx.params.name!, caller: ctx.state.caller, textFormat: ctx.state.textFormat });
      ctx.body = presentProfile(view, this.urls, this.dialect);
    });
    router.post('/s/:name', jsonBodyParser(this.maxBodyBytes), async (ctx) => {
      const view = await this.editProfile.execute({
        name: ctx.params.name!,
        caller: ctx.state.caller,
        body: () => profileEditInput(requestBody(ctx)),
        textFormat: ctx.state.textFormat,
      });
      ctx.body = presentProfile(view, this.urls, this.dialect);
    });
  }
}
