import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type Router from '@koa/router';
import type Koa from 'koa';
import { stringify } from 'yaml';
import type { SpindleState } from '../http-state.js';
import type { RouteModule } from '../route-module.js';
// (The site's icon path, written out: site-templates imports this module for the docs' paths.)
const SITE_ICON_PATH = '/favicon.svg';
import { deriveOpenApiDocument, loadOpenApiSource, type DocumentDialect, type OpenApiDocument } from './openapi-document.js';

/** The paths this module answers; none is an API operation of the document (which does not describe itself). */
export const API_DOCS_PATHS = {
  yaml: '/openapi.yaml',
  json: '/openapi.json',
  page: '/docs',
  renderer: '/docs/redoc.standalone.js',
} as const;

const PATHS: readonly string[] = Object.values(API_DOCS_PATHS);

export interface ApiDocsSettings extends DocumentDialect {
  /** The API's origin, written as the document's one server. */
  readonly baseUrl: string;
}

interface Representation {
  readonly type: string;
  readonly body: string | Buffer;
  readonly etag: string;
}

/**
 * The API's description, as this server speaks it: `GET /openapi.yaml` and `GET /openapi.json` (docs/openapi.yaml
 * derived for the configured brand word, dialect and user path segment, with the configured base URL as its server),
 * and `GET /docs`, a browsable page rendered by Redoc from the npm package's standalone bundle (served from
 * node_modules, no CDN). Public and cheap: built once, on the first request, answered from memory with an ETag
 * (304 to `If-None-Match`) and an hour's public caching. The paths are web pages (for browsers and tools, outside the
 * User-Agent rule and outside the document); the rate limit applies as everywhere.
 */
export class ApiDocsRoutes implements RouteModule {
  private document: OpenApiDocument | undefined;
  private readonly cache = new Map<string, Representation>();

  constructor(
    private readonly settings: ApiDocsSettings,
    private readonly source: () => OpenApiDocument = loadOpenApiSource,
    private readonly rendererFile: () => string = redocBundle,
  ) {}

  isWebPage(path: string): boolean {
    return PATHS.includes(path);
  }

  isStaticAsset(path: string): boolean {
    return path === API_DOCS_PATHS.renderer;
  }

  register(router: Router<SpindleState>): void {
    router.get(API_DOCS_PATHS.yaml, (ctx) =>
      this.answer(ctx, 'yaml', () => ({ type: 'application/yaml; charset=utf-8', body: stringify(this.served(), { lineWidth: 0 }) })),
    );
    router.get(API_DOCS_PATHS.json, (ctx) =>
      this.answer(ctx, 'json', () => ({ type: 'application/json; charset=utf-8', body: JSON.stringify(this.served()) })),
    );
    router.get(API_DOCS_PATHS.page, (ctx) => this.answer(ctx, 'page', () => ({ type: 'text/html; charset=utf-8', body: this.page() })));
    router.get(API_DOCS_PATHS.renderer, (ctx) =>
      this.answer(ctx, 'renderer', () => ({ type: 'text/javascript; charset=utf-8', body: selfContained(fs.readFileSync(this.rendererFile(), 'utf8')) })),
    );
  }

  /** The document of this server: the derived one, with this server's address. */
  private served(): OpenApiDocument {
    this.document ??= { ...deriveOpenApiDocument(this.source(), this.settings), servers: [{ url: this.settings.baseUrl }] };
    return this.document;
  }

  private answer(ctx: Koa.Context, key: string, build: () => { type: string; body: string | Buffer }): void {
    let representation = this.cache.get(key);
    if (!representation) {
      const built = build();
      const etag = `"${createHash('sha256').update(built.body).digest('base64url').slice(0, 27)}"`;
      representation = { ...built, etag };
      this.cache.set(key, representation);
    }
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.set('ETag', representation.etag);
    ctx.type = representation.type;
    if (ctx.get('If-None-Match').split(',').map((t) => t.trim().replace(/^W\//, '')).includes(representation.etag)) {
      ctx.status = 304;
      return;
    }
    ctx.body = representation.body;
  }

  private page(): string {
    const title = `${escapeHtml(this.settings.brand)} API reference`;
    return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" href="${SITE_ICON_PATH}" type="image/svg+xml">
<style>body { margin: 0; padding: 0; }</style>
</head>
<body>
<redoc spec-url="${API_DOCS_PATHS.json}"></redoc>
<noscript><p>This page needs JavaScript. The description itself is at <a href="${API_DOCS_PATHS.yaml}">${API_DOCS_PATHS.yaml}</a>.</p></noscript>
<script src="${API_DOCS_PATHS.renderer}"></script>
</body>
</html>
`;
  }
}

/** Redoc's menu shows this logo from Redocly's CDN: a third party the docs page would call (or fail to reach). */
const REDOC_CDN_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';

/** Redoc's bundle with its one outside address, the CDN logo, made the site's own icon: the page loads nothing from elsewhere. */
export function selfContained(bundle: string): string {
  return bundle.replaceAll(REDOC_CDN_LOGO, SITE_ICON_PATH);
}

/** Redoc's standalone bundle in node_modules (the `redoc` package, a dependency). */
export function redocBundle(): string {
  return createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
