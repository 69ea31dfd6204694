import cors from '@koa/cors';
import type Koa from 'koa';

/** The methods the API answers; a preflight allows these. */
export const CORS_ALLOWED_METHODS: readonly string[] = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'];

/**
 * The request headers a browser client may send: credentials, a JSON body's type, the media type, the conditional
 * requests the inventory jobs answer, a request id, and the application's own `User-Agent` (where a browser lets a page
 * set it).
 */
export const CORS_ALLOWED_HEADERS: readonly string[] = [
  'Authorization',
  'Content-Type',
  'Accept',
  'If-Modified-Since',
  'User-Agent',
  'X-Request-Id',
];

/** How long a browser may keep a preflight's answer, in seconds (browsers cap it lower: Chromium at two hours). */
export const CORS_MAX_AGE_SECONDS = 86_400;

/**
 * The response headers a page may read beyond the safelisted ones: the rate-limit window, when to retry (429, 503),
 * pagination links, where a created job is, the 401's scheme, the request id, the negotiated media type and a
 * download's file name.
 */
export function corsExposedHeaders(brand: string): readonly string[] {
  return [
    `X-${brand}-Ratelimit`,
    `X-${brand}-Ratelimit-Used`,
    `X-${brand}-Ratelimit-Remaining`,
    `X-${brand}-Media-Type`,
    'Retry-After',
    'Link',
    'Location',
    'WWW-Authenticate',
    'X-Request-Id',
    'Content-Disposition',
  ];
}

/**
 * The headers every API response carries (the direct lane writes these; the Koa chain gets the same from
 * {@link corsRule}, which also adds `Origin` to `Vary`): any origin may read it, and the exposed headers.
 */
export function corsResponseHeaders(brand: string): ReadonlyArray<readonly [string, string]> {
  return [
    ['Access-Control-Allow-Origin', '*'],
    ['Access-Control-Expose-Headers', corsExposedHeaders(brand).join(',')],
  ];
}

export interface CorsRuleOptions {
  /** The brand word, as the rate-limit header names use it. */
  readonly brand: string;
  /** Paths that are web pages (cookies, sessions, forms): no CORS headers, and their preflights are not answered. */
  readonly exempt: (ctx: Koa.Context) => boolean;
}

/**
 * Cross-origin access to the API as the public API gives it (by `@koa/cors`): every response, errors included, says
 * `Access-Control-Allow-Origin: *` (the API takes no cookies: credentials travel in `Authorization` or the query) and
 * exposes the headers of {@link corsExposedHeaders}; a preflight (`OPTIONS` with `Access-Control-Request-Method`) is
 * answered here, 204 with the allowed methods, headers and max age, before the User-Agent rule (a browser sends its
 * own agent, and no custom header, on a preflight) and the rate limit (a preflight is not counted). Web pages get none
 * of this: they use cookies, and `*` would let any site read them with the visitor's session.
 */
export function corsRule(options: CorsRuleOptions): Koa.Middleware {
  return cors({
    origin: (ctx) => (options.exempt(ctx) ? '' : '*'),
    allowMethods: [...CORS_ALLOWED_METHODS],
    allowHeaders: [...CORS_ALLOWED_HEADERS],
    exposeHeaders: [...corsExposedHeaders(options.brand)],
    maxAge: CORS_MAX_AGE_SECONDS,
    credentials: false,
  });
}
