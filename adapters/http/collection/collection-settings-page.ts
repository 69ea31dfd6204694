import type Router from '@koa/router';
import type Koa from 'koa';
import { Invalid, NotFound } from '../../../application/errors.js';
import type { CollectionSettingsUseCase, SettingsChange } from '../../../application/collection/collection-settings.js';
import type { FieldSpec } from '../../../domain/collection/collection.js';
import type { SpindleState } from '../http-state.js';
import { statusOf } from '../middleware/errors.js';
import { pathId } from '../query.js';
import type { RouteModule } from '../route-module.js';
import type { ApiUrls } from '../urls.js';
import { SETTINGS_PAGES } from '../identity/web/settings-nav.js';
import { WebPageKit, type SignedIn, type WebPageDeps, type WebPageSettings } from '../web-pages/web-page-kit.js';
import { collectionSettingsTemplates } from './collection-settings-templates.js';

const PATH = '/settings/collection';
const MAX_FORM_BYTES = 64 * 1024;

/** A field as the page's form describes it: the kind, name, public box, and options (one per line) or lines. */
/** A form's line count: its digits as a number; any other text is NaN, which the collection refuses as no count. */
function linesOf(text: string | null): number {
  return text !== null && /^\s*\d+\s*$/.test(text) ? Number(text) : NaN;
}

/** The field a form describes (its type decides which of options and lines it has). */
/** The move form's step: `up` or `down`, nothing else (a step that is neither moves nothing). */
function stepOf(form: URLSearchParams): -1 | 1 {
  const step = form.get('step');
  if (step === 'up') return -1;
  if (step === 'down') return 1;
  throw new Invalid('Move a field up or down.');
}

function specOf(form: URLSearchParams): FieldSpec {
  const type = form.get('type');
  const name = form.get('name') ?? '';
  const isPublic = form.get('public') === '1';
  if (type === 'dropdown') return { type, name, public: isPublic, options: (form.get('options') ?? '').split(/\r?\n/) };
  if (type === 'textarea') return { type, name, public: isPublic, lines: linesOf(form.get('lines')) };
  throw new Invalid('Choose the kind of field: a dropdown or a text box.');
}

/**
 * The collection settings page on `{web_url}/settings/collection`, for a signed-in user: who may see the collection
 * and the wantlist, and the notes fields (add, edit, reorder, remove). The API has no calls for these, as in the
 * public API; each change answers 303 to the page, a refused one shows the page again with the reason and its status.
 */
export class CollectionSettingsPage implements RouteModule {
  private readonly kit: WebPageKit;

  constructor(
    private readonly settingsUseCase: CollectionSettingsUseCase,
    deps: WebPageDeps,
    private readonly urls: ApiUrls,
    settings: WebPageSettings,
  ) {
    this.kit = new WebPageKit(deps, settings, collectionSettingsTemplates());
  }

  refusalPage(ctx: Koa.Context, err: unknown): Promise<boolean> {
    return this.kit.refusalPage(ctx, err);
  }

  isWebPage(path: string): boolean {
    return path === PATH || path.startsWith(`${PATH}/`);
  }

  private async show(ctx: Koa.Context, caller: SignedIn, extra: { error?: string; form?: Record<string, string> } = {}, status = 200): Promise<void> {
    const settings = await this.settingsUseCase.read({ name: caller.username, caller });
    const user = this.urls.user(caller.username);
    await this.kit.render(
      ctx,
      '@collection-settings',
      {
        title: 'Collection settings',
        user: caller.username,
        here: PATH,
        settingsPages: SETTINGS_PAGES,
        fields: settings.fields,
        privacy: settings.privacy,
        foldersUrl: `${user}/collection/folders`,
        wantsUrl: `${user}/wants`,
        form: extra.form ?? {},
        error: extra.error,
      },
      status,
    );
  }

  /** Applies a change from a form: 303 back to the page, or the page again with the refusal (422, 404). */
  private async change(ctx: Koa.Context, make: (form: URLSearchParams) => SettingsChange): Promise<void> {
    const caller = await this.kit.signedIn(ctx);
    const form = await this.kit.form(ctx, MAX_FORM_BYTES);
    try {
      await this.settingsUseCase.change({ name: caller.username, caller, change: make(form) });
    } catch (err) {
      if (statusOf(err) !== 422) throw err;
      await this.show(ctx, caller, { error: (err as Error).message, form: Object.fromEntries(form) }, 422);
      return;
    }
    this.kit.seeOther(ctx, PATH);
  }

  register(router: Router<SpindleState>): void {
    const back = { href: `${this.kit.settings.webUrl}${PATH}`, text: 'Collection settings' };
    const page = (handler: (ctx: Koa.Context) => Promise<void>) => this.kit.page(handler, back);
    const fieldId = (ctx: Koa.Context): number => pathId((ctx.params as { id?: string }).id, () => new NotFound('Field not found.'));

    router.get(PATH, page(async (ctx) => this.show(ctx, await this.kit.signedIn(ctx))));
    router.post(`${PATH}/privacy`, page(async (ctx) =>
      this.change(ctx, (form) => ({
        kind: 'privacy',
        privacy: { collectionPublic: form.get('collection_public') === '1', wantlistPublic: form.get('wantlist_public') === '1' },
      })),
    ));
    router.post(`${PATH}/fields`, page(async (ctx) => this.change(ctx, (form) => ({ kind: 'add-field', spec: specOf(form) }))));
    router.post(`${PATH}/fields/:id`, page(async (ctx) => this.change(ctx, (form) => ({ kind: 'edit-field', fieldId: fieldId(ctx), spec: specOf(form) }))));
    router.post(`${PATH}/fields/:id/remove`, page(async (ctx) => this.change(ctx, () => ({ kind: 'remove-field', fieldId: fieldId(ctx) }))));
    router.post(`${PATH}/fields/:id/move`, page(async (ctx) =>
      this.change(ctx, (form) => ({ kind: 'move-field', fieldId: fieldId(ctx), step: stepOf(form) })),
    ));
  }
}
