import type { CollectionRepository } from '../../domain/collection/collection-repository.js';
import type { Folder } from '../../domain/collection/collection.js';
import type { User } from '../../domain/identity/accounts.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { Caller } from '../shared/caller.js';
import { isOwner, requireOwnerUnless, userNamed } from './collection-access.js';

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
    return { user, folders: collection.visibleFolders(isOwner(input.caller, user)) };
  }
}
