import type Koa from 'koa';
import { ERROR_TITLES, siteTemplates } from './site-templates.js';
import { pageHead, type WebPageSettings } from './web-page-kit.js';

/**
 * The site's message page for a failed request on a web path (a refusal whose module has no page of its own for it,
 * the router's 404 and 405, a client error, a 500): the status's heading, the API's message, and ways on (the home
 * page, the search; when to try again for a 429 or 503), in the site's layout.
 */
export function webErrorPage(settings: WebPageSettings): (ctx: Koa.Context, status: number, message: string) => void {
  const eta = siteTemplates();
  return (ctx, status, message) => {
    pageHead(ctx, status);
    ctx.body = eta.render('@error', {
      site: settings.site,
      webUrl: settings.webUrl,
      title: ERROR_TITLES[status] ?? (status >= 500 ? ERROR_TITLES[500] : ERROR_TITLES[400]),
      message,
      retryAfter: ctx.response.get('Retry-After') || undefined,
    });
  };
}
