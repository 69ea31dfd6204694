import type { CollectionRepository } from '../../domain/collection/collection-repository.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { bodyFields, ownerChange, wholeNumber } from './collection-access.js';
import { type InstancePath, instanceAt } from './instance-path.js';

/** `POST …/instances/{instance_id}` with `folder_id` (move) and/or `rating` (0–5): 204. The owner only. */
export class EditInstance {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(input: InstancePath & { body: unknown }): Promise<void> {
    await ownerChange({ users: this.users, collections: this.collections, uow: this.uow }, input, async (user, collection) => {
      const fields = bodyFields(input.body);
      const target = fields.folder_id === undefined ? undefined : wholeNumber(fields.folder_id, 'folder_id');
      let instance = await instanceAt(this.collections, user, input);
      if (target !== undefined && target !== instance.folderId) instance = instance.movedTo(collection.receivingFolder(target).id);
      if (fields.rating !== undefined) instance = instance.rated(fields.rating);
      await this.collections.updateInstance(instance);
    });
  }
}
