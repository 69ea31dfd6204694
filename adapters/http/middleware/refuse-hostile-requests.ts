import type Koa from 'koa';
import { statusOf } from './errors.js';
import { requestRefusal } from '../hostile-input.js';

export interface HostileRequestOptions {
  /** Whether a path is a web page, whose refusals are pages rather than JSON. */
  readonly webPage: (path: string) => boolean;
  readonly webErrorPage: (ctx: Koa.Context, status: number, message: string) => void;
}

/**
 * Refuses, for every route, a request whose URL or `Authorization` header no route should read (see
 * `requestRefusal`): thrown to the error middleware (JSON), or answered as the message page on a web page. Bodies
 * are checked where they are read (`bodyReader`).
 */
export function refuseHostileRequests(options: HostileRequestOptions): Koa.Middleware {
  return async function refuseHostileRequestsMiddleware(ctx, next) {
    const refusal = requestRefusal(ctx.originalUrl, ctx.get('Authorization') || undefined);
    if (!refusal) return next();
    if (!options.webPage(ctx.path)) throw refusal;
    options.webErrorPage(ctx, statusOf(refusal) ?? 400, refusal.message);
  };
}
