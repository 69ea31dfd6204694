import type { CollectionRepository } from '../../domain/collection/collection-repository.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Caller } from '../shared/caller.js';
import type { CheckedInput } from '../shared/checked-input.js';
import { ownerChange } from './collection-access.js';
import type { FolderNameInput } from './collection-inputs.js';
import type { FolderView } from './folder-view.js';

/**
 * `POST /s/{name}/collection/folders` (`{"name": …}`): a new empty folder, 201. The owner only; the name is read (and
 * checked) once the user, the caller and the collection are answered.
 */
export class CreateFolder {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(input: { name: string; caller: Caller; body: CheckedInput<FolderNameInput> }): Promise<FolderView> {
    return ownerChange({ users: this.users, collections: this.collections, uow: this.uow }, input, async (user, collection) => {
      const id = await this.collections.nextFolderId();
      const changed = collection.createFolder(id, input.body().name);
      await this.collections.save(changed);
      return { user, folder: changed.folder(id) };
    });
  }
}
