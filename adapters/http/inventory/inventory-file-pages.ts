import type Router from '@koa/router';
import type Koa from 'koa';
import { Invalid } from '../../../application/errors.js';
import type { InventoryExportView } from '../../../application/inventory/inventory-export-view.js';
import type { InventoryUploadView } from '../../../application/inventory/inventory-upload-view.js';
import { UNFINISHED_JOB_STATUSES } from '../../../domain/jobs/job.js';
import { isUploadType, UPLOAD_TYPES } from '../../../domain/inventory/inventory-upload.js';
import type { SpindleState } from '../http-state.js';
import { statusOf } from '../middleware/errors.js';
import { PageQuery } from '../pagination.js';
import { validateQuery } from '../query.js';
import type { RouteModule } from '../route-module.js';
import { dateInWords } from '../web-pages/page-format.js';
import { pagerLinks } from '../web-pages/page-links.js';
import { WebPageKit, type SignedIn, type WebPageDeps, type WebPageSettings } from '../web-pages/web-page-kit.js';
import { answerExportFile, jobId, type InventoryExportUseCases } from './inventory-export-routes.js';
import { inventoryFileTemplates } from './inventory-file-templates.js';
import type { InventoryUploadUseCases } from './inventory-upload-routes.js';
import { sizeText, withUploadedFile } from './multipart-file.js';
import type { UploadSpool } from './upload-spool.js';

const EXPORTS = '/sell/exports';
const UPLOADS = '/sell/uploads';
const PATHS = /^\/sell\/(?:exports|uploads)(?:\/[^/]*(?:\/download)?)?$/;

/** What each kind of upload does, as the form offers it. */
const UPLOAD_KINDS: Readonly<Record<(typeof UPLOAD_TYPES)[number], string>> = {
  add: 'Add listings (columns release_id, price, media_condition, …)',
  change: 'Change listings (column listing_id, and the columns to change)',
  delete: 'Delete listings (column listing_id)',
};

/** What the lists say after their forms (`?done=`): fixed texts, never one taken from the address. */
const NOTICES: Readonly<Partial<Record<string, string>>> = {
  export: 'Your export is asked for: it is written in a moment; refresh this page to see when it is ready.',
  upload: 'Your file was checked and is being applied: refresh this page to follow it.',
};

/** A job's results text (the spec's `CSV file contains 3 records.<p>Processed 3 records.`) as lines to show. */
function resultLines(text: string): string[] {
  return text.split(/<p>|\n/).map((l) => l.trim()).filter((l) => l !== '');
}

/**
 * The seller's inventory files as pages, signed in, each calling the API's use case: `/sell/exports` lists their
 * exports with a button asking for a new one (`RequestInventoryExport`), `/sell/exports/{id}` follows one (a link
 * refreshes it: no script) and `/sell/exports/{id}/download` gives its CSV as the API's download does;
 * `/sell/uploads` lists their uploads with a form sending a CSV to add, change or delete listings
 * (`RequestInventoryUpload`, multipart with the form token among its fields), `/sell/uploads/{id}` follows one with
 * its results or problems. A refused upload (a bad file, one still running, not CSV) is the list again with the
 * reasons beside the form; another person's job is the API's 404.
 */
export class InventoryFilePages implements RouteModule {
  private readonly kit: WebPageKit;

  constructor(
    private readonly exports: InventoryExportUseCases,
    private readonly uploads: Pick<InventoryUploadUseCases, 'request' | 'list' | 'get'>,
    private readonly options: { readonly maxUploadBytes: number; readonly spool: UploadSpool },
    deps: WebPageDeps,
    settings: WebPageSettings,
  ) {
    this.kit = new WebPageKit(deps, settings, inventoryFileTemplates());
  }

  isWebPage(path: string): boolean {
    return PATHS.test(path);
  }

  refusalPage(ctx: Koa.Context, err: unknown): Promise<boolean> {
    return this.kit.refusalPage(ctx, err);
  }

