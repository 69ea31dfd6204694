import type { CollectionRepository } from '../../domain/collection/collection-repository.js';
import type { CollectionListReader } from '../ports/collection-list-reader.js';
import type { CollectionSort } from '../../domain/collection/collection-sort.js';
import type { User } from '../../domain/identity/accounts.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { Caller } from '../shared/caller.js';
import { pageOffset, type Page, type PageRequest, type SortOrder } from '../shared/page.js';
import { isOwner, requireOwnerUnless, userNamed } from './collection-access.js';
import type { HeldReleases } from './held-releases.js';
import { type WantView, notesFor } from './want-view.js';

/** `GET /s/{name}/wants`: the wantlist, sorted and paginated, to the owner or, when public, anyone. */
export class ListWants {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
    private readonly lists: CollectionListReader,
    private readonly held: HeldReleases,
  ) {}

  async execute(input: { name: string; caller: Caller; sort: CollectionSort; order: SortOrder; page: PageRequest }): Promise<{
    user: User;
    page: Page<WantView>;
  }> {
    const user = await userNamed(this.users, input.name);
    requireOwnerUnless((await this.collections.load(user.id)).privacy.wantlistPublic, input.caller, user);
    const slice = await this.lists.wantlist(user.id, { sort: input.sort, order: input.order, offset: pageOffset(input.page), limit: input.page.perPage });
    const releases = await this.held.of(
      slice.items.map((w) => w.releaseId),
      input.caller,
    );
    const owner = isOwner(input.caller, user);
    const items = slice.items.map((want) => ({ user, want, release: releases.get(want.releaseId)!, notes: notesFor(want, owner) }));
    return { user, page: { items, total: slice.total, page: input.page.page, perPage: input.page.perPage } };
  }
}
