import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type Koa from 'koa';

/**
 * `Strict-Transport-Security` as sent: a year, this host only. `includeSubDomains` and `preload` bind every name
 * under the operator's domain, which is theirs to decide at their proxy, not Spindle's (ADR 0046).
 */
export const HSTS = 'max-age=31536000';

/** `Content-Security-Policy` of a page that sets none of its own (a redirect, an error): it may not be framed. */
export const FRAME_DENIAL_POLICY = "frame-ancestors 'none'";

/** What decides the security headers of a response. */
export interface SecurityHeaderSettings {
  /** `BASE_URL` is `https:`: the service's public face is TLS, so every response carries HSTS. */
  readonly httpsBaseUrl: boolean;
  /** `TRUST_PROXY`: a request with `X-Forwarded-Proto: https` came over TLS to the proxy. */
  readonly trustProxy: boolean;
  /** `BASE_URL`'s origin: where the images the pages show are (their signed URLs are the API's). */
  readonly apiOrigin: string;
}

/** The settings from the configuration's `BASE_URL` and `TRUST_PROXY`. */
export function securityHeaderSettings(settings: { readonly baseUrl: string; readonly trustProxy: boolean }): SecurityHeaderSettings {
  return { httpsBaseUrl: settings.baseUrl.startsWith('https:'), trustProxy: settings.trustProxy, apiOrigin: new URL(settings.baseUrl).origin };
}

/**
 * Whether a request came over TLS: to this process, or (behind a proxy Spindle is told to trust) to the proxy, as its
 * first `X-Forwarded-Proto` says (Koa's reading of the header).
 */
export function cameOverTls(req: IncomingMessage, trustProxy: boolean): boolean {
  if ((req.socket as Partial<TLSSocket>).encrypted === true) return true;
  if (!trustProxy) return false;
  const proto = req.headers['x-forwarded-proto'];
  const first = (Array.isArray(proto) ? proto[0] : proto)?.split(',', 1)[0]?.trim().toLowerCase();
  return first === 'https';
}

/**
 * The headers every response carries, whoever answers it (the Koa chain, the direct lane, the probes): no MIME
 * sniffing, and HSTS when the service's base URL is https or the request came over TLS. Browsers ignore HSTS received
 * over plain HTTP (RFC 6797 § 8.1), so sending it on every response of an https deployment is safe, and it reaches
 * browsers even behind a proxy that does not say `X-Forwarded-Proto`.
 */
export function securityResponseHeaders(settings: SecurityHeaderSettings, req: IncomingMessage): Array<readonly [string, string]> {
  const headers: Array<readonly [string, string]> = [['X-Content-Type-Options', 'nosniff']];
  if (settings.httpsBaseUrl || cameOverTls(req, settings.trustProxy)) headers.push(['Strict-Transport-Security', HSTS]);
  return headers;
}

/**
 * The security headers as Koa middleware (see {@link securityResponseHeaders}), set before the chain runs so that
 * every answer keeps them, errors included. A web page also may not be framed, whatever answers it: `X-Frame-Options:
 * DENY`, and `Content-Security-Policy: frame-ancestors 'none'` where the page set no policy of its own (the pages'
 * own policy, from `pageHead`, already says so and is kept).
 */
export function securityHeaders(settings: SecurityHeaderSettings & { readonly webPage: (ctx: Koa.Context) => boolean }): Koa.Middleware {
  return async function securityHeadersMiddleware(ctx, next) {
    for (const [name, value] of securityResponseHeaders(settings, ctx.req)) ctx.set(name, value);
    const page = settings.webPage(ctx);
    if (page) ctx.set('X-Frame-Options', 'DENY');
    // The pages' own policy (`pageHead`) lets them show the API's images, from BASE_URL's origin.
    (ctx.state as { apiOrigin?: string }).apiOrigin = settings.apiOrigin;
    await next();
    if (page && !ctx.response.get('Content-Security-Policy')) ctx.set('Content-Security-Policy', FRAME_DENIAL_POLICY);
  };
}
