import type Koa from 'koa';

/** The prefix user routes are registered under; `/users/…` requests are routed to it too. */
export const CANONICAL_USER_PREFIX = '/s';

export interface NormalizePathOptions {
  /** The user path segment the API writes into URLs (`s` or `users`, operator setting `USER_PATH_SEGMENT`). */
  readonly userPathSegment: string;
  /** Paths that keep their trailing `/`. */
  readonly keepTrailingSlash?: RegExp;
}

const USER_PATH = /^\/(?:s|users)(?=\/|$)/;

/**
 * Tolerates what clients send: a trailing `/` (the spec's `GET /inventory/export/{id}/` keeps its meaning, so paths
 * matching `keepTrailingSlash` are left alone), repeated slashes, and either user path segment: `/s/{name}…` and
 * `/users/{name}…` are both routed to {@link CANONICAL_USER_PREFIX}, whichever segment is configured.
 *
 * The path as the API would write it, with the configured segment, is kept for links built from the request
 * (pagination): see {@link publicPathOf}.
 */
export function normalizePath(options: NormalizePathOptions): Koa.Middleware {
  const { userPathSegment, keepTrailingSlash } = options;
  if (userPathSegment !== 's' && userPathSegment !== 'users') {
    throw new RangeError(`userPathSegment must be s or users, got "${userPathSegment}"`);
  }
  return async function normalizePathMiddleware(ctx, next) {
    let path = ctx.path.replace(/\/{2,}/g, '/');
    if (path.length > 1 && path.endsWith('/') && !keepTrailingSlash?.test(path)) path = path.replace(/\/+$/, '');
    const user = USER_PATH.exec(path);
    if (user) {
      const rest = path.slice(user[0].length);
      ctx.state.publicPath = `/${userPathSegment}${rest}`;
      path = `${CANONICAL_USER_PREFIX}${rest}`;
    } else {
      ctx.state.publicPath = path;
    }
    if (path !== ctx.path) ctx.path = path;
    await next();
  };
}

/** The request's path as the API writes it (normalized, with the configured user segment); `ctx.path` without the middleware. */
export function publicPathOf(ctx: Koa.Context): string {
  const path: unknown = ctx.state.publicPath;
  return typeof path === 'string' ? path : ctx.path;
}
