import { IsOptional, Matches } from 'class-validator';
import type Koa from 'koa';
import { pageCount, SORT_ORDERS, type Page, type PageRequest, type SortOrder } from '../../application/shared/page.js';
import { publicPathOf } from './middleware/normalize-path.js';
import { SortParameter } from './query.js';
import type { ApiSchema } from './api-shapes.js';

export const DEFAULT_PER_PAGE = 50;
export const MAX_PER_PAGE = 100;
/**
 * Pages past this one are read as this one. It is past the end of every list (ids are 32-bit, so no list holds this
 * many items even at one per page), and `(page - 1) × per_page` stays an exact integer that any database takes.
 */
export const MAX_PAGE = 2_147_483_647;

// Any number of digits: a value too large for a Number is still a whole number ≥ 1, and is clamped like any other.
const WHOLE_NUMBER_AT_LEAST_ONE = /^0*[1-9]\d*$/;

/**
 * `page` and `per_page` query parameters: whole numbers of at least 1 (anything else is a 422). A `per_page` above
 * {@link MAX_PER_PAGE} is read as the maximum, and a `page` above {@link MAX_PAGE} as that page (an empty page past
 * the end), however many digits they have.
 */
export class PageQuery {
  @IsOptional()
  @Matches(WHOLE_NUMBER_AT_LEAST_ONE, { message: 'Invalid page: expected a whole number of at least 1, got "$value".' })
  page?: string;

  @IsOptional()
  @Matches(WHOLE_NUMBER_AT_LEAST_ONE, { message: 'Invalid per_page: expected a whole number of at least 1, got "$value".' })
  per_page?: string;

  toPageRequest(): PageRequest {
    return {
      page: this.page ? atMost(this.page, MAX_PAGE) : 1,
      perPage: this.per_page ? atMost(this.per_page, MAX_PER_PAGE) : DEFAULT_PER_PAGE,
    };
  }
}

/** A validated run of digits as a number, `max` when it is larger (`Number` of 400 digits is Infinity: still larger). */
function atMost(digits: string, max: number): number {
  const n = Number(digits);
  return n > max ? max : n;
}

/** A page query with a sort direction (`asc` or `desc` in any case, default `asc`; anything else ignored). */
export class SortedPageQuery extends PageQuery {
  @IsOptional()
  @SortParameter(SORT_ORDERS)
  sort_order?: string;

  sortOrder(): SortOrder {
    return this.sort_order === 'desc' ? 'desc' : 'asc';
  }
}

/** Query parameters never copied into pagination links: credentials and the JSONP callback. */
const PRIVATE_PARAMS = new Set(['page', 'per_page', 'token', 'key', 'secret', 'callback', 'oauth_token']);

/**
 * The `pagination` body object of a list and its `Link` header (set on the response): `urls` holds only the links
 * that apply, absolute, built from the configured base URL, the request's path as the API writes it (configured user
 * segment) and the request's own filters.
 */
export function paginate(ctx: Koa.Context, baseUrl: string, page: Page<unknown>): ApiSchema<'Pagination'> {
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
    return `${baseUrl}${publicPathOf(ctx)}?${q.toString()}`;
  };
  const urls: ApiSchema<'Pagination'>['urls'] = {};
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
