import type { UserList } from '../../domain/lists/user-list.js';
import { Forbidden, NotFound, Unauthenticated } from '../errors.js';
import { requireUserCaller, type Caller } from '../shared/caller.js';

/** The message of every refusal to show or change a list that is not the caller's. */
export const NOT_YOUR_LIST = "You don't have permission to access this list.";

/** The user id of a caller who is a user, or null (anonymous, or an application acting for nobody). */
export function userIdOf(caller: Caller): number | null {
  return caller.kind === 'user' ? Number(caller.userId) : null;
}

/** The caller's user id for a change: 401 for anonymous callers, 403 for an application acting for nobody. */
export function changingUser(caller: Caller): number {
  return requireUserCaller(caller, 'Only a user can change lists; an application must act for one.');
}

/**
 * Refuses a caller who may not see the list: a private list shows to its owner alone, anyone else is told to
 * authenticate (401, when anonymous) or refused (403).
 */
export function assertVisible(list: UserList, caller: Caller): void {
  if (list.isVisibleTo(userIdOf(caller))) return;
  if (caller.kind === 'anonymous') throw new Unauthenticated();
  throw new Forbidden(NOT_YOUR_LIST);
}

/** Refuses (403) a user who does not own the list. */
export function assertOwner(list: UserList, userId: number): void {
  if (list.ownerId !== userId) throw new Forbidden(NOT_YOUR_LIST);
}

/** The list, or 404. */
export function found(list: UserList | null): UserList {
  if (!list) throw new NotFound('List not found.');
  return list;
}

