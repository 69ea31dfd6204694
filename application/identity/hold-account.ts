import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { Unauthenticated } from '../errors.js';
import type { AccountHold } from '../ports/account-guard.js';

/** The refusal (401) of a write on behalf of an account deleted since its credentials were read (ADR 0060). */
export const ACCOUNT_DELETED = 'Your account has been deleted.';

/**
 * The one account hold of the deletion guard (`AccountGuard`): the account row locked `for share`
 * (`UserRepository.lock`), which an account deletion's `update` lock waits for and which waits for it; a deleted or
 * unknown account is refused with `ACCOUNT_DELETED`.
 */
export function holdAccount(users: UserRepository): AccountHold {
  return async (userId) => {
    const [live] = await users.lock([userId], 'share');
    if (!live) throw new Unauthenticated(ACCOUNT_DELETED);
  };
}
