import { API_DOCS_PATHS } from '../../api-docs/api-docs-routes.js';

/** What the developer settings page tells about calling the API: its address, the Authorization scheme, the limits. */
export interface DeveloperPortal {
  readonly apiUrl: string;
  /** The brand word of the Authorization scheme (`{brand} token=…`). */
  readonly brand: string;
  readonly rateLimit: { readonly anonymousPerWindow: number; readonly authenticatedPerWindow: number; readonly windowSeconds: number; readonly pagesPerWindow: number };
}

/** What the developer pages show of the API: the configured portal with the reference's, OAuth's and identity's addresses. */
export function portalView(portal: DeveloperPortal, webUrl: string) {
  const api = portal.apiUrl;
  return {
    ...portal,
    docsUrl: `${webUrl}${API_DOCS_PATHS.page}`,
    oauth: { requestToken: `${api}/oauth/request_token`, authorize: `${webUrl}/oauth/authorize`, accessToken: `${api}/oauth/access_token` },
    identityUrl: `${api}/oauth/identity`,
  };
}
