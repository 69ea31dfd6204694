import { ALL_FOLDER, type Folder } from '../../domain/collection/collection.js';
import type { CollectionRepository } from '../../domain/collection/collection-repository.js';
import type { User } from '../../domain/identity/accounts.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Caller } from '../shared/caller.js';
import { bodyFields, isOwner, ownerChange, requireOwnerUnless, underRules, userNamed } from './collection-access.js';

/** A folder with the user it belongs to (for its URL). */
export interface FolderView {
  readonly user: User;
  readonly folder: Folder;
}

/**
 * `GET /s/{name}/collection/folders`: every folder to the owner; folder 0 alone to anyone else when the collection is
 * public; 401/403 when it is private.
 */
export class ListFolders {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
  ) {}

  async execute(input: { name: string; caller: Caller }): Promise<{ user: User; folders: Folder[] }> {
    const user = await userNamed(this.users, input.name);
    const collection = await this.collections.load(user.id);
    requireOwnerUnless(collection.privacy.collectionPublic, input.caller, user);
    const folders = collection.folders;
    return { user, folders: isOwner(input.caller, user) ? folders : folders.filter((f) => f.id === ALL_FOLDER) };
  }
}

/** `GET /s/{name}/collection/folders/{id}`: the owner's any folder; folder 0 of a public collection to anyone. */
export class GetFolder {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
  ) {}

  async execute(input: { name: string; folderId: number; caller: Caller }): Promise<FolderView> {
    const user = await userNamed(this.users, input.name);
    const collection = await this.collections.load(user.id);
    requireOwnerUnless(collection.privacy.collectionPublic && input.folderId === ALL_FOLDER, input.caller, user);
    return underRules(async () => ({ user, folder: collection.folder(input.folderId) }));
  }
}

/** `POST /s/{name}/collection/folders` (`{"name": …}`): a new empty folder, 201. The owner only. */
export class CreateFolder {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(input: { name: string; caller: Caller; body: unknown }): Promise<FolderView> {
    return ownerChange({ users: this.users, collections: this.collections, uow: this.uow }, input, async (user, collection) => {
      const id = await this.collections.nextFolderId();
      const changed = collection.createFolder(id, bodyFields(input.body).name);
      await this.collections.save(changed);
      return { user, folder: changed.folder(id) };
    });
  }
}

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

/** `DELETE /s/{name}/collection/folders/{id}`: removes an empty folder (not 0 or 1), 204. The owner only. */
export class DeleteFolder {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(input: { name: string; folderId: number; caller: Caller }): Promise<void> {
    await ownerChange({ users: this.users, collections: this.collections, uow: this.uow }, input, (_user, collection) => this.collections.save(collection.deleteFolder(input.folderId)));
  }
}
