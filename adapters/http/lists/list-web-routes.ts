import type Router from '@koa/router';
import type Koa from 'koa';
import { NotFound } from '../../../application/errors.js';
import type { ListView } from '../../../application/lists/get-list.js';
import { isListItemKind, LIST_ITEM_KINDS, type ListItemRef } from '../../../domain/lists/user-list.js';
import type { SpindleState } from '../http-state.js';
import { statusOf } from '../middleware/errors.js';
import { pathId } from '../query.js';
import type { RouteModule } from '../route-module.js';
import type { ListPresenter } from './list-presenter.js';
import type { ListUseCases } from './list-routes.js';
import { listDetailsInput, listItemChangeInput, newListInput, newListItemInput } from './list-bodies.js';
import { listPageTemplates } from './list-templates.js';
import { WebPageKit, type SignedIn, type WebPageDeps, type WebPageSettings } from '../web-pages/web-page-kit.js';

const MAX_FORM_BYTES = 64 * 1024;
const PER_PAGE = 100;
const PATH = '/settings/lists';


/** What the pages need besides the list use cases: the browser sessions, and fresh secrets for form tokens. */
export type ListWebPageDeps = WebPageDeps;

const listNotFound = () => new NotFound('List not found.');

/**
 * The lists' web pages on `{web_url}`, for a signed-in user: `/settings/lists` (your lists, and a form to make one)
 * and `/settings/lists/{id}` (change the details, add, comment on, move and remove items, delete the list). Every
 * form carries the CSRF token of the other web pages (the same cookie); a change answers 303 to the page it was
 * made on, a refused one shows the page again with the reason and its status.
 */
export class ListWebPageRoutes implements RouteModule {
  private readonly kit: WebPageKit;

  constructor(
    private readonly useCases: ListUseCases,
    deps: ListWebPageDeps,
    private readonly presenter: ListPresenter,
    private readonly settings: WebPageSettings,
  ) {
    this.kit = new WebPageKit(deps, settings, listPageTemplates());
  }

  refusalPage(ctx: Koa.Context, err: unknown): Promise<boolean> {
    return this.kit.refusalPage(ctx, err);
  }

  isWebPage(path: string): boolean {
    return path === PATH || path.startsWith(`${PATH}/`);
  }

  private form(ctx: Koa.Context): Promise<URLSearchParams> {
    return this.kit.form(ctx, MAX_FORM_BYTES);
  }

  private page(handler: (ctx: Koa.Context) => Promise<void>): (ctx: Koa.Context) => Promise<void> {
    return this.kit.page(handler, { href: `${this.settings.webUrl}${PATH}`, text: 'Your lists' });
  }

  private async listsPage(ctx: Koa.Context, caller: SignedIn, extra: { form?: Record<string, unknown>; error?: string } = {}, status = 200): Promise<void> {
    const requested = Number(typeof ctx.query.page === 'string' && /^\d{1,6}$/.test(ctx.query.page) ? ctx.query.page : 1);
    const pageNumber = Math.max(1, requested);
    const { page } = await this.useCases.listUserLists.execute({
      name: caller.username,
      caller,
      page: { page: pageNumber, perPage: PER_PAGE },
      textFormat: 'markup',
    });
    await this.kit.render(
      ctx,
      '@lists',
      {
        title: 'Your lists',
        user: caller.username,
        lists: page.items.map((l) => ({ ...l, changedAt: l.changedAt.toISOString(), apiUrl: this.presenter.resourceUrl(l.id) })),
        previousPage: pageNumber > 1 ? pageNumber - 1 : undefined,
        nextPage: pageNumber * PER_PAGE < page.total ? pageNumber + 1 : undefined,
        form: { name: '', description: '', isPublic: false, ...extra.form },
        error: extra.error,
      },
      status,
    );
  }

  private async listPage(
    ctx: Koa.Context,
    caller: SignedIn,
    listId: number,
    extra: { details?: Record<string, unknown>; item?: Record<string, unknown>; error?: string } = {},
    status = 200,
  ): Promise<void> {
    const list: ListView = await this.useCases.getList.execute({ listId, caller, textFormat: 'markup', ownerOnly: true });
    await this.kit.render(
      ctx,
      '@list',
      {
        title: list.name,
        user: caller.username,
        list: {
          ...list,
          apiUrl: this.presenter.resourceUrl(list.id),
          items: list.items.map((i) => ({ ...i, webUrl: `${this.settings.webUrl}${i.webPath}` })),
        },
        details: { name: list.name, description: list.description, isPublic: list.isPublic, ...extra.details },
        item: { type: 'release', id: '', comment: '', ...extra.item },
        kinds: LIST_ITEM_KINDS,
        error: extra.error,
      },
      status,
    );
  }

