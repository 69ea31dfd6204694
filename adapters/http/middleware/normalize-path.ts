import type Koa from 'koa';

/**
 * Tolerates what clients send: a trailing `/` (the spec's `GET /inventory/export/{id}/` keeps its meaning, so that
 * one path is left alone), repeated slashes, and `/users/{name}` as an alias of the user path segment.
 */
export function normalizePath(options: { keepTrailingSlash?: RegExp } = {}): Koa.Middleware {
  return async (ctx, next) => {
    let path = ctx.path.replace(/\/{2,}/g, '/');
    if (path.length > 1 && path.endsWith('/') && !options.keepTrailingSlash?.test(path)) path = path.replace(/\/+$/, '');
    if (path === '/users' || path.startsWith('/users/')) path = `/s${path.slice('/users'.length)}`;
    if (path !== ctx.path) ctx.path = path;
    await next();
  };
}
