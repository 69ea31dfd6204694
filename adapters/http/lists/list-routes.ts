import type Router from '@koa/router';
import { NotFound } from '../../../application/errors.js';
import type { AddListItem } from '../../../application/lists/add-list-item.js';
import type { CreateList } from '../../../application/lists/create-list.js';
import type { DeleteList } from '../../../application/lists/delete-list.js';
import type { EditList } from '../../../application/lists/edit-list.js';
import type { EditListItem } from '../../../application/lists/edit-list-item.js';
import type { GetList } from '../../../application/lists/get-list.js';
import type { ListUserLists } from '../../../application/lists/list-user-lists.js';
import type { RemoveListItem } from '../../../application/lists/remove-list-item.js';
import { isListItemKind, type ListItemRef } from '../../../domain/lists/user-list.js';
import type { SpindleState } from '../http-state.js';
import { jsonBodyParser, requestBody } from '../json-body-parser.js';
import { PageQuery, paginate } from '../pagination.js';
import { pathId, validateQuery } from '../query.js';
import type { RouteModule } from '../route-module.js';
import type { ListPresenter } from './list-presenter.js';
import { listDetailsInput, listItemChangeInput, newListInput, newListItemInput } from './list-bodies.js';
import type { ApiSchema } from '../api-shapes.js';

/** The use cases the list routes call. */
export interface ListUseCases {
  readonly listUserLists: ListUserLists;
  readonly getList: GetList;
  readonly createList: CreateList;
  readonly editList: EditList;
  readonly deleteList: DeleteList;
  readonly addItem: AddListItem;
  readonly editItem: EditListItem;
  readonly removeItem: RemoveListItem;
}

export const listNotFound = () => new NotFound('List not found.');
const itemNotFound = () => new NotFound('List item not found.');

/** The record an item path names (`/lists/{id}/items/{type}/{item_id}`); 404 for anything else. */
function itemRef(type: string | undefined, id: string | undefined): ListItemRef {
  if (!isListItemKind(type)) throw itemNotFound();
  return { kind: type, catalogueId: pathId(id, itemNotFound) };
}

/**
 * A user's lists (`GET /s/{name}/lists`) and one list (`GET /lists/{id}`), as the public API has them; and, beyond
 * it, the owner's changes: `POST /lists`, `POST`/`DELETE /lists/{id}`, `POST /lists/{id}/items`,
 * `POST`/`DELETE /lists/{id}/items/{type}/{item_id}`.
 */
export class ListRoutes implements RouteModule {
  constructor(
    private readonly useCases: ListUseCases,
    private readonly presenter: ListPresenter,
    private readonly options: { readonly baseUrl: string; readonly maxBodyBytes: number },
  ) {}

  register(router: Router<SpindleState>): void {
    const { useCases: u, presenter, options } = this;
    const body = jsonBodyParser(options.maxBodyBytes);

    router.get('/s/:name/lists', async (ctx) => {
      const q = validateQuery(PageQuery, ctx.query);
      const { page } = await u.listUserLists.execute({ name: ctx.params.name!, caller: ctx.state.caller, page: q.toPageRequest(), textFormat: ctx.state.textFormat });
      ctx.body = { pagination: paginate(ctx, options.baseUrl, page), lists: page.items.map((l) => presenter.summary(l)) } satisfies ApiSchema<'UserListPage'>;
    });

    router.get('/lists/:id', async (ctx) => {
      const listId = pathId(ctx.params.id, listNotFound);
      ctx.body = presenter.list(await u.getList.execute({ listId, caller: ctx.state.caller, textFormat: ctx.state.textFormat }));
    });

    router.post('/lists', body, async (ctx) => {
      const view = await u.createList.execute({ caller: ctx.state.caller, body: () => newListInput(requestBody(ctx)), textFormat: ctx.state.textFormat });
      ctx.status = 201;
      ctx.body = presenter.list(view);
    });

    router.post('/lists/:id', body, async (ctx) => {
      const listId = pathId(ctx.params.id, listNotFound);
      ctx.body = presenter.list(await u.editList.execute({ listId, caller: ctx.state.caller, body: () => listDetailsInput(requestBody(ctx)), textFormat: ctx.state.textFormat }));
    });

    router.delete('/lists/:id', async (ctx) => {
      await u.deleteList.execute({ listId: pathId(ctx.params.id, listNotFound), caller: ctx.state.caller });
      ctx.status = 204;
    });

    router.post('/lists/:id/items', body, async (ctx) => {
      const listId = pathId(ctx.params.id, listNotFound);
      const view = await u.addItem.execute({ listId, caller: ctx.state.caller, body: () => newListItemInput(requestBody(ctx)), textFormat: ctx.state.textFormat });
      ctx.status = 201;
      ctx.body = presenter.list(view);
    });

    router.post('/lists/:id/items/:type/:itemId', body, async (ctx) => {
      const listId = pathId(ctx.params.id, listNotFound);
      const item = itemRef(ctx.params.type, ctx.params.itemId);
      ctx.body = presenter.list(await u.editItem.execute({ listId, item, caller: ctx.state.caller, body: () => listItemChangeInput(requestBody(ctx)), textFormat: ctx.state.textFormat }));
    });

    router.delete('/lists/:id/items/:type/:itemId', async (ctx) => {
      const listId = pathId(ctx.params.id, listNotFound);
      await u.removeItem.execute({ listId, item: itemRef(ctx.params.type, ctx.params.itemId), caller: ctx.state.caller });
      ctx.status = 204;
    });
  }
}
