import type { CollectionRepository } from '../../domain/collection/collection-repository.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { ownerChange } from './collection-access.js';
import { type InstancePath, instanceAt } from './instance-path.js';

/** `DELETE …/instances/{instance_id}`: removes the instance, 204. The owner only. */
export class DeleteInstance {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(input: InstancePath): Promise<void> {
    await ownerChange({ users: this.users, collections: this.collections, uow: this.uow }, input, async (user) => this.collections.removeInstance(await instanceAt(this.collections, user, input)));
  }
}
