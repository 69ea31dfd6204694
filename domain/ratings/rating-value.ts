import { Refusal } from '../shared/refusal.js';

/** The lowest and the highest rating a user gives a release (there is no "0": not rating is removing the rating). */
export const MIN_RATING = 1;
export const MAX_RATING = 5;

/** A client's value as a message shows it: JSON, cut short when long. */
function shown(raw: unknown): string {
  const text = JSON.stringify(raw) ?? String(raw);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/**
 * What is wrong with a rating as a client sent it, as the 422 says it; undefined for a good one: a whole number from
 * 1 to 5, as a JSON number or as digits in text (clients send numbers as strings, in JSON bodies and in queries).
 * Anything else (0, 6, 2.5, "2.5", "five", true, null, a list) is named; a missing value is refused as missing.
 */
export function ratingProblem(raw: unknown): string | undefined {
  if (raw === undefined) return `Invalid rating: a rating is required, a whole number from ${MIN_RATING} to ${MAX_RATING}.`;
  const n = wholeNumberOf(raw);
  if (!Number.isInteger(n) || n < MIN_RATING || n > MAX_RATING) {
    return `Invalid rating: expected a whole number from ${MIN_RATING} to ${MAX_RATING}, got ${shown(raw)}.`;
  }
  return undefined;
}

function wholeNumberOf(raw: unknown): number {
  return typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
}

/**
 * A rating as a client sent it (see {@link ratingProblem}) as the number it is; a bad one is refused (an `invalid`
 * Refusal) with the problem's words.
 */
export function ratingValue(raw: unknown): number {
  const problem = ratingProblem(raw);
  if (problem !== undefined) throw new Refusal('invalid', problem);
  return wholeNumberOf(raw);
}
