import type { RequestListener } from 'node:http';
import Router from '@koa/router';
import Koa from 'koa';
import type { AccountGuard } from '../../application/ports/account-guard.js';
import type { Logger } from '../../application/ports/logger.js';
import type { OutageDetector } from '../../application/ports/outage-detector.js';
import type { RateLimitStore } from '../../application/ports/rate-limit-store.js';
import type { RequestScope } from '../../application/ports/request-scope.js';
import { isAuthenticated } from '../../application/shared/caller.js';
import { AnonymousCredentialResolver, credentials, refuseBadCredentials, type CredentialResolver } from './credentials.js';
import { DirectLane } from './direct-lane.js';
import { PrometheusMetrics } from './metrics/prometheus-metrics.js';
import { OperationsLane, type MetricsAccess, type Readiness } from './operations-lane.js';
import type { SpindleState } from './http-state.js';
import { corsRule } from './middleware/cors.js';
import { errorHandler } from './middleware/errors.js';
import { jsonp, negotiation } from './middleware/negotiation.js';
import { normalizePath } from './middleware/normalize-path.js';
import { refuseHostileRequests } from './middleware/refuse-hostile-requests.js';
import { clientIp, rateLimit, RateLimiter } from './middleware/rate-limit.js';
import { requestLog } from './middleware/request-log.js';
import { requestMetrics } from './middleware/request-metrics.js';
import { securityHeaderSettings, securityHeaders } from './middleware/security-headers.js';
import { userAgentRule } from './middleware/user-agent.js';
import type { RouteModule } from './route-module.js';
import { webErrorPage } from './web-pages/web-error-page.js';
import { acceptsHtml, PageRequests } from './web-pages/page-requests.js';
import { sessionCaller, type PageSessions } from './web-pages/web-page-kit.js';

/** The settings the HTTP adapter reads. */
export interface HttpSettings {
  readonly baseUrl: string;
  /** The web pages' origin (links of their error pages). */
  readonly webUrl: string;
  readonly brand: string;
  /** The web site's own name (`SITE_NAME`), in its pages' titles and header. */
  readonly siteName: string;
  readonly userPathSegment: string;
  readonly trustProxy: boolean;
  readonly blockGenericUserAgents: boolean;
  readonly maxBodyBytes: number;
  /** What rate limiting does while its store (Redis) fails: let requests through uncounted, or answer 503. */
  readonly rateLimitStoreFailure: 'open' | 'closed';
  readonly rateLimit: {
    readonly anonymousPerWindow: number;
    readonly authenticatedPerWindow: number;
    readonly windowSeconds: number;
    /** The web pages' own limit per window: per session for signed-in people, per address otherwise. */
    readonly pagesPerWindow: number;
  };
}

export interface HttpAppDependencies {
  readonly settings: HttpSettings;
  readonly logger: Logger;
  readonly rateLimitStore: RateLimitStore;
  /** Every module's routes. */
  readonly routes: readonly RouteModule[];
  /** Who is signed in on the web pages (by their session cookie), for the pages' rate limit; none: counted per address. */
  readonly webSessions?: PageSessions;
  /** Who is calling; every caller is anonymous when no identity module provides one. */
  readonly credentials?: CredentialResolver;
  /** Runs each request in its own persistence scope (a fresh ORM context); none when nothing needs one. */
  readonly requestScope?: RequestScope;
  /**
   * Whose account a request's writes are made for (ADR 0060): the signed-in caller's (the API's credentials, a
   * page's session); none when nobody can sign in.
   */
  readonly accountGuard?: AccountGuard;
  /** Tells a dependency's outage (the database away) from other failures: a 503 rather than a 500. */
  readonly outages?: OutageDetector;
  /** False: every request goes through the Koa chain (the direct lane's equivalence tests compare the two). */
  readonly directLane?: boolean;
  /** What `/readyz` asks; without it the process is always ready (nothing to check). */
  readonly readiness?: Readiness;
  /** The process's metrics; a registry of the app's own by default. */
  readonly metrics?: PrometheusMetrics;
  /** Who may read `/metrics` on the public port; by default nobody (no `/metrics` there). */
  readonly metricsAccess?: MetricsAccess;
}

