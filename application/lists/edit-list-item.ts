import type { ListItemChange, ListItemRef } from '../../domain/lists/user-list.js';
import type { UserListRepository } from '../../domain/lists/user-list-repository.js';
import type { TextFormat } from '../../domain/text/text-format.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Caller } from '../shared/caller.js';
import type { CheckedInput } from '../shared/checked-input.js';
import type { GetList, ListView } from './get-list.js';
import { assertOwner, changingUser, found } from './list-access.js';

/**
 * The owner changes an item's comment and/or moves it (`POST /lists/{id}/items/{type}/{item_id}`, the list's page):
 * `comment`, `position` (1 is first). 404 when the list does not hold the record.
 */
export class EditListItem {
  constructor(
    private readonly lists: UserListRepository,
    private readonly getList: GetList,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: {
    readonly listId: number;
    readonly item: ListItemRef;
    readonly caller: Caller;
    readonly body: CheckedInput<ListItemChange>;
    readonly textFormat: TextFormat;
  }): Promise<ListView> {
    const userId = changingUser(input.caller);
    const list = await this.uow.run(async () => {
      const stored = found(await this.lists.byId(input.listId, { forUpdate: true }));
      assertOwner(stored, userId);
      const change = input.body();
      stored.editItem(input.item, change, this.clock.now());
      await this.lists.save(stored);
      return stored;
    });
    return this.getList.view(list, input.caller, input.textFormat);
  }
}
