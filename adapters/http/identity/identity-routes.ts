import type Router from '@koa/router';
import type { GetIdentity } from '../../../application/identity/get-identity.js';
import { loginOf, type Dialect } from '../catalogue/catalogue-presenter.js';
import type { SpindleState } from '../http-state.js';
import type { RouteModule } from '../route-module.js';
import type { ApiUrls } from '../urls.js';
import type { ApiSchema } from '../api-shapes.js';

/** `GET /oauth/identity`: who the credentials belong to. */
export class IdentityRoutes implements RouteModule {
  constructor(
    private readonly getIdentity: GetIdentity,
    private readonly urls: ApiUrls,
    private readonly dialect: Dialect,
  ) {}

  register(router: Router<SpindleState>): void {
    router.get('/oauth/identity', async (ctx) => {
      const identity = await this.getIdentity.execute(ctx.state.caller);
      // The spec dialect names the login `name` and adds `username` with the same value (GAPS "Two dialects").
      ctx.body = {
        id: identity.id,
        ...loginOf(this.dialect, identity.username),
        resource_url: this.urls.user(identity.username),
        consumer_name: identity.consumerName,
      } satisfies ApiSchema<'Identity'>;
    });
  }
}
