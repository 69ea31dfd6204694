import type Router from '@koa/router';
import type { GetInventoryUpload } from '../../../application/inventory/get-inventory-upload.js';
import type { ListInventoryUploads } from '../../../application/inventory/list-inventory-uploads.js';
import type { RequestInventoryUpload } from '../../../application/inventory/request-inventory-upload.js';
import { requireUserCaller } from '../../../application/shared/caller.js';
import { UPLOAD_TYPES } from '../../../domain/inventory/inventory-upload.js';
import type { SpindleState } from '../http-state.js';
import { PageQuery, paginate } from '../pagination.js';
import { validateQuery } from '../query.js';
import type { RouteModule } from '../route-module.js';
import { answerJobRecord, jobId } from './inventory-export-routes.js';
import type { InventoryUploadPresenter } from './inventory-upload-presenter.js';
import { withUploadedFile } from './multipart-file.js';
import type { UploadSpool } from './upload-spool.js';
import type { ApiSchema } from '../api-shapes.js';

/** The use cases the upload routes call. */
export interface InventoryUploadUseCases {
  readonly request: RequestInventoryUpload;
  readonly list: ListInventoryUploads;
  readonly get: GetInventoryUpload;
}

/**
 * Inventory uploads: `POST /inventory/upload/add`, `/change` and `/delete` (multipart/form-data, the CSV in the field
 * `file` or `upload`; 200, the record and its `Location`), `GET /inventory/upload` (the caller's, newest first,
 * paginated as `{items, pagination}`) and `GET /inventory/upload/{id}` (`Last-Modified`; `If-Modified-Since` → 304).
 * The caller is checked before the body is read, so only a user's file is ever spooled.
 */
export class InventoryUploadRoutes implements RouteModule {
  constructor(
    private readonly useCases: InventoryUploadUseCases,
    private readonly presenter: InventoryUploadPresenter,
    private readonly baseUrl: string,
    private readonly options: { readonly maxUploadBytes: number; readonly spool: UploadSpool },
  ) {}

  register(router: Router<SpindleState>): void {
    const { useCases: u, presenter: p } = this;

    for (const type of UPLOAD_TYPES) {
      router.post(`/inventory/upload/${type}`, async (ctx) => {
        requireUserCaller(ctx.state.caller);
        const view = await withUploadedFile(ctx, this.options.maxUploadBytes, this.options.spool, (file) => u.request.execute({ caller: ctx.state.caller, type, file }));
        ctx.set('Location', p.url(view.id));
        ctx.body = p.upload(view);
      });
    }

    router.get('/inventory/upload', async (ctx) => {
      const q = validateQuery(PageQuery, ctx.query);
      const page = await u.list.execute({ caller: ctx.state.caller, page: q.toPageRequest() });
      ctx.body = { items: page.items.map((v) => p.upload(v)), pagination: paginate(ctx, this.baseUrl, page) } satisfies ApiSchema<'InventoryUploadPage'>;
    });

    router.get('/inventory/upload/:id', async (ctx) => {
      const view = await u.get.execute({ caller: ctx.state.caller, id: jobId(ctx.params.id) });
      answerJobRecord(ctx, view.updated, () => p.upload(view));
    });
  }
}
