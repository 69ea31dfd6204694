import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { ListItemKind, ListItemRef } from '../../domain/lists/user-list.js';
import type { UserList } from '../../domain/lists/user-list.js';
import type { UserListRepository } from '../../domain/lists/user-list-repository.js';
import type { TextFormat } from '../../domain/text/text-format.js';
import type { Holding, HoldingCounts } from '../ports/community-figures.js';
import type { Caller } from '../shared/caller.js';
import type { TextRenderer } from '../text/text-renderer.js';
import { assertOwner, assertVisible, changingUser, found } from './list-access.js';
import type { ListItemDisplay } from './list-item-display.js';

/** One item of a list as shown: the record, its display, and the owner's comment in the asked text format. */
export interface ListItemView {
  readonly kind: ListItemKind;
  readonly catalogueId: number;
  readonly comment: string;
  readonly displayTitle: string;
  readonly webPath: string;
  readonly imageUrl: string;
  readonly found: boolean;
  readonly addedAt: Date;
  /**
   * Releases and masters: how many users have the record in their collection and wantlist (a master over its
   * versions), and the calling user (null for a caller who is no user); undefined for artists and labels.
   */
  readonly holding?: Holding;
}

/** A list as shown: its details (the description in the asked text format), its owner, its items in order. */
export interface ListView {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  readonly isPublic: boolean;
  readonly createdAt: Date;
  readonly changedAt: Date;
  readonly owner: { readonly id: number; readonly username: string };
  readonly items: readonly ListItemView[];
  /** The image of the list: its first item's, or empty. */
  readonly imageUrl: string;
}

/**
 * `GET /lists/{id}`: one list with its items. A public list shows to anyone; a private one to its owner alone:
 * anyone else gets 401 when anonymous and 403 otherwise (404 for an id no list has). With `ownerOnly` (the list's
 * edit page), only the owner may see it, public or not.
 */
export class GetList {
  constructor(
    private readonly lists: UserListRepository,
    private readonly users: UserRepository,
    private readonly display: ListItemDisplay,
    private readonly text: TextRenderer,
    /** Collection and wantlist counts (the collection module); without it, items carry none. */
    private readonly holdings?: HoldingCounts,
  ) {}

  async execute(input: { readonly listId: number; readonly caller: Caller; readonly textFormat: TextFormat; readonly ownerOnly?: boolean }): Promise<ListView> {
    const ownerId = input.ownerOnly ? changingUser(input.caller) : undefined;
    const list = found(await this.lists.byId(input.listId));
    if (ownerId === undefined) assertVisible(list, input.caller);
    else assertOwner(list, ownerId);
    return this.view(list, input.caller, input.textFormat);
  }

  /** How `caller` sees a list it may see. */
  async view(list: UserList, caller: Caller, textFormat: TextFormat): Promise<ListView> {
    const items = list.items;
    const [owner, displays, texts, holdings] = await Promise.all([
      this.users.byId(list.ownerId),
      this.display.describe(items, caller),
      this.text.render([list.description, ...items.map((i) => i.comment)], textFormat),
      this.holdingsOf(items, caller),
    ]);
    const views = items.map((item, n) => {
      const holding = item.kind === 'release' || item.kind === 'master' ? holdings[item.kind].get(item.catalogueId) : undefined;
      return {
        kind: item.kind,
        catalogueId: item.catalogueId,
        comment: texts[n + 1]!,
        ...displays[n]!,
        addedAt: item.addedAt,
        ...(holding ? { holding } : {}),
      };
    });
    return {
      id: list.id,
      name: list.name,
      description: texts[0]!,
      isPublic: list.isPublic,
      createdAt: list.createdAt,
      changedAt: list.changedAt,
      // A list outlives no user (removing a user removes their lists), so the owner is there.
      owner: { id: list.ownerId, username: owner?.username ?? '' },
      items: views,
      imageUrl: views[0]?.imageUrl ?? '',
    };
  }

  /** The collection and wantlist counts of the list's releases and masters: one batch for each kind. */
  private async holdingsOf(items: readonly ListItemRef[], caller: Caller): Promise<Record<'release' | 'master', ReadonlyMap<number, Holding>>> {
    const ids = (kind: ListItemKind) => [...new Set(items.filter((i) => i.kind === kind).map((i) => i.catalogueId))];
    const [releases, masters] = [ids('release'), ids('master')];
    const userId = caller.kind === 'user' ? caller.userId : null;
    const none = new Map<number, Holding>();
    if (!this.holdings) return { release: none, master: none };
    const [release, master] = await Promise.all([
      releases.length ? this.holdings.forReleases(releases, userId) : none,
      masters.length ? this.holdings.forMasters(masters, userId) : none,
    ]);
    return { release, master };
  }
}
