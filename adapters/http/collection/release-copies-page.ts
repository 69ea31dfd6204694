import type Router from '@koa/router';
import type Koa from 'koa';
import type { AddToFolder } from '../../../application/collection/add-to-folder.js';
import type { EditInstance } from '../../../application/collection/edit-instance.js';
import type { EditWant } from '../../../application/collection/edit-want.js';
import type { GetWant } from '../../../application/collection/get-want.js';
import type { HeldReleases } from '../../../application/collection/held-releases.js';
import type { ListFields } from '../../../application/collection/list-fields.js';
import type { ListFolders } from '../../../application/collection/list-folders.js';
import type { ListReleaseInstances } from '../../../application/collection/list-release-instances.js';
import type { PutWant } from '../../../application/collection/put-want.js';
import type { SetInstanceNote } from '../../../application/collection/set-instance-note.js';
import { NotFound } from '../../../application/errors.js';
import { ALL_FOLDER } from '../../../domain/collection/collection.js';
import { noteValue } from '../../../domain/collection/notes-fields.js';
import { MAX_RATING, ratingProblem } from '../../../domain/collection/rating.js';
import { recordId } from '../catalogue/catalogue-pages.js';
import type { SpindleState } from '../http-state.js';
import { statusOf } from '../middleware/errors.js';
import { pathId } from '../query.js';
import type { RouteModule } from '../route-module.js';
import type { ApiUrls } from '../urls.js';
import { profilePageUrl } from '../users/profile-page.js';
import { peoplePageTemplates } from '../users/people-page-templates.js';
import { WebPageKit, type SignedIn, type WebPageDeps, type WebPageSettings } from '../web-pages/web-page-kit.js';
import { instanceChange, wantChange } from './collection-bodies.js';
import type { CollectionPresenter } from './collection-presenter.js';

/** The page of a release's copies for the signed-in: `/release/{id}/yours` and its forms' paths below it. */
const PAGE_PATH = /^\/release\/[^/]+\/yours(\/.*)?$/;
const MAX_FORM_BYTES = 32 * 1024;
/** Enough copies of one release on one page. */
const MAX_COPIES = 100;

/** The use cases the page calls: the ones the API's collection and wantlist routes call. */
export interface ReleaseCopiesUseCases {
  readonly listFolders: ListFolders;
  readonly listFields: ListFields;
  readonly listReleaseInstances: ListReleaseInstances;
  readonly addToFolder: AddToFolder;
  readonly editInstance: EditInstance;
  readonly setInstanceNote: SetInstanceNote;
  readonly getWant: GetWant;
  readonly putWant: PutWant;
  readonly editWant: EditWant;
  readonly held: HeldReleases;
}

type Problems = Record<string, string>;

/**
 * A release as its signed-in viewer holds it (`{web_url}/release/{id}/yours`, linked from the release page): their
 * copies with folder, rating and notes to edit, a form adding a copy to a folder, and their want of it (add, notes,
 * rating). Each form is checked as the API checks the same change (its body checks, the collection's rules), every
 * problem shown beside its field with the values kept (422, nothing stored); a change answers 303 back with a notice.
 */
export class ReleaseCopiesPage implements RouteModule {
  private readonly kit: WebPageKit;

  constructor(
    private readonly u: ReleaseCopiesUseCases,
    private readonly presenter: CollectionPresenter,
    deps: WebPageDeps,
    private readonly urls: ApiUrls,
    settings: WebPageSettings,
  ) {
    this.kit = new WebPageKit(deps, settings, peoplePageTemplates());
  }

  isWebPage(path: string): boolean {
    return PAGE_PATH.test(path);
  }

  refusalPage(ctx: Koa.Context, err: unknown): Promise<boolean> {
    return this.kit.refusalPage(ctx, err);
  }

