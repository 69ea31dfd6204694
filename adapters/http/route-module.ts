import type Router from '@koa/router';
import type Koa from 'koa';
import type { Refused } from './middleware/errors.js';
import type { DirectRoute } from './direct-lane.js';
import type { SpindleState } from './http-state.js';

/**
 * A module's HTTP routes. Each module binds its own route module in its container module; the application mounts
 * every bound one on its router, so adding a module adds routes without editing the application.
 */
export interface RouteModule {
  register(router: Router<SpindleState>): void;
  /**
   * Whether a path is one of this module's web pages (for browsers, not API clients): the API's User-Agent rule does
   * not apply to those.
   */
  isWebPage?(path: string): boolean;
  /** Whether a path is a static asset of the web pages (a stylesheet, a script, a default image): no rate limit counts it. */
  isStaticAsset?(path: string): boolean;
  /**
   * Answers a refusal thrown on one of this module's web pages outside its page handlers (a malformed request, the rate
   * limit's 429, a 503 while a store or the database is away) as its message page; false to leave it to the plain
   * message page.
   */
  refusalPage?(ctx: Koa.Context, err: Refused): Promise<boolean>;
  /**
   * Reads this module also answers through the direct lane (see `direct-lane.ts`), without Koa: each must be
   * registered on the router too, with the same answer.
   */
  directRoutes?(): readonly DirectRoute[];
}