/**
 * The HTTP application: the Koa application with every module's routes, and in front of it the direct lane for the
 * reads modules also answer without Koa (see `direct-lane.ts`). `callback()` is the server's request listener.
 */
export interface HttpApp {
  readonly koa: Koa<SpindleState>;
  /** The metrics this application records, for a listener of their own (`METRICS_PORT`, see `metricsCallback`). */
  readonly metrics: PrometheusMetrics;
  /** The request listener of the metrics port: `/metrics` alone, to whoever reaches that port. */
  metricsCallback(): RequestListener;
  callback(): RequestListener;
  /**
   * Whether a path is one of the modules' web pages (for browsers, not API clients): the one list, kept by the route
   * modules beside their routes, of the paths that are not the API's (the User-Agent rule and the OpenAPI document
   * leave them out).
   */
  isWebPage(path: string): boolean;
}

/**
 * The Koa application, middleware in the order the architecture gives: request id and log line → CORS (preflights
 * answered here, uncounted) → User-Agent rule → JSONP wrapper and media type negotiation → the one error mapper → the refusal of hostile URLs and headers
 * (`refuseHostileRequests`; bodies are checked where they are read, `bodyReader`) → path tolerance → request scope →
 * credentials → rate limit (headers on every response; refused credentials count as anonymous) → the refusal of bad
 * credentials (401) → the deletion guard (the request's writes held to the signed-in caller's account) → the routes
 * of every module. Routes that take a body mount `jsonBodyParser` themselves. The
 * direct lane applies the same conventions, through the same functions, to the reads it takes.
 */
