import type Koa from 'koa';
import { requestRefusal } from '../hostile-input.js';

/**
 * Refuses, for every route, a request whose URL or `Authorization` header no route should read (see
 * `requestRefusal`): thrown, for the error middleware to answer (JSON, or the message page on a web page). Bodies
 * are checked where they are read (`bodyReader`).
 */
export function refuseHostileRequests(): Koa.Middleware {
  return async function refuseHostileRequestsMiddleware(ctx, next) {
    const refusal = requestRefusal(ctx.originalUrl, ctx.get('Authorization') || undefined);
    if (refusal) throw refusal;
    return next();
  };
}
