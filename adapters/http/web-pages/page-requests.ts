import type { RouteModule } from '../route-module.js';

/** Whether an `Accept` value lists `text/html` (or `application/xhtml+xml`) with a quality above 0: a browser's navigation. */
export function acceptsHtml(accept: string | undefined): boolean {
  if (accept === undefined || accept === '') return false;
  return accept.split(',').some((entry) => {
    const [range, ...params] = entry.split(';').map((s) => s.trim().toLowerCase());
    if (range !== 'text/html' && range !== 'application/xhtml+xml') return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** What a request looks like to {@link PageRequests}. */
export interface PageRequestView {
  readonly path: string;
  get(field: string): string;
}

/**
 * Tells the web site's requests from the API's, in one place for every middleware that treats them differently (the
 * User-Agent rule, CORS, JSONP, the security headers, the error pages, the rate limit's bucket):
 * - a page: a path some module declares as one of its pages (`isWebPage`), or a path outside the API (its first
 *   segment starts none of the API's routes) asked for by a browser (`Accept: text/html`), which gets the 404 page;
 *   an API client asking for an unknown path still gets the API's JSON 404;
 * - a static asset: a path some module declares as one (`isStaticAsset`: the stylesheet, default avatars, the API
 *   reference's script), which no rate limit counts.
 */
export class PageRequests {
  private readonly apiSegments: ReadonlySet<string>;

  constructor(
    private readonly routes: readonly RouteModule[],
    /** The paths of every route on the router (`/releases/:id`, …). */
    routePaths: readonly string[],
  ) {
    const segments = new Set<string>();
    for (const path of routePaths) {
      if (this.declaredPage(path)) continue;
      segments.add(firstSegment(path));
    }
    this.apiSegments = segments;
  }

  /** Whether a module declares this path one of its pages. */
  declaredPage(path: string): boolean {
    return this.routes.some((r) => r.isWebPage?.(path) === true);
  }

  /** Whether this request is answered as a page (HTML, whatever its status). */
  isPage(request: PageRequestView): boolean {
    if (this.declaredPage(request.path)) return true;
    return !this.apiSegments.has(firstSegment(request.path)) && acceptsHtml(request.get('Accept'));
  }

  /** Whether this path is a static asset of the pages (not counted by any rate limit). */
  isStaticAsset(path: string): boolean {
    return this.routes.some((r) => r.isStaticAsset?.(path) === true);
  }
}

function firstSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return end === -1 ? path.slice(1) : path.slice(1, end);
}
