const DATE_IN_WORDS = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A date as the pages write it: `7 December 2026` (UTC). */
export function dateInWords(date: Date): string {
  return DATE_IN_WORDS.format(date);
}

/**
 * A person's name as the pages write it: a deleted account's kept name (ADR 0060) says so, as it names no live
 * account (no profile, no inventory: a page links it nowhere).
 */
export function personName(user: { readonly username: string; readonly deletedAt?: Date | null }): string {
  return user.deletedAt ? `${user.username} (account deleted)` : user.username;
}
