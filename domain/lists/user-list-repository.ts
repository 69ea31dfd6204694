import type { ListItemRef, UserList } from './user-list.js';

/** A list as an owner's list of lists shows it: its details, how many items, and the first item (for its image). */
export interface UserListSummary {
  readonly id: number;
  readonly ownerId: number;
  readonly name: string;
  readonly description: string;
  readonly isPublic: boolean;
  readonly createdAt: Date;
  readonly changedAt: Date;
  readonly itemCount: number;
  readonly firstItem: ListItemRef | null;
}

/** How many lists a user has, and how many of them are public. */
export interface UserListCounts {
  readonly all: number;
  readonly public: number;
}

/**
 * Where users' lists live. Writes run inside the caller's `UnitOfWork`; a list is stored whole (its details and its
 * items in order), and removing a user removes their lists.
 */
export interface UserListRepository {
  /** A list id never given before (ids are whole numbers, as the API's list ids are). */
  nextId(): Promise<number>;
  /**
   * The list, or null. `forUpdate` (inside a unit of work) holds it until the unit of work ends, so two changes of
   * one list run one after the other and neither is lost.
   */
  byId(id: number, options?: { readonly forUpdate?: boolean }): Promise<UserList | null>;
  /** A slice of an owner's lists, oldest first (by id), private ones only when asked, with how many there are in all. */
  ofOwner(
    ownerId: number,
    options: { readonly includePrivate: boolean; readonly offset: number; readonly limit: number },
  ): Promise<{ readonly lists: readonly UserListSummary[]; readonly total: number }>;
  /** Stores a new list. */
  add(list: UserList): Promise<void>;
  /** Stores a list's current state over its stored one. */
  save(list: UserList): Promise<void>;
  /** Removes a list and its items; false when there was none. */
  remove(id: number): Promise<boolean>;
  /** Counted from the stored lists each time (never a kept copy). */
  counts(ownerId: number): Promise<UserListCounts>;
}
