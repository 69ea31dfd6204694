import type { CollectionRepository } from '../../domain/collection/collection-repository.js';
import { ALL_FOLDER } from '../../domain/collection/collection.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { Caller } from '../shared/caller.js';
import { requireOwnerUnless, userNamed } from './collection-access.js';
import type { FolderView } from './folder-view.js';

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
    return { user, folder: collection.folder(input.folderId) };
  }
}
