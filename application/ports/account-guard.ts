/**
 * Whose account the writes of the calling code are made for (ADR 0060, "Writes racing a deletion"). A driving
 * adapter runs the work of a signed-in user's request (or of their job) inside `actingFor(userId, …)`; every outermost
 * unit of work begun inside it first holds that account against its deletion (`AccountHold`: one statement, the
 * account row locked shared until the transaction ends) and refuses (401, `ACCOUNT_DELETED`) once the account is
 * deleted. An account deletion locks the row exclusively, so a write either commits before the deletion erases (and
 * the deletion erases it) or is refused; reads outside a unit of work cost nothing. `actingFor(null, …)` runs work on
 * nobody's behalf (the deletion itself, which takes the exclusive lock). The unit of work's adapter implements it.
 */
export interface AccountGuard {
  actingFor<T>(userId: number | null, work: () => Promise<T>): Promise<T>;
}

/**
 * Holds a live account against its deletion until the current transaction ends (shared: holds do not wait for each
 * other), or throws `Unauthenticated` when the account is deleted or unknown. Bound by the identity module.
 */
export type AccountHold = (userId: number) => Promise<void>;

/** The guard of a service with no accounts to hold (no identity module), and of tests of other rules: work runs as it is. */
export const UNGUARDED: AccountGuard = Object.freeze({ actingFor: <T>(_userId: number | null, work: () => Promise<T>) => work() });