export function createHttpApp(deps: HttpAppDependencies): HttpApp {
  const { settings } = deps;
  const app = new Koa<SpindleState>({ proxy: settings.trustProxy });
  app.silent = true;
  const router = new Router<SpindleState>();
  for (const routes of deps.routes) routes.register(router);
  const resolver = deps.credentials ?? new AnonymousCredentialResolver();
  const limiter = new RateLimiter({
    store: deps.rateLimitStore,
    brand: settings.brand,
    windowSeconds: settings.rateLimit.windowSeconds,
    onStoreFailure: settings.rateLimitStoreFailure,
    logger: deps.logger,
    onRefused: () => metrics.rateLimitRefused(),
  });

  const metrics = deps.metrics ?? new PrometheusMetrics([]);
  const security = securityHeaderSettings(settings);
  const pages = new PageRequests(deps.routes, router.stack.map((layer) => String(layer.path)));
  const webPage = (path: string): boolean => pages.declaredPage(path);
  const page = (ctx: Koa.Context): boolean => pages.isPage(ctx);
  app.use(requestMetrics(metrics));
  app.use(requestLog(deps.logger));
  app.use(securityHeaders({ ...security, webPage: page }));
  app.use(corsRule({ brand: settings.brand, exempt: page }));
  // A browser's navigation is never held to the API's User-Agent rule, whatever the path (an API `resource_url`
  // opened in a tab answers its JSON), nor its loading of a page's images (`Sec-Fetch-Dest: image`, which a page's
  // script cannot set: the covers the pages show to the signed-in, see `pageImage`).
  const pageImageLoad = (ctx: Koa.Context): boolean => ctx.get('Sec-Fetch-Dest') === 'image';
  app.use(
    userAgentRule({ blockGeneric: settings.blockGenericUserAgents, exempt: (ctx) => page(ctx) || pageImageLoad(ctx) || acceptsHtml(ctx.get('Accept')) }),
  );
  app.use(jsonp({ exempt: page }));
  app.use(negotiation({ brand: settings.brand }));
  const plainPage = webErrorPage({ webUrl: settings.webUrl, site: settings.siteName }, deps.webSessions);
  app.use(
    errorHandler({
      baseUrl: settings.baseUrl,
      logger: deps.logger,
      outages: deps.outages,
      // A failure on a web page is the site's message page with the API's status and message, not the API's JSON:
      // the owning module's for a refusal (it shows who is signed in), or the plain one.
      page: async (ctx, answer, refusal) => {
        if (!page(ctx)) return false;
        const owner = deps.routes.find((r) => r.isWebPage?.(ctx.path) === true);
        if (refusal && owner?.refusalPage && (await owner.refusalPage(ctx, refusal))) return true;
        for (const [name, value] of answer.headers) ctx.set(name, value);
        await plainPage(ctx, answer.status, answer.message);
        return true;
      },
    }),
  );
  app.use(refuseHostileRequests());
  app.use(normalizePath({ userPathSegment: settings.userPathSegment, keepTrailingSlash: /^\/inventory\/export\/[^/]+\/$/ }));
  const scope = deps.requestScope;
  if (scope) app.use((_ctx, next) => scope.run(next));
  app.use(credentials(resolver));
  // The pages and the API count in buckets of their own (a page's key starts `page:`); static assets in none.
  const apiLimit = rateLimit({
    limiter,
    store: deps.rateLimitStore,
    brand: settings.brand,
    windowSeconds: settings.rateLimit.windowSeconds,
    limitFor: (ctx) =>
      isAuthenticated(ctx.state.caller) ? settings.rateLimit.authenticatedPerWindow : settings.rateLimit.anonymousPerWindow,
    keyFor: (ctx) => clientIp(ctx, settings.trustProxy),
  });
  const sessions = deps.webSessions;
  const pageLimit = rateLimit({
    limiter,
    store: deps.rateLimitStore,
    brand: settings.brand,
    windowSeconds: settings.rateLimit.windowSeconds,
    limitFor: () => settings.rateLimit.pagesPerWindow,
    // Per signed-in person (all their sessions together, so that opening sessions does not multiply the limit), per
    // address otherwise; a session that cannot be read counts as none.
    keyFor: async (ctx) => {
      const caller = sessions ? await sessionCaller(sessions, ctx).catch(() => null) : null;
      return caller?.kind === 'user' ? `page:user:${caller.userId}` : `page:${clientIp(ctx, settings.trustProxy)}`;
    },
  });
  app.use((ctx, next) => {
    if (pages.isStaticAsset(ctx.path)) return next();
    // A page's image counts with the pages (per signed-in person), not in the API's anonymous bucket of the address.
    return page(ctx) || pageImageLoad(ctx) ? pageLimit(ctx, next) : apiLimit(ctx, next);
  });
  app.use(refuseBadCredentials());
  const guard = deps.accountGuard;
  if (guard) {
    // Every unit of work of a signed-in caller's request holds their account, so a write that resolved its caller
    // before the account's deletion cannot commit after the deletion erased (ADR 0060). A page's caller is its
    // session (read once per request: the page limit above has read it), the API's its credentials.
    app.use(async (ctx, next) => {
      const caller = page(ctx) ? (sessions ? await sessionCaller(sessions, ctx).catch(() => null) : null) : ctx.state.caller;
      return caller?.kind === 'user' ? guard.actingFor(Number(caller.userId), next) : next();
    });
  }
  app.use(router.routes());
  app.use(router.allowedMethods());

  const lane = new DirectLane({
    settings: {
      baseUrl: settings.baseUrl,
      brand: settings.brand,
      trustProxy: settings.trustProxy,
      blockGenericUserAgents: settings.blockGenericUserAgents,
      anonymousPerWindow: settings.rateLimit.anonymousPerWindow,
      authenticatedPerWindow: settings.rateLimit.authenticatedPerWindow,
    },
    logger: deps.logger,
    outages: deps.outages,
    metrics,
    security,
    limiter,
    credentials: resolver,
    requestScope: scope,
    routes: deps.directLane === false ? [] : deps.routes.flatMap((r) => r.directRoutes?.() ?? []),
  });
  const operations = new OperationsLane({
    security,
    readiness: deps.readiness ?? { execute: async () => ({ ready: true, checks: [] }) },
    metrics,
    metricsAccess: deps.metricsAccess ?? { token: undefined, public: false },
  });
  return {
    koa: app,
    metrics,
    callback: () => operations.listener(lane.listener(app.callback())),
    metricsCallback: () => operations.metricsListener(),
    isWebPage: webPage,
  };
}
