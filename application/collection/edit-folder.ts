import type { CollectionRepository } from '../../domain/collection/collection-repository.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Caller } from '../shared/caller.js';
import { bodyFields, ownerChange } from './collection-access.js';
import type { FolderView } from './folder-view.js';

/** `POST /s/{name}/collection/folders/{id}` (`{"name": …}`): renames a folder (not 0 or 1), 200 with it. The owner only. */
export class EditFolder {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(input: { name: string; folderId: number; caller: Caller; body: unknown }): Promise<FolderView> {
    return ownerChange({ users: this.users, collections: this.collections, uow: this.uow }, input, async (user, collection) => {
      const changed = collection.renameFolder(input.folderId, bodyFields(input.body).name);
      await this.collections.save(changed);
      return { user, folder: changed.folder(input.folderId) };
    });
  }
}
