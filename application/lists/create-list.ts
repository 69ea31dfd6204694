import { UserList } from '../../domain/lists/user-list.js';
import type { UserListRepository } from '../../domain/lists/user-list-repository.js';
import type { TextFormat } from '../../domain/text/text-format.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Caller } from '../shared/caller.js';
import type { CheckedInput } from '../shared/checked-input.js';
import type { GetList, ListView } from './get-list.js';
import { changingUser } from './list-access.js';
import type { NewListInput } from './list-inputs.js';

/**
 * A user makes a new, empty list (`POST /lists`, the lists page): `name` (required), `description`, `public`
 * (default false). 401 for anonymous callers, 403 for an application acting for nobody, 422 naming a bad field.
 */
export class CreateList {
  constructor(
    private readonly lists: UserListRepository,
    private readonly getList: GetList,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { readonly caller: Caller; readonly body: CheckedInput<NewListInput>; readonly textFormat: TextFormat }): Promise<ListView> {
    const ownerId = changingUser(input.caller);
    const details = input.body();
    const list = await this.uow.run(async () => {
      const id = await this.lists.nextId();
      const made = UserList.create({ id, ownerId, ...details, at: this.clock.now() });
      await this.lists.add(made);
      return made;
    });
    return this.getList.view(list, input.caller, input.textFormat);
  }
}
