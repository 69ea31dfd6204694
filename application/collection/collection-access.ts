import type { Collection } from '../../domain/collection/collection.js';
import type { CollectionRepository } from '../../domain/collection/collection-repository.js';
import type { User } from '../../domain/identity/accounts.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { Forbidden, NotFound, Unauthenticated } from '../errors.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Caller } from '../shared/caller.js';

/** Whether the caller is that user (a token, an OAuth grant or a web session of theirs). */
export function isOwner(caller: Caller, user: User): boolean {
  return caller.kind === 'user' && Number(caller.userId) === user.id;
}

/** Only the user: anyone else is asked to authenticate (anonymous) or refused (403). */
export function requireOwner(caller: Caller, user: User): void {
  if (isOwner(caller, user)) return;
  if (caller.kind === 'anonymous') throw new Unauthenticated();
  throw new Forbidden();
}

/** The user or, when `open` (a public collection or wantlist), anyone: otherwise 401 for anonymous callers, 403 for others. */
export function requireOwnerUnless(open: boolean, caller: Caller, user: User): void {
  if (!open) requireOwner(caller, user);
}

/** The user of a path's `{name}`, or 404 "User not found.". */
export async function userNamed(users: UserRepository, name: string): Promise<User> {
  const user = await users.byLoginName(name);
  if (!user) throw new NotFound('User not found.');
  return user;
}

/** What a change to a user's collection or wantlist needs. */
export interface CollectionChangeDeps {
  readonly users: UserRepository;
  readonly collections: CollectionRepository;
  readonly uow: UnitOfWork;
}

/**
 * A change by the owner of the collection (and wantlist) of user `name`: 404 for an unknown user, 401/403 for anyone
 * else; then `work` runs in a unit of work with the collection loaded for change (held against other writers), its
 * rule refusals turned into the application's errors. `check` runs before the unit of work (for reads that need none).
 */
export async function ownerChange<T>(
  deps: CollectionChangeDeps,
  input: { name: string; caller: Caller },
  work: (user: User, collection: Collection) => Promise<T>,
  check?: (user: User) => Promise<void>,
): Promise<T> {
  const user = await userNamed(deps.users, input.name);
  requireOwner(input.caller, user);
  await check?.(user);
  return deps.uow.run(async () => work(user, await deps.collections.loadForChange(user.id)));
}
