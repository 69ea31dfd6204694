import Router from '@koa/router';
import Koa from 'koa';
import type { Logger } from '../../application/ports/logger.js';
import type { RateLimitStore } from '../../application/ports/rate-limit-store.js';
import type { CataloguePresenter } from './catalogue/catalogue-presenter.js';
import { registerCatalogueRoutes, type CatalogueUseCases } from './catalogue/catalogue-routes.js';
import type { SpindleState } from './http-state.js';
import { errorHandler } from './middleware/errors.js';
import { jsonp, negotiation } from './middleware/negotiation.js';
import { normalizePath } from './middleware/normalize-path.js';
import { clientIp, rateLimit } from './middleware/rate-limit.js';
import { requestLog } from './middleware/request-log.js';
import { userAgentRule } from './middleware/user-agent.js';

/** The settings the HTTP adapter reads. */
export interface HttpSettings {
  readonly baseUrl: string;
  readonly brand: string;
  readonly trustProxy: boolean;
  readonly blockGenericUserAgents: boolean;
  readonly maxBodyBytes: number;
  readonly rateLimit: {
    readonly anonymousPerWindow: number;
    readonly authenticatedPerWindow: number;
    readonly windowSeconds: number;
  };
}

export interface HttpAppDependencies {
  readonly settings: HttpSettings;
  readonly logger: Logger;
  readonly rateLimitStore: RateLimitStore;
  readonly catalogue: CatalogueUseCases;
  readonly cataloguePresenter: CataloguePresenter;
}

/**
 * The Koa application, middleware in the order the architecture gives: request id and log line → User-Agent
 * rule → JSONP wrapper and media type negotiation → the one error mapper → path tolerance → credentials → rate
 * limit (headers on every response) → router. Routes that take a body mount `jsonBodyParser` themselves.
 */
export function createHttpApp(deps: HttpAppDependencies): Koa<SpindleState> {
  const { settings } = deps;
  const app = new Koa<SpindleState>({ proxy: settings.trustProxy });
  app.silent = true;
  const router = new Router<SpindleState>();
  registerCatalogueRoutes(router, deps.catalogue, deps.cataloguePresenter, { baseUrl: settings.baseUrl });

  app.use(requestLog(deps.logger));
  app.use(userAgentRule({ blockGeneric: settings.blockGenericUserAgents }));
  app.use(jsonp());
  app.use(negotiation({ brand: settings.brand }));
  app.use(errorHandler({ baseUrl: settings.baseUrl, logger: deps.logger }));
  app.use(normalizePath({ keepTrailingSlash: /^\/inventory\/export\/[^/]+\/$/ }));
  app.use(async (ctx, next) => {
    // Credentials arrive with the identity module; until then every caller is on the lower tier.
    ctx.state.authenticated = false;
    await next();
  });
  app.use(
    rateLimit({
      store: deps.rateLimitStore,
      brand: settings.brand,
      windowSeconds: settings.rateLimit.windowSeconds,
      limitFor: (ctx) =>
        ctx.state.authenticated ? settings.rateLimit.authenticatedPerWindow : settings.rateLimit.anonymousPerWindow,
      keyFor: (ctx) => clientIp(ctx, settings.trustProxy),
    }),
  );
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}
