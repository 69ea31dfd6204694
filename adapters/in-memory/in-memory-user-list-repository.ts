import { UserList, type UserListState } from '../../domain/lists/user-list.js';
import type { UserListCounts, UserListRepository, UserListSummary } from '../../domain/lists/user-list-repository.js';
import type { InMemoryTransactional, InMemoryUnitOfWork } from './in-memory-unit-of-work.js';
import type { ErasableStore } from './in-memory-personal-data-eraser.js';

/**
 * Users' lists in memory, enlisted in an `InMemoryUnitOfWork`. Lists are kept as state copies, so an aggregate a
 * caller changes is stored only when saved. `forUpdate` needs nothing here: the unit of work runs one at a time.
 * Removing users is not modelled (the database removes their lists with them).
 */
export class InMemoryUserListRepository implements UserListRepository, InMemoryTransactional, ErasableStore {
  private lists = new Map<number, UserListState>();
  private lastId = 0;

  constructor(uow: InMemoryUnitOfWork) {
    uow.enlist(this);
  }

  async nextId(): Promise<number> {
    return ++this.lastId;
  }

  async byId(id: number): Promise<UserList | null> {
    const state = this.lists.get(id);
    return state ? UserList.restore(state) : null;
  }

  async ofOwner(
    ownerId: number,
    options: { readonly includePrivate: boolean; readonly offset: number; readonly limit: number },
  ): Promise<{ readonly lists: readonly UserListSummary[]; readonly total: number }> {
    const all = [...this.lists.values()]
      .filter((l) => l.ownerId === ownerId && (options.includePrivate || l.isPublic))
      .sort((a, b) => a.id - b.id);
    const lists = all.slice(options.offset, options.offset + options.limit).map(
      (l): UserListSummary => ({
        id: l.id,
        ownerId: l.ownerId,
        name: l.name,
        description: l.description,
        isPublic: l.isPublic,
        createdAt: l.createdAt,
        changedAt: l.changedAt,
        itemCount: l.items.length,
        firstItem: l.items[0] ? { kind: l.items[0].kind, catalogueId: l.items[0].catalogueId } : null,
      }),
    );
    return { lists, total: all.length };
  }

  async add(list: UserList): Promise<void> {
    if (this.lists.has(list.id)) throw new Error(`list ${list.id} exists already`);
    this.lists.set(list.id, list.state());
  }

  async save(list: UserList): Promise<void> {
    if (this.lists.has(list.id)) this.lists.set(list.id, list.state());
  }

  async remove(id: number): Promise<boolean> {
    return this.lists.delete(id);
  }

  async counts(ownerId: number): Promise<UserListCounts> {
    const owned = [...this.lists.values()].filter((l) => l.ownerId === ownerId);
    return { all: owned.length, public: owned.filter((l) => l.isPublic).length };
  }

  // Ids are not taken back by a failed unit of work (as a database sequence's are not): one is never given twice.
  eraseUser(userId: number): void {
    for (const [id, l] of [...this.lists]) if (l.ownerId === userId) this.lists.delete(id);
  }

  snapshot(): unknown {
    return new Map(this.lists);
  }

  restore(snapshot: unknown): void {
    this.lists = new Map(snapshot as Map<number, UserListState>);
  }
}
