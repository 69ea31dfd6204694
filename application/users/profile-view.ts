import type { User } from '../../domain/identity/accounts.js';
import type { UserFigures } from '../ports/user-figures.js';
import type { Caller } from '../shared/caller.js';

/**
 * A profile as the caller may see it: the user, the profile text in the asked format, the figures, and what the
 * visibility rules let through (`email` and the unread count to the user alone; collection and wantlist sizes to the
 * user, or to anyone when public; private lists counted for the user alone).
 */
export interface ProfileView {
  readonly user: Omit<User, 'passwordHash' | 'email'>;
  readonly profileText: string;
  readonly figures: UserFigures;
  /** The user's email: only when the user asks. */
  readonly email: string | undefined;
  readonly numCollection: number | undefined;
  readonly numWantlist: number | undefined;
  readonly numLists: number;
  /** How many order log entries the user has not read: only when the user asks. */
  readonly numUnread: number | undefined;
}

/** Whether the caller is the user (authenticated as them). */
export function isSelf(caller: Caller, user: User): boolean {
  return caller.kind === 'user' && Number(caller.userId) === user.id;
}
