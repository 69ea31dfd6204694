import type { CollectionRepository } from '../../domain/collection/collection-repository.js';
import type { NotesField } from '../../domain/collection/notes-fields.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { Caller } from '../shared/caller.js';
import { isOwner, requireOwnerUnless, userNamed } from './collection-access.js';

/** `GET /s/{name}/collection/fields`: every field to the owner; the public ones to anyone when the collection is public. */
export class ListFields {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
  ) {}

  async execute(input: { name: string; caller: Caller }): Promise<NotesField[]> {
    const user = await userNamed(this.users, input.name);
    const collection = await this.collections.load(user.id);
    requireOwnerUnless(collection.privacy.collectionPublic, input.caller, user);
    return collection.visibleFields(isOwner(input.caller, user));
  }
}
