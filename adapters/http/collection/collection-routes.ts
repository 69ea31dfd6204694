import type Router from '@koa/router';
import type { CollectionValue, GetCollectionValue } from '../../../application/collection/collection-value.js';
import type { AddToFolder } from '../../../application/collection/add-to-folder.js';
import type { CreateFolder } from '../../../application/collection/create-folder.js';
import type { DeleteFolder } from '../../../application/collection/delete-folder.js';
import type { DeleteInstance } from '../../../application/collection/delete-instance.js';
import type { EditFolder } from '../../../application/collection/edit-folder.js';
import type { EditInstance } from '../../../application/collection/edit-instance.js';
import type { EditWant } from '../../../application/collection/edit-want.js';
import type { GetFolder } from '../../../application/collection/get-folder.js';
import type { GetWant } from '../../../application/collection/get-want.js';
import type { InstancePage } from '../../../application/collection/instance-view.js';
import type { ListFields } from '../../../application/collection/list-fields.js';
import type { ListFolderItems } from '../../../application/collection/list-folder-items.js';
import type { ListFolders } from '../../../application/collection/list-folders.js';
import type { ListReleaseInstances } from '../../../application/collection/list-release-instances.js';
import type { ListWants } from '../../../application/collection/list-wants.js';
import type { PutWant } from '../../../application/collection/put-want.js';
import type { RemoveWant } from '../../../application/collection/remove-want.js';
import type { SetInstanceNote } from '../../../application/collection/set-instance-note.js';
import { NotFound } from '../../../application/errors.js';
import type { SpindleState } from '../http-state.js';
import { jsonBodyParser, requestBody } from '../json-body-parser.js';
import { PageQuery, paginate } from '../pagination.js';
import { pathId, validateQuery } from '../query.js';
import type { RouteModule } from '../route-module.js';
import { folderNameInput, instanceChange, noteValueInput, wantChange } from './collection-bodies.js';
import type { CollectionPresenter } from './collection-presenter.js';
import { CollectionListQuery } from './collection-queries.js';
import type Koa from 'koa';
import type { ApiSchema } from '../api-shapes.js';

/** The use cases the collection routes call. */
export interface CollectionUseCases {
  readonly listFolders: ListFolders;
  readonly getFolder: GetFolder;
  readonly createFolder: CreateFolder;
  readonly editFolder: EditFolder;
  readonly deleteFolder: DeleteFolder;
  readonly listFolderItems: ListFolderItems;
  readonly listReleaseInstances: ListReleaseInstances;
  readonly addToFolder: AddToFolder;
  readonly editInstance: EditInstance;
  readonly deleteInstance: DeleteInstance;
  readonly setInstanceNote: SetInstanceNote;
  readonly listFields: ListFields;
  readonly getValue: GetCollectionValue;
  readonly listWants: ListWants;
  readonly getWant: GetWant;
  readonly putWant: PutWant;
  readonly editWant: EditWant;
  readonly removeWant: RemoveWant;
}

/** A folder id of a path: 0 or a positive whole number; anything else names no folder. */
function folderId(value: string | undefined): number {
  if (value === '0') return 0;
  return pathId(value, () => new NotFound('Folder not found.'));
}

const releaseId = (value: string | undefined): number => pathId(value, () => new NotFound('Release not found.'));
const instanceId = (value: string | undefined): number => pathId(value, () => new NotFound('Instance not found.'));
const fieldId = (value: string | undefined): number => pathId(value, () => new NotFound('Field not found.'));

/**
 * A user's collection (folders, instances, notes fields, value) and wantlist under `/s/{name}/…` (and `/users/{name}/…`),
 * with the statuses of GAPS: 201 with a body for new folders, instances and wants, 204 for edits and deletions of
 * instances and deletions of folders and wants.
 */
export class CollectionRoutes implements RouteModule {
  constructor(
    private readonly useCases: CollectionUseCases,
    private readonly presenter: CollectionPresenter,
    private readonly options: { readonly baseUrl: string; readonly maxBodyBytes: number },
  ) {}

