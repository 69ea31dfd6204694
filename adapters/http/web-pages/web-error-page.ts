import type Koa from 'koa';
import { ERROR_TITLES, siteTemplates } from './site-templates.js';
import { renderPage, type PageSessions, type WebPageSettings } from './web-page-kit.js';

/**
 * The site's message page for a failed request on a web path (a refusal whose module has no page of its own for it,
 * the router's 404 and 405, a client error, a 500): the status's heading, the API's message, and ways on (the home
 * page, the search; when to try again for a 429 or 503), in the site's layout, its header showing who is signed in.
 */
export function webErrorPage(
  settings: WebPageSettings,
  sessions: PageSessions | undefined,
): (ctx: Koa.Context, status: number, message: string) => Promise<void> {
  // The header shows the session as the request read it already (the pages' rate limit reads it); the message page
  // starts no read of its own: it may answer a request refused before the request's scope began, or a database outage.
  const known: PageSessions | undefined = sessions && { caller: async () => null, formToken: (cookies) => sessions.formToken(cookies) };
  const view = { eta: siteTemplates(), settings, sessions: known };
  return (ctx, status, message) => {
    // The `Retry-After` the refusal set, read before the page's own headers are.
    const retryAfter = ctx.response.get('Retry-After') || undefined;
    return renderPage(ctx, view, '@error', {
      title: ERROR_TITLES[status] ?? (status >= 500 ? ERROR_TITLES[500] : ERROR_TITLES[400]),
      message,
      retryAfter,
    }, status);
  };
}
