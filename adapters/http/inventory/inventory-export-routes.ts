import { Readable } from 'node:stream';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { NotFound } from '../../../application/errors.js';
import type { DownloadInventoryExport, InventoryExportDownload } from '../../../application/inventory/download-inventory-export.js';
import type { GetInventoryExport } from '../../../application/inventory/get-inventory-export.js';
import type { ListInventoryExports } from '../../../application/inventory/list-inventory-exports.js';
import type { RequestInventoryExport } from '../../../application/inventory/request-inventory-export.js';
import type { SpindleState } from '../http-state.js';
import { jsonBodyParser } from '../json-body-parser.js';
import { PageQuery, paginate } from '../pagination.js';
import { validateQuery } from '../query.js';
import type { RouteModule } from '../route-module.js';
import type { InventoryExportPresenter } from './inventory-export-presenter.js';
import type { ApiSchema } from '../api-shapes.js';

/** The use cases the export routes call. */
export interface InventoryExportUseCases {
  readonly request: RequestInventoryExport;
  readonly list: ListInventoryExports;
  readonly get: GetInventoryExport;
  readonly download: DownloadInventoryExport;
}

/** An export's or upload's id from the path (its job's): digits only (anything else names none: 404). */
export function jobId(value: string | undefined): number {
  if (value === undefined || !/^\d{1,10}$/.test(value)) throw new NotFound();
  return Number(value);
}

/** A file name safe in a `Content-Disposition` header as it is (login names are letters, digits, `.`, `_` and `-`). */
const TOKEN_FILENAME = /^[A-Za-z0-9._-]+$/;

/** `attachment; filename=…`, as the spec writes it; quoted only for a name that needs it. */
export function attachment(filename: string): string {
  return TOKEN_FILENAME.test(filename) ? `attachment; filename=${filename}` : `attachment; filename="${filename.replace(/["\\\r\n]/g, '_')}"`;
}

/**
 * Answers a job's record (an export or an upload) to its owner: `Last-Modified` from when the record last changed,
 * `Cache-Control: private, no-cache`, and `304` without a body for an `If-Modified-Since` at or after that time.
 */
export function answerJobRecord(ctx: Context, updated: Date, body: () => unknown): void {
  ctx.status = 200;
  ctx.lastModified = updated;
  ctx.set('Cache-Control', 'private, no-cache');
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.body = body();
}

/** Answers an export's CSV file as a download under its file name (the API's download and the site's). */
export function answerExportFile(ctx: Context, download: InventoryExportDownload): void {
  const { export: view, file } = download;
  ctx.type = 'text/csv; charset=utf-8';
  ctx.set('Content-Disposition', attachment(view.filename));
  ctx.set('Cache-Control', 'private, no-cache');
  ctx.lastModified = view.updated;
  ctx.length = file.size;
  ctx.body = file.bytes instanceof Readable ? file.bytes : Readable.from(file.bytes);
}

/**
 * Inventory exports: `POST /inventory/export` (200, the record and its `Location`), `GET /inventory/export` (the
 * caller's, newest first, paginated as `{items, pagination}`), `GET /inventory/export/{id}` (`Last-Modified`;
 * `If-Modified-Since` → 304), and the file at `GET /inventory/export/{id}/download` and the spec's
 * `GET /inventory/export/{id}/` (the path middleware keeps that trailing `/`).
 */
export class InventoryExportRoutes implements RouteModule {
  constructor(
    private readonly useCases: InventoryExportUseCases,
    private readonly presenter: InventoryExportPresenter,
    private readonly baseUrl: string,
    private readonly options: { readonly maxBodyBytes: number },
  ) {}

  register(router: Router<SpindleState>): void {
    const { useCases: u, presenter: p } = this;

    // Clients send nothing, `{}` or an empty form: any body is read and ignored.
    router.post('/inventory/export', jsonBodyParser(this.options.maxBodyBytes), async (ctx) => {
      const view = await u.request.execute({ caller: ctx.state.caller });
      ctx.set('Location', p.url(view.id));
      ctx.body = p.export(view);
    });

    router.get('/inventory/export', async (ctx) => {
      const q = validateQuery(PageQuery, ctx.query);
      const page = await u.list.execute({ caller: ctx.state.caller, page: q.toPageRequest() });
      ctx.body = { items: page.items.map((v) => p.export(v)), pagination: paginate(ctx, this.baseUrl, page) } satisfies ApiSchema<'InventoryExportPage'>;
    });

    for (const path of ['/inventory/export/:id/download', '/inventory/export/:id/']) {
      router.get(path, async (ctx) => {
        answerExportFile(ctx, await u.download.execute({ caller: ctx.state.caller, id: jobId(ctx.params.id) }));
      });
    }

    router.get('/inventory/export/:id', async (ctx) => {
      const view = await u.get.execute({ caller: ctx.state.caller, id: jobId(ctx.params.id) });
      answerJobRecord(ctx, view.updated, () => p.export(view));
    });
  }
}
