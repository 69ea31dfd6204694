import type { CollectionRepository, WantlistRepository } from '../../domain/collection/collection-repository.js';
import type { CollectionSort } from '../../domain/collection/collection-sort.js';
import { Want } from '../../domain/collection/want.js';
import type { User } from '../../domain/identity/accounts.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { NotFound } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Caller } from '../shared/caller.js';
import { pageOffset, type Page, type PageRequest, type SortOrder } from '../shared/page.js';
import { bodyFields, isOwner, ownerChange, requireOwnerUnless, userNamed } from './collection-access.js';
import type { HeldRelease, HeldReleases } from './held-releases.js';

/** A want as a caller sees it: the notes to the owner, and to others when the owner made them public. */
export interface WantView {
  readonly user: User;
  readonly want: Want;
  readonly release: HeldRelease;
  /** The notes: to the owner, or to anyone when public. */
  readonly notes: string | undefined;
}

/** The notes (and whether they are public) and rating of a want, from a JSON body or the query (clients send either). */
export interface WantChange {
  readonly notes?: unknown;
  readonly rating?: unknown;
  readonly notesPublic?: unknown;
}

/** The change a request carries: a body's fields win over the query's of the same name. */
export function wantChangeOf(query: Record<string, unknown>, body: unknown): WantChange {
  const fields = { ...pick(query), ...pick(bodyFields(body)) };
  return fields;
}

function pick(from: Record<string, unknown>): WantChange {
  const out: { notes?: unknown; rating?: unknown; notesPublic?: unknown } = {};
  if (from.notes !== undefined) out.notes = from.notes;
  if (from.rating !== undefined) out.rating = from.rating;
  if (from.notes_public !== undefined) out.notesPublic = from.notes_public;
  return out;
}

/** The notes of a want as `caller` may see them. */
const notesFor = (want: Want, owner: boolean): string | undefined => (owner || want.notesPublic ? want.notes : undefined);

async function viewOf(held: HeldReleases, user: User, want: Want, caller: Caller): Promise<WantView> {
  const release = (await held.of([want.releaseId], caller)).get(want.releaseId)!;
  return { user, want, release, notes: notesFor(want, isOwner(caller, user)) };
}

/** `GET /s/{name}/wants`: the wantlist, sorted and paginated, to the owner or, when public, anyone. */
export class ListWants {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
    private readonly wants: WantlistRepository,
    private readonly held: HeldReleases,
  ) {}

  async execute(input: { name: string; caller: Caller; sort: CollectionSort; order: SortOrder; page: PageRequest }): Promise<{
    user: User;
    page: Page<WantView>;
  }> {
    const user = await userNamed(this.users, input.name);
    requireOwnerUnless((await this.collections.load(user.id)).privacy.wantlistPublic, input.caller, user);
    const slice = await this.wants.list(user.id, { sort: input.sort, order: input.order, offset: pageOffset(input.page), limit: input.page.perPage });
    const releases = await this.held.of(
      slice.items.map((w) => w.releaseId),
      input.caller,
    );
    const owner = isOwner(input.caller, user);
    const items = slice.items.map((want) => ({ user, want, release: releases.get(want.releaseId)!, notes: notesFor(want, owner) }));
    return { user, page: { items, total: slice.total, page: input.page.page, perPage: input.page.perPage } };
  }
}

/** `GET /s/{name}/wants/{release_id}`: one want. */
export class GetWant {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
    private readonly wants: WantlistRepository,
    private readonly held: HeldReleases,
  ) {}

  async execute(input: { name: string; releaseId: number; caller: Caller }): Promise<WantView> {
    const user = await userNamed(this.users, input.name);
    requireOwnerUnless((await this.collections.load(user.id)).privacy.wantlistPublic, input.caller, user);
    const want = await this.wants.want(user.id, input.releaseId);
    if (!want) throw new NotFound('The release is not in the wantlist.');
    return viewOf(this.held, user, want, input.caller);
  }
}

/**
 * `PUT /s/{name}/wants/{release_id}`: adds the release to the wantlist with the notes and rating given (201); a want
 * that exists already is updated instead (clients re-send PUTs), still 201 with the want. The owner only.
 */
export class PutWant {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
    private readonly wants: WantlistRepository,
    private readonly held: HeldReleases,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { name: string; releaseId: number; caller: Caller; change: WantChange }): Promise<WantView> {
    const releaseExists = async (): Promise<void> => {
      if (!(await this.held.exists(input.releaseId))) throw new NotFound('Release not found.');
    };
    const [user, want] = await ownerChange(
      { users: this.users, collections: this.collections, uow: this.uow },
      input,
      async (user) => {
        const old = await this.wants.want(user.id, input.releaseId);
        const want = (old ?? Want.added(user.id, input.releaseId, this.clock.now())).edited(input.change);
        if (old) await this.wants.update(want);
        else await this.wants.add(want);
        return [user, want] as const;
      },
      releaseExists,
    );
    return viewOf(this.held, user, want, input.caller);
  }
}

/** `POST /s/{name}/wants/{release_id}`: changes the notes and rating of a want (200 with it); 404 when not wanted. */
export class EditWant {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
    private readonly wants: WantlistRepository,
    private readonly held: HeldReleases,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(input: { name: string; releaseId: number; caller: Caller; change: WantChange }): Promise<WantView> {
    const [user, want] = await ownerChange({ users: this.users, collections: this.collections, uow: this.uow }, input, async (user) => {
      const old = await this.wants.want(user.id, input.releaseId);
      if (!old) throw new NotFound('The release is not in the wantlist.');
      const want = old.edited(input.change);
      await this.wants.update(want);
      return [user, want] as const;
    });
    return viewOf(this.held, user, want, input.caller);
  }
}

/** `DELETE /s/{name}/wants/{release_id}`: removes the want, 204; 404 when not wanted. The owner only. */
export class RemoveWant {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
    private readonly wants: WantlistRepository,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(input: { name: string; releaseId: number; caller: Caller }): Promise<void> {
    await ownerChange({ users: this.users, collections: this.collections, uow: this.uow }, input, async (user) => {
      if (!(await this.wants.want(user.id, input.releaseId))) throw new NotFound('The release is not in the wantlist.');
      await this.wants.remove(user.id, input.releaseId);
    });
  }
}
