import { LockMode, raw, type MikroORM } from '@mikro-orm/postgresql';
import { UserList, type ListItem, type ListItemKind } from '../../../domain/lists/user-list.js';
import type { UserListCounts, UserListRepository, UserListSummary } from '../../../domain/lists/user-list-repository.js';
import { currentEntityManager } from '../mikro-orm-unit-of-work.js';
import { nextId } from '../next-id.js';
import { UserListItemRow, UserListRow } from './user-list-rows.js';

const isListId = (id: number): boolean => Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647;

/** The one mapping of an item's row. */
function itemOf(i: UserListItemRow): ListItem {
  return { kind: i.kind as ListItemKind, catalogueId: i.catalogueId, comment: i.comment, addedAt: new Date(i.addedAt) };
}

/** The item rows of a list, numbered 1…n in list order. */
function itemRows(list: UserList) {
  return list.items.map((item, n) => ({
    list: list.id,
    kind: item.kind,
    catalogueId: item.catalogueId,
    position: n + 1,
    comment: item.comment,
    addedAt: item.addedAt,
  }));
}

/**
 * Users' lists through the ORM on their entity schemas (`user_list`, a row per list, and `user_list_item`, a row per
 * item), in the current unit of work. A list is one aggregate: saved whole (its items replaced), read whole, locked by
 * its row. Ids are drawn from the table's sequence before a list is made, as the domain gives lists their id.
 */
export class MikroOrmUserListRepository implements UserListRepository {
  constructor(private readonly orm: MikroORM) {}

  async nextId(): Promise<number> {
    return nextId(this.orm, 'user_list');
  }

  async byId(id: number, options: { readonly forUpdate?: boolean } = {}): Promise<UserList | null> {
    if (!isListId(id)) return null;
    const em = currentEntityManager(this.orm);
    const row = await em.findOne(UserListRow, { id }, { disableIdentityMap: true, ...(options.forUpdate ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {}) });
    if (!row) return null;
    const items = await em.find(UserListItemRow, { list: id }, { orderBy: { position: 'asc' }, disableIdentityMap: true });
    return UserList.restore({
      id: row.id,
      ownerId: row.owner.id,
      name: row.name,
      description: row.description,
      isPublic: row.isPublic,
      createdAt: new Date(row.createdAt),
      changedAt: new Date(row.changedAt),
      items: items.map(itemOf),
    });
  }

  async ofOwner(
    ownerId: number,
    options: { readonly includePrivate: boolean; readonly offset: number; readonly limit: number },
  ): Promise<{ readonly lists: readonly UserListSummary[]; readonly total: number }> {
    const em = currentEntityManager(this.orm);
    const where = options.includePrivate ? { owner: ownerId } : { owner: ownerId, isPublic: true };
    const [rows, total] = await em.findAndCount(UserListRow, where, {
      orderBy: { id: 'asc' },
      limit: options.limit,
      offset: options.offset,
      disableIdentityMap: true,
    });
    if (rows.length === 0) return { lists: [], total };
    const ids = rows.map((r) => r.id);
    // Each list's size, and its first item (positions run 1…n without gaps).
    const counts = await em
      .createQueryBuilder(UserListItemRow)
      .select(['list', raw('count(*)::int as n')])
      .where({ list: { $in: ids } })
      .groupBy('list')
      .execute<{ list: number; n: number }[]>('all');
    const sizes = new Map(counts.map((c) => [Number(c.list), Number(c.n)]));
    const firsts = await em.find(UserListItemRow, { list: { $in: ids }, position: 1 }, { fields: ['list', 'kind', 'catalogueId'], disableIdentityMap: true });
    const first = new Map(firsts.map((f) => [f.list.id, { kind: f.kind as ListItemKind, catalogueId: f.catalogueId }]));
    const lists = rows.map(
      (r): UserListSummary => ({
        id: r.id,
        ownerId: r.owner.id,
        name: r.name,
        description: r.description,
        isPublic: r.isPublic,
        createdAt: new Date(r.createdAt),
        changedAt: new Date(r.changedAt),
        itemCount: sizes.get(r.id) ?? 0,
        firstItem: first.get(r.id) ?? null,
      }),
    );
    return { lists, total };
  }

  async add(list: UserList): Promise<void> {
    const em = currentEntityManager(this.orm);
    await em.insert(UserListRow, {
      id: list.id,
      owner: list.ownerId,
      name: list.name,
      description: list.description,
      isPublic: list.isPublic,
      createdAt: list.createdAt,
      changedAt: list.changedAt,
    });
    if (list.items.length > 0) await em.insertMany(UserListItemRow, itemRows(list));
  }

  async save(list: UserList): Promise<void> {
    const em = currentEntityManager(this.orm);
    await em.nativeUpdate(UserListRow, { id: list.id }, { name: list.name, description: list.description, isPublic: list.isPublic, changedAt: list.changedAt });
    // The items are stored whole: a list holds at most a thousand, and this keeps positions 1…n without gaps.
    await em.nativeDelete(UserListItemRow, { list: list.id });
    if (list.items.length > 0) await em.insertMany(UserListItemRow, itemRows(list));
  }

  async remove(id: number): Promise<boolean> {
    if (!isListId(id)) return false;
    return (await currentEntityManager(this.orm).nativeDelete(UserListRow, { id })) > 0;
  }

  async counts(ownerId: number): Promise<UserListCounts> {
    const row = await currentEntityManager(this.orm)
      .createQueryBuilder(UserListRow)
      .select([raw('count(*)::int as n_all'), raw('count(*) filter (where is_public)::int as n_public')])
      .where({ owner: ownerId })
      .execute<{ n_all: number; n_public: number }>('get');
    return { all: Number(row?.n_all ?? 0), public: Number(row?.n_public ?? 0) };
  }
}
