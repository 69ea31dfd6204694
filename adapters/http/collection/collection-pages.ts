import type Router from '@koa/router';
import type Koa from 'koa';
import type { ListFolderItems } from '../../../application/collection/list-folder-items.js';
import type { ListWants } from '../../../application/collection/list-wants.js';
import { NotFound } from '../../../application/errors.js';
import type { Caller } from '../../../application/shared/caller.js';
import { COLLECTION_SORTS } from '../../../domain/collection/collection-sort.js';
import type { ApiSchema } from '../api-shapes.js';
import type { SpindleState } from '../http-state.js';
import { pathId, validateQuery } from '../query.js';
import type { RouteModule } from '../route-module.js';
import type { ApiUrls } from '../urls.js';
import { profilePageUrl } from '../users/profile-page.js';
import { peoplePageTemplates } from '../users/people-page-templates.js';
import { dateInWords } from '../web-pages/page-format.js';
import { pagerLinks } from '../web-pages/page-links.js';
import { pageCaller, renderPage, type PageSessions, type WebPageSettings } from '../web-pages/web-page-kit.js';
import type { CollectionPresenter } from './collection-presenter.js';
import { CollectionListQuery } from './collection-queries.js';

/** The collection and wantlist pages' paths: `/user/{name}/collection` and `/user/{name}/wants`. */
const PAGE_PATH = /^\/user\/[^/]+\/(collection|wants)$/;

/** The use cases the pages read with: the ones the API's collection and wantlist routes call. */
export interface CollectionPageUseCases {
  readonly listFolderItems: ListFolderItems;
  readonly listWants: ListWants;
}

/**
 * A user's collection (`{web_url}/user/{name}/collection?folder=…`: the folders, a folder's instances with the notes
 * of the fields the viewer may see) and wantlist (`…/wants`, with the want's notes where the viewer may see them), as
 * pages. They call the API's use cases and presenter, so a private collection or wantlist is the API's refusal (401
 * for the anonymous, 403 for another user) as the site's page, and a folder other than "All" is the owner's alone.
 */
export class CollectionPages implements RouteModule {
  private readonly eta = peoplePageTemplates();

  constructor(
    private readonly useCases: CollectionPageUseCases,
    private readonly presenter: CollectionPresenter,
    private readonly sessions: PageSessions | undefined,
    private readonly urls: ApiUrls,
    private readonly settings: WebPageSettings,
  ) {}

  isWebPage(path: string): boolean {
    return PAGE_PATH.test(path);
  }

  register(router: Router<SpindleState>): void {
    router.get('/user/:name/collection', (ctx) => this.collection(ctx));
    router.get('/user/:name/wants', (ctx) => this.wants(ctx));
  }

  private render(ctx: Koa.Context, template: string, data: Record<string, unknown>): Promise<void> {
    return renderPage(ctx, { eta: this.eta, settings: this.settings, sessions: this.sessions }, template, data);
  }

  private async collection(ctx: Koa.Context): Promise<void> {
    const name = ctx.params.name!;
    const folderId = folderOf(ctx.query.folder);
    const q = validateQuery(CollectionListQuery, ctx.query);
    const caller = await pageCaller(this.sessions, ctx);
    // One use case: the folder's page of instances carries the folders and fields the viewer may see.
    const items = await this.useCases.listFolderItems.execute({ name, folderId, caller, sort: q.sortKey(), order: q.sortOrder(), page: q.toPageRequest() });
    const { user, folders, fields } = items;
    const fieldNames = new Map(fields.map((f) => [f.id, f.name]));
    const path = `${profilePageUrl(this.urls, user.username)}/collection`;
    await this.render(ctx, '@collection', {
      title: `${user.username}’s collection`,
      owner: user.username,
      ownerNav: ownerNav(caller, user.id, user.username, 'collection'),
      profileUrl: profilePageUrl(this.urls, user.username),
      path,
      folder: folderId,
      folders: folders.map((f) => ({ name: f.name, count: f.count, current: f.id === folderId, href: `${path}?folder=${f.id}` })),
      sorts: COLLECTION_SORTS,
      sort: q.sortKey(),
      sortOrder: q.sortOrder(),
      rows: items.page.items.map((v) => {
        const i = this.presenter.instance(v);
        return {
          ...this.row(i.basic_information, i.rating, v.instance.dateAdded),
          notes: i.notes.filter((n) => n.value !== '' && fieldNames.has(n.field_id)).map((n) => ({ name: fieldNames.get(n.field_id)!, value: n.value })),
        };
      }),
      empty: 'No releases in this folder.',
      pager: pagerLinks(ctx, path, items.page),
      apiUrl: `${this.presenter.foldersUrl(user)}/${folderId}/releases`,
    });
  }

  private async wants(ctx: Koa.Context): Promise<void> {
    const q = validateQuery(CollectionListQuery, ctx.query);
    const caller = await pageCaller(this.sessions, ctx);
    const { user, page } = await this.useCases.listWants.execute({ name: ctx.params.name!, caller, sort: q.sortKey(), order: q.sortOrder(), page: q.toPageRequest() });
    const path = `${profilePageUrl(this.urls, user.username)}/wants`;
    await this.render(ctx, '@wants', {
      title: `${user.username}’s wantlist`,
      owner: user.username,
      ownerNav: ownerNav(caller, user.id, user.username, 'wants'),
      profileUrl: profilePageUrl(this.urls, user.username),
      path,
      sorts: COLLECTION_SORTS,
      sort: q.sortKey(),
      sortOrder: q.sortOrder(),
      rows: page.items.map((v) => {
        const w = this.presenter.want(v);
        return { ...this.row(w.basic_information, w.rating, v.want.dateAdded), notes: w.notes ? [{ name: 'Notes', value: w.notes }] : [] };
      }),
      empty: 'Nothing wanted yet.',
      pager: pagerLinks(ctx, path, page),
      apiUrl: `${this.urls.user(user.username)}/wants`,
    });
  }

  /** A release's row: its page, title, artists, year, the rating (0 is none) and when it was added. */
  private row(b: ApiSchema<'BasicInformation'>, rating: number, added: Date): Record<string, unknown> {
    return {
      href: this.urls.web('release', b.id, b.title),
      title: b.title || `Release ${b.id}`,
      artist: b.artists.map((a) => a.anv || a.name).join(', '),
      year: b.year || '',
      rating: rating ? `${rating} of 5` : '',
      added: dateInWords(added),
    };
  }
}

/** The records' sub-nav of the page, for its owner alone (`RECORD_PAGES`): their name and the page's path. */
function ownerNav(caller: Caller, ownerId: number, owner: string, page: 'collection' | 'wants'): { user: string; here: string } | undefined {
  return caller.kind === 'user' && Number(caller.userId) === ownerId ? { user: owner, here: `/user/${encodeURIComponent(owner)}/${page}` } : undefined;
}

/** The `folder` parameter: absent is "All" (0), else a folder id; anything else names no folder (404). */
function folderOf(value: string | string[] | undefined): number {
  if (value === undefined || value === '' || value === '0') return 0;
  return pathId(typeof value === 'string' ? value : undefined, () => new NotFound('Folder not found.'));
}
