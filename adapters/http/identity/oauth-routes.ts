import type Router from '@koa/router';
import type Koa from 'koa';
import { BadRequest, Unauthenticated } from '../../../application/errors.js';
import type { ExchangeAccessToken } from '../../../application/identity/exchange-access-token.js';
import type { IssueRequestToken } from '../../../application/identity/issue-request-token.js';
import type { IssuedToken } from '../../../application/identity/issued-token.js';
import { percentEncode } from '../../../domain/identity/oauth-signature.js';
import type { SpindleState } from '../http-state.js';
import type { RouteModule } from '../route-module.js';
import { formParameters, oauthHeaderParameters, signedRequest } from './signed-request.js';

/** Token endpoint bodies are small; a form body larger than this is refused. */
const MAX_FORM_BYTES = 16 * 1024;

/**
 * The OAuth 1.0a token endpoints: `/oauth/request_token` (GET or POST) and `/oauth/access_token` (POST). They answer
 * `application/x-www-form-urlencoded`, and their errors as `text/plain` (400 malformed or expired, 401 bad signature,
 * unknown consumer or token), as OAuth clients expect (GAPS "Authentication details").
 */
export class OAuthRoutes implements RouteModule {
  constructor(
    private readonly issueRequestToken: IssueRequestToken,
    private readonly exchangeAccessToken: ExchangeAccessToken,
    private readonly baseUrl: string,
  ) {}

  register(router: Router<SpindleState>): void {
    const requestToken = (ctx: Koa.Context) =>
      this.answer(ctx, async (req) => {
        const issued = await this.issueRequestToken.execute(req);
        return `${form(issued)}&oauth_callback_confirmed=true`;
      });
    router.get('/oauth/request_token', requestToken);
    router.post('/oauth/request_token', requestToken);
    router.post('/oauth/access_token', (ctx) =>
      this.answer(ctx, async (req) => form(await this.exchangeAccessToken.execute(req))),
    );
  }

  private async answer(ctx: Koa.Context, work: (req: ReturnType<typeof signedRequest>) => Promise<string>): Promise<void> {
    try {
      const header = ctx.get('Authorization');
      const oauth = header ? oauthHeaderParameters(header) : new Map<string, string>();
      if (!oauth) throw new BadRequest('The OAuth Authorization header cannot be read: name="value" pairs, comma-separated.');
      const req = signedRequest(ctx, this.baseUrl, oauth, await formParameters(ctx, MAX_FORM_BYTES));
      const body = await work(req);
      ctx.status = 200;
      ctx.type = 'application/x-www-form-urlencoded';
      ctx.body = body;
    } catch (err) {
      if (!(err instanceof BadRequest) && !(err instanceof Unauthenticated)) throw err;
      ctx.status = err instanceof BadRequest ? 400 : 401;
      if (err instanceof Unauthenticated) ctx.set('WWW-Authenticate', `OAuth realm="${this.baseUrl}"`);
      ctx.type = 'text/plain';
      ctx.body = err.message;
    }
  }
}

function form(token: IssuedToken): string {
  return `oauth_token=${percentEncode(token.token)}&oauth_token_secret=${percentEncode(token.secret)}`;
}
