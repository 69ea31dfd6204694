import type { UserListRepository } from '../../domain/lists/user-list-repository.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Caller } from '../shared/caller.js';
import { assertOwner, changingUser, found } from './list-access.js';

/** The owner deletes a list with its items (`DELETE /lists/{id}`, the list's page). 401/403 for anyone else, 404 for none. */
export class DeleteList {
  constructor(
    private readonly lists: UserListRepository,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(input: { readonly listId: number; readonly caller: Caller }): Promise<void> {
    const userId = changingUser(input.caller);
    await this.uow.run(async () => {
      const stored = found(await this.lists.byId(input.listId, { forUpdate: true }));
      assertOwner(stored, userId);
      await this.lists.remove(stored.id);
    });
  }
}