  register(router: Router<SpindleState>): void {
    const { useCases: u, presenter: p, options } = this;
    const body = jsonBodyParser(options.maxBodyBytes);
    const base = '/s/:name/collection';
    const instancePath = (ctx: { params: Record<string, string | undefined>; state: SpindleState }) => ({
      name: ctx.params.name!,
      folderId: folderId(ctx.params.folder),
      releaseId: releaseId(ctx.params.release),
      instanceId: instanceId(ctx.params.instance),
      caller: ctx.state.caller,
    });
    const instances = (ctx: Koa.Context, result: InstancePage): ApiSchema<'InstancePage'> => ({
      pagination: paginate(ctx, options.baseUrl, result.page),
      releases: result.page.items.map((v) => p.instance(v)),
    });

    router.get(`${base}/folders`, async (ctx) => {
      const { user, folders } = await u.listFolders.execute({ name: ctx.params.name!, caller: ctx.state.caller });
      ctx.body = { folders: folders.map((f) => p.folder(user, f)) } satisfies ApiSchema<'FolderList'>;
    });
    router.post(`${base}/folders`, body, async (ctx) => {
      const { user, folder } = await u.createFolder.execute({ name: ctx.params.name!, caller: ctx.state.caller, body: () => folderNameInput(requestBody(ctx)) });
      ctx.status = 201;
      ctx.body = p.folder(user, folder);
    });
    router.get(`${base}/folders/:folder`, async (ctx) => {
      const { user, folder } = await u.getFolder.execute({ name: ctx.params.name!, folderId: folderId(ctx.params.folder), caller: ctx.state.caller });
      ctx.body = p.folder(user, folder);
    });
    router.post(`${base}/folders/:folder`, body, async (ctx) => {
      const { user, folder } = await u.editFolder.execute({
        name: ctx.params.name!,
        folderId: folderId(ctx.params.folder),
        caller: ctx.state.caller,
        body: () => folderNameInput(requestBody(ctx)),
      });
      ctx.body = p.folder(user, folder);
    });
    router.delete(`${base}/folders/:folder`, async (ctx) => {
      await u.deleteFolder.execute({ name: ctx.params.name!, folderId: folderId(ctx.params.folder), caller: ctx.state.caller });
      ctx.status = 204;
    });

    router.get(`${base}/folders/:folder/releases`, async (ctx) => {
      const q = validateQuery(CollectionListQuery, ctx.query);
      const result = await u.listFolderItems.execute({
        name: ctx.params.name!,
        folderId: folderId(ctx.params.folder),
        caller: ctx.state.caller,
        sort: q.sortKey(),
        order: q.sortOrder(),
        page: q.toPageRequest(),
      });
      ctx.body = instances(ctx, result);
    });
    router.post(`${base}/folders/:folder/releases/:release`, body, async (ctx) => {
      const folder = folderId(ctx.params.folder);
      const release = releaseId(ctx.params.release);
      const { user, instance } = await u.addToFolder.execute({ name: ctx.params.name!, folderId: folder, releaseId: release, caller: ctx.state.caller });
      ctx.status = 201;
      ctx.body = { instance_id: instance.id, resource_url: p.instanceUrl(user, folder, release, instance.id) } satisfies ApiSchema<'InstanceAdded'>;
    });
    // The instance paths, and the singular form the spec writes into resource_url (`…/release/{r}/instance/{i}`).
    for (const path of [`${base}/folders/:folder/releases/:release/instances/:instance`, `${base}/folders/:folder/release/:release/instance/:instance`]) {
      router.post(path, body, async (ctx) => {
        await u.editInstance.execute({ ...instancePath(ctx), ...instanceChange(requestBody(ctx)) });
        ctx.status = 204;
      });
      router.delete(path, async (ctx) => {
        await u.deleteInstance.execute(instancePath(ctx));
        ctx.status = 204;
      });
      router.post(`${path}/fields/:field`, body, async (ctx) => {
        await u.setInstanceNote.execute({ ...instancePath(ctx), fieldId: fieldId(ctx.params.field), value: noteValueInput(ctx.query, requestBody(ctx)) });
        ctx.status = 204;
      });
    }

    router.get(`${base}/releases/:release`, async (ctx) => {
      const q = validateQuery(PageQuery, ctx.query);
      const raw = ctx.params.release;
      const release = raw === '0' ? 0 : releaseId(raw);
      const result = await u.listReleaseInstances.execute({ name: ctx.params.name!, releaseId: release, caller: ctx.state.caller, page: q.toPageRequest() });
      ctx.body = instances(ctx, result);
    });
    router.get(`${base}/fields`, async (ctx) => {
      const fields = await u.listFields.execute({ name: ctx.params.name!, caller: ctx.state.caller });
      ctx.body = { fields: fields.map((f) => p.field(f)) } satisfies ApiSchema<'NotesFieldList'>;
    });
    router.get(`${base}/value`, async (ctx) => {
      const value: CollectionValue = await u.getValue.execute({ name: ctx.params.name!, caller: ctx.state.caller });
      ctx.body = p.value(value);
    });

    router.get('/s/:name/wants', async (ctx) => {
      const q = validateQuery(CollectionListQuery, ctx.query);
      const { page } = await u.listWants.execute({
        name: ctx.params.name!,
        caller: ctx.state.caller,
        sort: q.sortKey(),
        order: q.sortOrder(),
        page: q.toPageRequest(),
      });
      ctx.body = { pagination: paginate(ctx, options.baseUrl, page), wants: page.items.map((v) => p.want(v)) } satisfies ApiSchema<'WantPage'>;
    });
    router.get('/s/:name/wants/:release', async (ctx) => {
      ctx.body = p.want(await u.getWant.execute({ name: ctx.params.name!, releaseId: releaseId(ctx.params.release), caller: ctx.state.caller }));
    });
    router.put('/s/:name/wants/:release', body, async (ctx) => {
      const view = await u.putWant.execute({
        name: ctx.params.name!,
        releaseId: releaseId(ctx.params.release),
        caller: ctx.state.caller,
        change: wantChange(lastValues(ctx.query), requestBody(ctx)),
      });
      ctx.status = 201;
      ctx.body = p.want(view);
    });
    router.post('/s/:name/wants/:release', body, async (ctx) => {
      const view = await u.editWant.execute({
        name: ctx.params.name!,
        releaseId: releaseId(ctx.params.release),
        caller: ctx.state.caller,
        change: wantChange(lastValues(ctx.query), requestBody(ctx)),
      });
      ctx.body = p.want(view);
    });
    router.delete('/s/:name/wants/:release', async (ctx) => {
      await u.removeWant.execute({ name: ctx.params.name!, releaseId: releaseId(ctx.params.release), caller: ctx.state.caller });
      ctx.status = 204;
    });
  }
}

/** The query's parameters, the last value of a repeated one. */
function lastValues(query: Record<string, string | string[] | undefined>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(query)) out[k] = Array.isArray(v) ? v.at(-1) : v;
  return out;
}