  register(router: Router<SpindleState>): void {
    // A form's token is checked first (a form from elsewhere is a 403 whoever sends it), then the session.
    const page = (handler: (ctx: Koa.Context, caller: SignedIn, releaseId: number, form: URLSearchParams) => Promise<void>) =>
      this.kit.page(async (ctx) => {
        const form = ctx.method === 'POST' ? await this.kit.form(ctx, MAX_FORM_BYTES) : new URLSearchParams();
        const releaseId = recordId(ctx.params.ref, 'Release not found.');
        if (!(await this.u.held.exists(releaseId))) throw new NotFound('Release not found.');
        await handler(ctx, await this.kit.signedIn(ctx), releaseId, form);
      });
    router.get('/release/:ref/yours', page(async (ctx, caller, releaseId) => this.show(ctx, caller, releaseId, {})));
    router.post('/release/:ref/yours/collect', page(async (ctx, caller, releaseId, form) => {
      const folderId = Number(form.get('folder_id'));
      const folders = await this.folders(caller);
      if (!folders.some((f) => f.id === folderId)) return this.show(ctx, caller, releaseId, { problems: { collect: 'Choose one of your folders.' } }, 422);
      await this.u.addToFolder.execute({ name: caller.username, folderId, releaseId, caller });
      this.kit.seeOther(ctx, `${this.path(releaseId)}?done=collected`);
    }));
    router.post('/release/:ref/yours/instances/:instance', page(async (ctx, caller, releaseId, form) => {
      const instanceId = pathId(ctx.params.instance, () => new NotFound('Instance not found.'));
      await this.editCopy(ctx, caller, releaseId, instanceId, form);
    }));
    router.post('/release/:ref/yours/want', page(async (ctx, caller, releaseId, form) => {
      const fields = { notes: form.get('notes') ?? '', rating: form.get('rating') ?? '0', notes_public: form.get('notes_public') === '1' ? 'true' : 'false' };
      const problem = ratingProblem(fields.rating);
      const change = wantChange({}, fields);
      try {
        if (problem) throw new WantProblem(problem);
        const input = { name: caller.username, releaseId, caller, change };
        if (await this.wanted(caller, releaseId)) await this.u.editWant.execute(input);
        else await this.u.putWant.execute(input);
      } catch (err) {
        if (!(err instanceof WantProblem) && statusOf(err) !== 422) throw err;
        const key = /rating/i.test((err as Error).message) ? 'want_rating' : 'want_notes';
        return this.show(ctx, caller, releaseId, { problems: { [key]: (err as Error).message }, values: { want: fields } }, 422);
      }
      this.kit.seeOther(ctx, `${this.path(releaseId)}?done=wanted`);
    }));
  }

  private path(releaseId: number): string {
    return `/release/${releaseId}/yours`;
  }

  private async folders(caller: SignedIn): Promise<readonly { id: number; name: string }[]> {
    const { folders } = await this.u.listFolders.execute({ name: caller.username, caller });
    return folders.filter((f) => f.id !== ALL_FOLDER);
  }

  private async wanted(caller: SignedIn, releaseId: number): Promise<boolean> {
    try {
      await this.u.getWant.execute({ name: caller.username, releaseId, caller });
      return true;
    } catch (err) {
      if (statusOf(err) === 404) return false;
      throw err;
    }
  }

