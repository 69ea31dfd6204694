import type Router from '@koa/router';
import type { GetImage } from '../../../application/images/get-image.js';
import type { SpindleState } from '../http-state.js';
import type { WebSessions } from '../../../application/identity/web-sessions.js';
import type { RouteModule } from '../route-module.js';
import { pageCaller } from '../web-pages/web-page-kit.js';

/**
 * `GET /images/{signature}/{owner}/{id}/{file}`: an image file, for authenticated callers (401 otherwise), when the
 * signature matches the rest of the path (404 otherwise, as for a file that does not exist). Rate limited like the
 * API, as every route is. A browser showing a page's images is authenticated by its web session (see `pageImage`).
 */
export class ImageRoutes implements RouteModule {
  constructor(
    private readonly getImage: GetImage,
    private readonly sessions?: Pick<WebSessions, 'caller'>,
  ) {}

  register(router: Router<SpindleState>): void {
    router.get('/images/:signature/:owner/:id/:file', async (ctx) => {
      const { signature, owner, id, file } = ctx.params;
      const caller = ctx.state.caller.kind === 'anonymous' ? await pageCaller(this.sessions, ctx) : ctx.state.caller;
      const image = await this.getImage.execute({ caller, signature: signature!, key: `${owner}/${id}/${file}` });
      ctx.type = image.contentType;
      ctx.set('Cache-Control', 'private, max-age=86400');
      ctx.lastModified = image.modifiedAt;
      ctx.body = image.bytes;
    });
  }
}
