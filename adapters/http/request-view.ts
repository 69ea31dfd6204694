import type { ParsedUrlQuery } from 'node:querystring';

/**
 * What reading a request's credentials needs of it: Koa's context is one, and the direct lane (`direct-lane.ts`)
 * gives the same view of a request it answers without Koa.
 */
export interface RequestView {
  readonly method: string;
  /** The path as sent (the direct lane takes only canonical paths, so it is also the path Koa's chain would route). */
  readonly path: string;
  /** The path and query as sent. */
  readonly originalUrl: string;
  /** The query as sent, without `?`. */
  readonly querystring: string;
  /** The query parsed as `node:querystring` parses it (a repeated name gives an array). */
  readonly query: ParsedUrlQuery;
  /** A request header, '' when absent. */
  get(field: string): string;
}
