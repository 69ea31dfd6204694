import type { CollectionRepository } from '../../domain/collection/collection-repository.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Caller } from '../shared/caller.js';
import { ownerChange } from './collection-access.js';

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
