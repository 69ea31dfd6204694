import type { CollectionRepository, WantlistRepository } from '../../domain/collection/collection-repository.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { NotFound } from '../errors.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Caller } from '../shared/caller.js';
import { ownerChange } from './collection-access.js';

/** `DELETE /s/{name}/wants/{release_id}`: removes the want, 204; 404 when not wanted. The owner only. */
export class RemoveWant {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
    private readonly wants: WantlistRepository,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(input: { name: string; releaseId: number; caller: Caller }): Promise<void> {
    await ownerChange({ users: this.users, collections: this.collections, uow: this.uow }, input, async (user) => {
      if (!(await this.wants.want(user.id, input.releaseId))) throw new NotFound('The release is not in the wantlist.');
      await this.wants.remove(user.id, input.releaseId);
    });
  }
}