  /**
   * A copy's change from its form: the folder, the rating and each notes field, every one checked first (by the API's
   * body checks and the collection's rules) so that a refused form stores nothing; then applied.
   */
  private async editCopy(ctx: Koa.Context, caller: SignedIn, releaseId: number, instanceId: number, form: URLSearchParams): Promise<void> {
    const copies = await this.copies(caller, releaseId);
    const copy = copies.find((c) => c.instance.id === instanceId);
    if (!copy) throw new NotFound('Instance not found.');
    const [folders, fields] = await Promise.all([this.folders(caller), this.u.listFields.execute({ name: caller.username, caller })]);
    const problems: Problems = {};
    const folderId = Number(form.get('folder_id'));
    if (!folders.some((f) => f.id === folderId)) problems.folder_id = 'Choose one of your folders.';
    const rating = form.get('rating') ?? '0';
    const ratingRefused = ratingProblem(rating);
    if (ratingRefused) problems.rating = ratingRefused;
    const notes = new Map<number, string>();
    for (const field of fields) {
      const value = form.get(`field_${field.id}`);
      if (value === null) continue;
      try {
        notes.set(field.id, noteValue(field, value));
      } catch (err) {
        problems[`field_${field.id}`] = (err as Error).message;
      }
    }
    if (Object.keys(problems).length > 0) {
      return this.show(ctx, caller, releaseId, { problems, values: { [instanceId]: Object.fromEntries(form) }, at: instanceId }, 422);
    }
    const at = { name: caller.username, caller, folderId: copy.instance.folderId, releaseId, instanceId };
    for (const [fieldId, value] of notes) {
      if ((copy.notes.find((n) => n.fieldId === fieldId)?.value ?? '') !== value) await this.u.setInstanceNote.execute({ ...at, fieldId, value: () => value });
    }
    await this.u.editInstance.execute({ ...at, ...instanceChange({ folder_id: String(folderId), rating }) });
    this.kit.seeOther(ctx, `${this.path(releaseId)}?done=saved`);
  }

  private async copies(caller: SignedIn, releaseId: number) {
    const { page } = await this.u.listReleaseInstances.execute({ name: caller.username, releaseId, caller, page: { page: 1, perPage: MAX_COPIES } });
    return page.items;
  }

  private async show(
    ctx: Koa.Context,
    caller: SignedIn,
    releaseId: number,
    extra: { problems?: Problems; values?: Record<string, Record<string, string>>; at?: number },
    status = 200,
  ): Promise<void> {
    const [copies, folders, fields, held] = await Promise.all([
      this.copies(caller, releaseId),
      this.folders(caller),
      this.u.listFields.execute({ name: caller.username, caller }),
      this.u.held.of([releaseId], caller),
    ]);
    const release = this.presenter.basicInformation(held.get(releaseId)!);
    const want = await this.u.getWant.execute({ name: caller.username, releaseId, caller }).catch((err: unknown) => {
      if (statusOf(err) === 404) return undefined;
      throw err;
    });
    const problems = extra.problems ?? {};
    const done = { collected: 'Added to your collection.', saved: 'Your copy is saved.', wanted: 'Your wantlist is saved.' }[String(ctx.query.done)];
    await this.kit.render(
      ctx,
      '@copies',
      {
        title: `Your copies of ${release.title || `release ${releaseId}`}`,
        user: caller.username,
        notice: status === 200 ? done : undefined,
        action: `${this.kit.settings.webUrl}${this.path(releaseId)}`,
        releaseUrl: this.urls.web('release', releaseId, release.title),
        collectionUrl: `${profilePageUrl(this.urls, caller.username)}/collection`,
        wantsUrl: `${profilePageUrl(this.urls, caller.username)}/wants`,
        folders,
        ratings: Array.from({ length: MAX_RATING + 1 }, (_, n) => n),
        problems,
        copies: copies.map((c) => {
          const kept = extra.at === c.instance.id ? extra.values?.[c.instance.id] : undefined;
          const noteOf = (id: number) => kept?.[`field_${id}`] ?? c.notes.find((n) => n.fieldId === id)?.value ?? '';
          return {
            id: c.instance.id,
            problems: extra.at === c.instance.id ? problems : {},
            folderId: Number(kept?.folder_id ?? c.instance.folderId),
            rating: kept?.rating ?? String(c.instance.rating),
            fields: fields.map((f) => ({ id: f.id, name: f.name, type: f.type, options: f.type === 'dropdown' ? f.options : [], lines: f.type === 'textarea' ? f.lines : 1, value: noteOf(f.id) })),
          };
        }),
        want: want
          ? { wanted: true, ...(extra.values?.want ?? { notes: want.notes ?? '', rating: String(want.want.rating), notes_public: want.want.notesPublic ? 'true' : 'false' }) }
          : { wanted: false, ...(extra.values?.want ?? { notes: '', rating: '0', notes_public: 'false' }) },
      },
      status,
    );
  }
}

/** A want's rating refused before the use case is called (so that nothing is stored). */
class WantProblem extends Error {}
