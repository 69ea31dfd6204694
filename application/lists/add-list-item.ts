import type { UserListRepository } from '../../domain/lists/user-list-repository.js';
import type { TextFormat } from '../../domain/text/text-format.js';
import { Invalid } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Caller } from '../shared/caller.js';
import type { CheckedInput } from '../shared/checked-input.js';
import type { GetList, ListView } from './get-list.js';
import { assertOwner, changingUser, found } from './list-access.js';
import type { ListItemDisplay } from './list-item-display.js';
import type { NewListItemInput } from './list-inputs.js';

/**
 * The owner adds a catalogue record to the end of a list (`POST /lists/{id}/items`, the list's page): `type`, `id`,
 * `comment`. The record must be in the catalogue (422 otherwise); a record the list holds already is a conflict (409).
 */
export class AddListItem {
  constructor(
    private readonly lists: UserListRepository,
    private readonly display: ListItemDisplay,
    private readonly getList: GetList,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { readonly listId: number; readonly caller: Caller; readonly body: CheckedInput<NewListItemInput>; readonly textFormat: TextFormat }): Promise<ListView> {
    const userId = changingUser(input.caller);
    // The list and its owner first, then the input and the record, read outside the unit of work (the catalogue
    // is not part of it); the list is read again, held, inside it.
    assertOwner(found(await this.lists.byId(input.listId)), userId);
    const item = input.body();
    if (!(await this.display.exists(item))) throw new Invalid(`There is no ${item.kind} ${item.catalogueId} in the catalogue.`);
    const list = await this.uow.run(async () => {
      const stored = found(await this.lists.byId(input.listId, { forUpdate: true }));
      assertOwner(stored, userId);
      stored.addItem(item, this.clock.now());
      await this.lists.save(stored);
      return stored;
    });
    return this.getList.view(list, input.caller, input.textFormat);
  }
}
