import type Koa from 'koa';
import { pageTemplates } from '../identity/web/templates.js';
import { pageHead, type WebPageSettings } from './web-page-kit.js';

/**
 * The web pages' message page for a request refused before any page runs (see `refuseHostileRequests`): the layout
 * and message template every page's refusals use, without a session (nobody is shown as signed in: the request was
 * not read that far).
 */
export function webErrorPage(settings: WebPageSettings): (ctx: Koa.Context, status: number, message: string) => void {
  const eta = pageTemplates();
  return (ctx, status, message) => {
    pageHead(ctx, status);
    ctx.body = eta.render('@message', {
      site: settings.site,
      webUrl: settings.webUrl,
      csrf: '',
      title: 'Something is not right',
      error: message,
      notice: undefined,
      user: undefined,
    });
  };
}
