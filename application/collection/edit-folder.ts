import type { CollectionRepository } from '../../domain/collection/collection-repository.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Caller } from '../shared/caller.js';
import type { CheckedInput } from '../shared/checked-input.js';
import { ownerChange } from './collection-access.js';
import type { FolderNameInput } from './collection-inputs.js';
import type { FolderView } from './folder-view.js';

/**
 * `POST /s/{name}/collection/folders/{id}` (`{"name": …}`): renames a folder (not 0 or 1), 200 with it. The owner
 * only. The body is read first, its name once the folder is found and may be renamed (the edge checks each as
 * it is read: see `FolderNameInput`).
 */
export class EditFolder {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(input: { name: string; folderId: number; caller: Caller; body: CheckedInput<FolderNameInput> }): Promise<FolderView> {
    return ownerChange({ users: this.users, collections: this.collections, uow: this.uow }, input, async (user, collection) => {
      const body = input.body();
      collection.renamableFolder(input.folderId);
      const changed = collection.renameFolder(input.folderId, body.name);
      await this.collections.save(changed);
      return { user, folder: changed.folder(input.folderId) };
    });
  }
}
