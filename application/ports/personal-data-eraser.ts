/**
 * One module's part of deleting an account (ADR 0060): removes what the module holds of the person, inside the
 * caller's unit of work (a failed deletion puts it all back). Every module that keeps a person's own data binds one;
 * what both parties share (orders, their messages and feedback) and what the catalogue owes them (contributions) no
 * module erases.
 */
export interface PersonalDataEraser {
  /** What it removes, in words (for the operator's log). */
  readonly holds: string;
  erase(userId: number): Promise<void>;
}
