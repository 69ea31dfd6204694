import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { UserListRepository } from '../../domain/lists/user-list-repository.js';
import type { TextFormat } from '../../domain/text/text-format.js';
import { NotFound } from '../errors.js';
import { pageOffset, type Page, type PageRequest } from '../shared/page.js';
import type { Caller } from '../shared/caller.js';
import type { TextRenderer } from '../text/text-renderer.js';
import { userIdOf } from './list-access.js';
import type { ListItemDisplay } from './list-item-display.js';

/** A list as a user's list of lists shows it: no items, the description in the asked format, the first item's image. */
export interface ListSummaryView {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  readonly isPublic: boolean;
  readonly createdAt: Date;
  readonly changedAt: Date;
  readonly itemCount: number;
  readonly imageUrl: string;
}

/**
 * `GET /s/{name}/lists`: a page of a user's lists, oldest first. Private lists are listed to their owner alone;
 * everyone else sees the public ones (and the count of those). 404 for an unknown user.
 */
export class ListUserLists {
  constructor(
    private readonly lists: UserListRepository,
    private readonly users: UserRepository,
    private readonly display: ListItemDisplay,
    private readonly text: TextRenderer,
  ) {}

  async execute(input: {
    readonly name: string;
    readonly caller: Caller;
    readonly page: PageRequest;
    readonly textFormat: TextFormat;
  }): Promise<{ readonly owner: { readonly id: number; readonly username: string }; readonly page: Page<ListSummaryView> }> {
    const user = await this.users.byLoginName(input.name);
    if (!user) throw new NotFound('User not found.');
    const includePrivate = userIdOf(input.caller) === user.id;
    const { lists, total } = await this.lists.ofOwner(user.id, { includePrivate, offset: pageOffset(input.page), limit: input.page.perPage });
    const [descriptions, images] = await Promise.all([
      this.text.render(lists.map((l) => l.description), input.textFormat),
      Promise.all(lists.map(async (l) => (l.firstItem ? (await this.display.describe([l.firstItem], input.caller))[0]!.imageUrl : ''))),
    ]);
    const items = lists.map((l, n) => ({
      id: l.id,
      name: l.name,
      description: descriptions[n]!,
      isPublic: l.isPublic,
      createdAt: l.createdAt,
      changedAt: l.changedAt,
      itemCount: l.itemCount,
      imageUrl: images[n]!,
    }));
    return { owner: { id: user.id, username: user.username }, page: { items, total, page: input.page.page, perPage: input.page.perPage } };
  }
}
