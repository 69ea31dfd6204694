import { IsIn, IsOptional, Matches } from 'class-validator';
import type Koa from 'koa';
import { pageCount, SORT_ORDERS, type Page, type PageRequest, type SortOrder } from '../../application/shared/page.js';

export const DEFAULT_PER_PAGE = 50;
export const MAX_PER_PAGE = 100;

/** `page` and `per_page` query parameters: whole numbers of at least 1; `per_page` above 100 is read as 100. */
export class PageQuery {
  @IsOptional()
  @Matches(/^0*[1-9]\d{0,8}$/, { message: 'Invalid page: expected a whole number of at least 1, got "$value".' })
  page?: string;

  @IsOptional()
  @Matches(/^0*[1-9]\d{0,8}$/, { message: 'Invalid per_page: expected a whole number of at least 1, got "$value".' })
  per_page?: string;

  toPageRequest(): PageRequest {
    return {
      page: this.page ? Number(this.page) : 1,
      perPage: Math.min(MAX_PER_PAGE, this.per_page ? Number(this.per_page) : DEFAULT_PER_PAGE),
    };
  }
}

/** A page query with a sort direction (`asc` or `desc`, default `asc`). */
export class SortedPageQuery extends PageQuery {
  @IsOptional()
  @IsIn(SORT_ORDERS, { message: 'Invalid sort_order: expected asc or desc, got "$value".' })
  sort_order?: string;

  sortOrder(): SortOrder {
    return this.sort_order === 'desc' ? 'desc' : 'asc';
  }
}

/** Query parameters never copied into pagination links: credentials and the JSONP callback. */
const PRIVATE_PARAMS = new Set(['page', 'per_page', 'token', 'key', 'secret', 'callback', 'oauth_token']);

/**
 * The `pagination` body object of a list and its `Link` header (set on the response): `urls` holds only the links
 * that apply, absolute, built from the configured base URL and the request's own filters.
 */
export function paginate(ctx: Koa.Context, baseUrl: string, page: Page<unknown>): object {
  const pages = pageCount(page.total, page.perPage);
  const kept = new URLSearchParams();
  for (const [k, v] of Object.entries(ctx.query)) {
    if (PRIVATE_PARAMS.has(k) || v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) kept.append(k, one);
  }
  const link = (n: number): string => {
    const q = new URLSearchParams(kept);
    q.set('per_page', String(page.perPage));
    q.set('page', String(n));
    return `${baseUrl}${ctx.path}?${q.toString()}`;
  };
  const urls: Record<string, string> = {};
  if (page.page > 1) {
    urls.first = link(1);
    urls.prev = link(Math.min(page.page - 1, pages));
  }
  if (page.page < pages) {
    urls.next = link(page.page + 1);
    urls.last = link(pages);
  }
  const header = Object.entries(urls).map(([rel, url]) => `<${url}>; rel="${rel}"`);
  if (header.length > 0) ctx.set('Link', header.join(', '));
  return { page: page.page, pages, per_page: page.perPage, items: page.total, urls };
}
