import type Koa from 'koa';
import { pageTemplates } from '../identity/web/templates.js';
import { pageHead, type WebPageSettings } from './web-page-kit.js';

/**
 * The plain message page of a refusal on a web path whose module has no page of its own for it (`refusalPage`): the
 * layout and message template every page's refusals use, without a session (nobody is shown as signed in).
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
