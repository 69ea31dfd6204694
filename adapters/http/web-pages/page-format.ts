const DATE_IN_WORDS = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A date as the pages write it: `7 December 2026` (UTC). */
export function dateInWords(date: Date): string {
  return DATE_IN_WORDS.format(date);
}
