import type { MikroORM } from '@mikro-orm/postgresql';
import { UserList, type ListItem, type ListItemKind } from '../../../domain/lists/user-list.js';
import type { UserListCounts, UserListRepository, UserListSummary } from '../../../domain/lists/user-list-repository.js';
import { query } from '../mikro-orm-unit-of-work.js';
import { dateOf } from '../sql-values.js';

type Row = Record<string, unknown>;


function summaryOf(r: Row): UserListSummary {
  return {
    id: Number(r.id),
    ownerId: Number(r.owner_id),
    name: String(r.name),
    description: String(r.description),
    isPublic: r.is_public === true,
    createdAt: dateOf(r.created_at),
    changedAt: dateOf(r.changed_at),
    itemCount: Number(r.item_count),
    firstItem: r.first_kind === null ? null : { kind: String(r.first_kind) as ListItemKind, catalogueId: Number(r.first_id) },
  };
}

/** Users' lists in `user_list` and `user_list_item`, through the current unit of work. */
export class MikroOrmUserListRepository implements UserListRepository {
  constructor(private readonly orm: MikroORM) {}

  async nextId(): Promise<number> {
    const [row] = await query(this.orm, "select nextval(pg_get_serial_sequence('user_list', 'id')) as id");
    return Number(row!.id);
  }

  async byId(id: number, options: { readonly forUpdate?: boolean } = {}): Promise<UserList | null> {
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
    const [row] = await query(this.orm, `select * from user_list where id = ?${options.forUpdate ? ' for update' : ''}`, [id]);
    if (!row) return null;
    const items = await query(this.orm, 'select * from user_list_item where list_id = ? order by position', [id]);
    return UserList.restore({
      id: Number(row.id),
      ownerId: Number(row.owner_id),
      name: String(row.name),
      description: String(row.description),
      isPublic: row.is_public === true,
      createdAt: dateOf(row.created_at),
      changedAt: dateOf(row.changed_at),
      items: items.map(
        (i): ListItem => ({ kind: String(i.kind) as ListItemKind, catalogueId: Number(i.catalogue_id), comment: String(i.comment), addedAt: dateOf(i.added_at) }),
      ),
    });
  }

  async ofOwner(
    ownerId: number,
    options: { readonly includePrivate: boolean; readonly offset: number; readonly limit: number },
  ): Promise<{ readonly lists: readonly UserListSummary[]; readonly total: number }> {
    const which = options.includePrivate ? '' : ' and l.is_public';
    const [count] = await query(this.orm, `select count(*)::int as n from user_list l where l.owner_id = ?${which}`, [ownerId]);
    const rows = await query(
      this.orm,
      `select l.*, f.kind as first_kind, f.catalogue_id as first_id,
              (select count(*)::int from user_list_item c where c.list_id = l.id) as item_count
         from user_list l
         left join lateral (select i.kind, i.catalogue_id from user_list_item i where i.list_id = l.id order by i.position limit 1) f on true
        where l.owner_id = ?${which}
        order by l.id
        limit ? offset ?`,
      [ownerId, options.limit, options.offset],
    );
    return { lists: rows.map(summaryOf), total: Number(count!.n) };
  }

  async add(list: UserList): Promise<void> {
    await query(
      this.orm,
      'insert into user_list (id, owner_id, name, description, is_public, created_at, changed_at) values (?, ?, ?, ?, ?, ?, ?)',
      [list.id, list.ownerId, list.name, list.description, list.isPublic, list.createdAt, list.changedAt],
    );
    await this.insertItems(list);
  }

  async save(list: UserList): Promise<void> {
    await query(this.orm, 'update user_list set name = ?, description = ?, is_public = ?, changed_at = ? where id = ?', [
      list.name,
      list.description,
      list.isPublic,
      list.changedAt,
      list.id,
    ]);
    // The items are stored whole: a list holds at most a thousand, and this keeps positions 1…n without gaps.
    await query(this.orm, 'delete from user_list_item where list_id = ?', [list.id]);
    await this.insertItems(list);
  }

  async remove(id: number): Promise<boolean> {
    const rows = await query(this.orm, 'delete from user_list where id = ? returning id', [id]);
    return rows.length > 0;
  }

  async counts(ownerId: number): Promise<UserListCounts> {
    const [row] = await query(
      this.orm,
      'select count(*)::int as n_all, count(*) filter (where is_public)::int as n_public from user_list where owner_id = ?',
      [ownerId],
    );
    return { all: Number(row?.n_all ?? 0), public: Number(row?.n_public ?? 0) };
  }

  private async insertItems(list: UserList): Promise<void> {
    if (list.items.length === 0) return;
    const values: unknown[] = [];
    for (const [n, item] of list.items.entries()) values.push(list.id, item.kind, item.catalogueId, n + 1, item.comment, item.addedAt);
    await query(
      this.orm,
      `insert into user_list_item (list_id, kind, catalogue_id, position, comment, added_at) values ${list.items.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}`,
      values,
    );
  }
}