  register(router: Router<SpindleState>): void {
    router.get(EXPORTS, this.kit.page(async (ctx) => this.exportList(ctx, await this.kit.signedIn(ctx), {})));
    router.post(EXPORTS, this.kit.page(async (ctx) => {
      const caller = await this.kit.signedIn(ctx);
      await this.kit.form(ctx);
      try {
        const made = await this.exports.request.execute({ caller });
        this.kit.seeOther(ctx, `${EXPORTS}/${made.id}?done=export`);
      } catch (err) {
        // One already running (409) is said beside the button.
        if (statusOf(err) !== 409) throw err;
        await this.exportList(ctx, caller, { refused: (err as Error).message }, 409);
      }
    }));
    router.get(`${EXPORTS}/:id`, this.kit.page(async (ctx) => {
      const caller = await this.kit.signedIn(ctx);
      const view = await this.exports.get.execute({ caller, id: jobId(ctx.params.id) });
      await this.kit.render(ctx, '@export', { ...this.common(caller, EXPORTS), title: `Export ${view.id}`, job: this.exportRow(view), notice: NOTICES[String(ctx.query.done)] });
    }));
    router.get(`${EXPORTS}/:id/download`, this.kit.page(async (ctx) => {
      const caller = await this.kit.signedIn(ctx);
      answerExportFile(ctx, await this.exports.download.execute({ caller, id: jobId(ctx.params.id) }));
    }));

    router.get(UPLOADS, this.kit.page(async (ctx) => this.uploadList(ctx, await this.kit.signedIn(ctx), {})));
    router.post(UPLOADS, this.kit.page(async (ctx) => {
      const caller = await this.kit.signedIn(ctx);
      let type = '';
      try {
        const made = await withUploadedFile(ctx, this.options.maxUploadBytes, this.options.spool, (file) => {
          // The form's fields are read with its file: its token first, so nothing is checked or kept for a forged form.
          const fields = ((ctx.request as { body?: Record<string, unknown> }).body ?? {}) as Record<string, unknown>;
          this.kit.checkFormToken(ctx, typeof fields.csrf === 'string' ? fields.csrf : undefined);
          type = typeof fields.type === 'string' ? fields.type : '';
          if (!isUploadType(type)) throw new Invalid('Choose what the file does: add, change or delete listings.');
          return this.uploads.request.execute({ caller, type, file });
        });
        this.kit.seeOther(ctx, `${UPLOADS}/${made.id}?done=upload`);
      } catch (err) {
        const status = statusOf(err);
        // A refused file (bad rows 422, one still running 409, not CSV 415, too large 413) is said beside the form.
        if (status === undefined || ![409, 413, 415, 422].includes(status)) throw err;
        await this.uploadList(ctx, caller, { refused: resultLines((err as Error).message), type }, status);
      }
    }));
    router.get(`${UPLOADS}/:id`, this.kit.page(async (ctx) => {
      const caller = await this.kit.signedIn(ctx);
      const view = await this.uploads.get.execute({ caller, id: jobId(ctx.params.id) });
      await this.kit.render(ctx, '@upload', { ...this.common(caller, UPLOADS), title: `Upload ${view.id}`, job: this.uploadRow(view), notice: NOTICES[String(ctx.query.done)] });
    }));
  }

  private common(caller: SignedIn, here: string): Record<string, unknown> {
    return { user: caller.username, here, exports: `${this.kit.settings.webUrl}${EXPORTS}`, uploads: `${this.kit.settings.webUrl}${UPLOADS}` };
  }

  private exportRow(v: InventoryExportView): Record<string, unknown> {
    const href = `${this.kit.settings.webUrl}${EXPORTS}/${v.id}`;
    return {
      id: v.id,
      href,
      status: v.status,
      running: UNFINISHED_JOB_STATUSES.includes(v.status),
      created: dateInWords(v.created),
      finished: v.finished ? dateInWords(v.finished) : undefined,
      filename: v.filename,
      download: v.downloadable ? `${href}/download` : undefined,
    };
  }

  private uploadRow(v: InventoryUploadView): Record<string, unknown> {
    return {
      id: v.id,
      href: `${this.kit.settings.webUrl}${UPLOADS}/${v.id}`,
      status: v.status,
      running: UNFINISHED_JOB_STATUSES.includes(v.status),
      type: v.type,
      created: dateInWords(v.created),
      finished: v.finished ? dateInWords(v.finished) : undefined,
      filename: v.filename,
      results: resultLines(v.results),
    };
  }

  private async exportList(ctx: Koa.Context, caller: SignedIn, extra: { refused?: string }, status = 200): Promise<void> {
    const q = validateQuery(PageQuery, ctx.query);
    const page = await this.exports.list.execute({ caller, page: q.toPageRequest() });
    await this.kit.render(ctx, '@exports', {
      ...this.common(caller, EXPORTS),
      title: 'Inventory exports',
      action: `${this.kit.settings.webUrl}${EXPORTS}`,
      jobs: page.items.map((v) => this.exportRow(v)),
      pager: pagerLinks(ctx, `${this.kit.settings.webUrl}${EXPORTS}`, page),
      refused: extra.refused,
    }, status);
  }

  private async uploadList(ctx: Koa.Context, caller: SignedIn, extra: { refused?: string[]; type?: string }, status = 200): Promise<void> {
    const q = validateQuery(PageQuery, ctx.query);
    const page = await this.uploads.list.execute({ caller, page: q.toPageRequest() });
    await this.kit.render(ctx, '@uploads', {
      ...this.common(caller, UPLOADS),
      title: 'Inventory uploads',
      action: `${this.kit.settings.webUrl}${UPLOADS}`,
      kinds: UPLOAD_TYPES.map((t) => ({ value: t, text: UPLOAD_KINDS[t] })),
      type: extra.type ?? 'add',
      maxSize: sizeText(this.options.maxUploadBytes),
      jobs: page.items.map((v) => this.uploadRow(v)),
      pager: pagerLinks(ctx, `${this.kit.settings.webUrl}${UPLOADS}`, page),
      refused: extra.refused,
      error: extra.refused ? 'The file was not taken: see the reasons beside the form.' : undefined,
    }, status);
  }
}