  /** Runs a change; a refusal of the input (422, 409) shows the page again with the reason. */
  private async changing(work: () => Promise<void>, again: (error: string, status: number) => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (err) {
      const status = statusOf(err);
      if (status !== 422 && status !== 409) throw err;
      await again((err as Error).message, status);
    }
  }

  register(router: Router<SpindleState>): void {
    const u = this.useCases;
    const details = (form: URLSearchParams) => ({
      name: form.get('name') ?? '',
      description: form.get('description') ?? '',
      public: form.get('public') === 'true',
    });
    const itemOf = (ctx: Koa.Context): ListItemRef => {
      const type = ctx.params.type;
      if (!isListItemKind(type)) throw new NotFound('List item not found.');
      return { kind: type, catalogueId: pathId(ctx.params.itemId, () => new NotFound('List item not found.')) };
    };

    router.get(PATH, this.page(async (ctx) => this.listsPage(ctx, await this.kit.signedIn(ctx))));

    router.post(PATH, this.page(async (ctx) => {
      const form = await this.form(ctx);
      const caller = await this.kit.signedIn(ctx);
      const body = details(form);
      await this.changing(
        async () => {
          const made = await u.createList.execute({ caller, body: () => newListInput(body), textFormat: 'markup' });
          this.kit.seeOther(ctx, `${PATH}/${made.id}`);
        },
        (error, status) => this.listsPage(ctx, caller, { form: { ...body, isPublic: body.public }, error }, status),
      );
    }));

    router.get(`${PATH}/:id`, this.page(async (ctx) => {
      const caller = await this.kit.signedIn(ctx);
      await this.listPage(ctx, caller, pathId(ctx.params.id, listNotFound));
    }));

    router.post(`${PATH}/:id`, this.page(async (ctx) => {
      const form = await this.form(ctx);
      const caller = await this.kit.signedIn(ctx);
      const listId = pathId(ctx.params.id, listNotFound);
      const body = details(form);
      await this.changing(
        async () => {
          await u.editList.execute({ listId, caller, body: () => listDetailsInput(body), textFormat: 'markup' });
          this.kit.seeOther(ctx, `${PATH}/${listId}`);
        },
        (error, status) => this.listPage(ctx, caller, listId, { details: { ...body, isPublic: body.public }, error }, status),
      );
    }));

    router.post(`${PATH}/:id/delete`, this.page(async (ctx) => {
      await this.form(ctx);
      const caller = await this.kit.signedIn(ctx);
      await u.deleteList.execute({ listId: pathId(ctx.params.id, listNotFound), caller });
      this.kit.seeOther(ctx, PATH);
    }));

    router.post(`${PATH}/:id/items`, this.page(async (ctx) => {
      const form = await this.form(ctx);
      const caller = await this.kit.signedIn(ctx);
      const listId = pathId(ctx.params.id, listNotFound);
      const body = { type: form.get('type') ?? '', id: (form.get('id') ?? '').trim(), comment: form.get('comment') ?? '' };
      await this.changing(
        async () => {
          await u.addItem.execute({ listId, caller, body: () => newListItemInput(body), textFormat: 'markup' });
          this.kit.seeOther(ctx, `${PATH}/${listId}`);
        },
        (error, status) => this.listPage(ctx, caller, listId, { item: body, error }, status),
      );
    }));

    router.post(`${PATH}/:id/items/:type/:itemId`, this.page(async (ctx) => {
      const form = await this.form(ctx);
      const caller = await this.kit.signedIn(ctx);
      const listId = pathId(ctx.params.id, listNotFound);
      const item = itemOf(ctx);
      const body: Record<string, string> = {};
      const comment = form.get('comment');
      const position = form.get('position');
      if (comment !== null) body.comment = comment;
      if (position !== null) body.position = position;
      await this.changing(
        async () => {
          await u.editItem.execute({ listId, item, caller, body: () => listItemChangeInput(body), textFormat: 'markup' });
          this.kit.seeOther(ctx, `${PATH}/${listId}`);
        },
        (error, status) => this.listPage(ctx, caller, listId, { error }, status),
      );
    }));

    router.post(`${PATH}/:id/items/:type/:itemId/remove`, this.page(async (ctx) => {
      await this.form(ctx);
      const caller = await this.kit.signedIn(ctx);
      const listId = pathId(ctx.params.id, listNotFound);
      await u.removeItem.execute({ listId, item: itemOf(ctx), caller });
      this.kit.seeOther(ctx, `${PATH}/${listId}`);
    }));
  }
}
