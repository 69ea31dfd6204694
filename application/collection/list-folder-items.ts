import type { CollectionRepository } from '../../domain/collection/collection-repository.js';
import type { CollectionListReader } from '../ports/collection-list-reader.js';
import type { CollectionSort } from '../../domain/collection/collection-sort.js';
import { ALL_FOLDER } from '../../domain/collection/collection.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { Caller } from '../shared/caller.js';
import { pageOffset, type PageRequest, type SortOrder } from '../shared/page.js';
import { isOwner, requireOwnerUnless, userNamed } from './collection-access.js';
import type { HeldReleases } from './held-releases.js';
import { type FolderPage, instanceViewsOf } from './instance-view.js';

/**
 * `GET /s/{name}/collection/folders/{id}/releases`: the instances in a folder, sorted and paginated. The owner sees
 * any folder and every notes field; anyone else folder 0 of a public collection and its public fields. The answer
 * also carries the folders and fields the caller may see, so a page of the folder reads the collection once.
 */
export class ListFolderItems {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
    private readonly lists: CollectionListReader,
    private readonly held: HeldReleases,
  ) {}

  async execute(input: {
    name: string;
    folderId: number;
    caller: Caller;
    sort: CollectionSort;
    order: SortOrder;
    page: PageRequest;
  }): Promise<FolderPage> {
    const user = await userNamed(this.users, input.name);
    const collection = await this.collections.load(user.id);
    requireOwnerUnless(collection.privacy.collectionPublic && input.folderId === ALL_FOLDER, input.caller, user);
    collection.folder(input.folderId);
    const slice = await this.lists.instancesInFolder(user.id, input.folderId, {
      sort: input.sort,
      order: input.order,
      offset: pageOffset(input.page),
      limit: input.page.perPage,
    });
    const owner = isOwner(input.caller, user);
    const items = await instanceViewsOf(slice.items, collection, owner, this.held, input.caller);
    return {
      user,
      page: { items, total: slice.total, page: input.page.page, perPage: input.page.perPage },
      folders: collection.visibleFolders(owner),
      fields: collection.visibleFields(owner),
    };
  }
}
