import { Refusal } from '../shared/refusal.js';

/** The highest rating of an instance or a want; 0 means not rated. */
export const MAX_RATING = 5;

/**
 * What is wrong with a rating as a client sent it (a number, or digits as text, as clients send numbers in JSON and
 * queries), as the 422 says it; undefined for a whole number from 0 to 5. Anything else (2.5, 6, -1, "five", true,
 * null) is named. The edge checks bodies with it; {@link ratingOf} guards the aggregates with the same words.
 */
export function ratingProblem(raw: unknown): string | undefined {
  const n = wholeNumberOf(raw);
  if (!Number.isInteger(n) || n < 0 || n > MAX_RATING) return `Invalid rating: expected a whole number from 0 to ${MAX_RATING}, got ${JSON.stringify(raw)}.`;
  return undefined;
}

function wholeNumberOf(raw: unknown): number {
  return typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
}

/** A rating as a client sent it (see {@link ratingProblem}) as the number it is; a bad one is an `invalid` Refusal. */
export function ratingOf(raw: unknown): number {
  const problem = ratingProblem(raw);
  if (problem !== undefined) throw new Refusal('invalid', problem);
  return wholeNumberOf(raw);
}
