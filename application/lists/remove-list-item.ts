import type { ListItemRef } from '../../domain/lists/user-list.js';
import type { UserListRepository } from '../../domain/lists/user-list-repository.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Caller } from '../shared/caller.js';
import { assertOwner, changingUser, found } from './list-access.js';

/**
 * The owner takes a record out of a list (`DELETE /lists/{id}/items/{type}/{item_id}`, the list's page). 404 when
 * the list does not hold it.
 */
export class RemoveListItem {
  constructor(
    private readonly lists: UserListRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { readonly listId: number; readonly item: ListItemRef; readonly caller: Caller }): Promise<void> {
    const userId = changingUser(input.caller);
    await this.uow.run(async () => {
      const stored = found(await this.lists.byId(input.listId, { forUpdate: true }));
      assertOwner(stored, userId);
      stored.removeItem(input.item, this.clock.now());
      await this.lists.save(stored);
    });
  }
}
