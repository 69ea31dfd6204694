import type Koa from 'koa';
import { NotFound } from '../../../application/errors.js';
import type { Page } from '../../../application/shared/page.js';

/**
 * The previous and next links of a list page at `path` (an absolute URL, the request's query kept with its `page`
 * changed); a page past the last (of a list that has any) is a 404.
 */
export function pagerLinks(ctx: Koa.Context, path: string, page: Page<unknown>): Record<string, unknown> {
  const pages = Math.max(1, Math.ceil(page.total / page.perPage));
  if (page.page > pages) throw new NotFound(`There is no page ${page.page}: the list has ${pages}.`);
  const at = (n: number): string => {
    const query = new URLSearchParams(ctx.querystring);
    query.set('page', String(n));
    return `${path}?${query.toString()}`;
  };
  return {
    page: page.page,
    pages,
    total: page.total,
    previous: page.page > 1 ? at(page.page - 1) : undefined,
    next: page.page < pages ? at(page.page + 1) : undefined,
  };
}
