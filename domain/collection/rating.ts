import { Refusal } from '../shared/refusal.js';

/** The highest rating of an instance or a want; 0 means not rated. */
export const MAX_RATING = 5;

/**
 * A rating as a client sent it (a number, or digits as text, as clients send numbers in JSON and queries): a whole
 * number from 0 to 5; anything else (2.5, 6, -1, "five", true, null) is refused, naming the value.
 */
export function ratingOf(raw: unknown): number {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(n) || n < 0 || n > MAX_RATING) {
    throw new Refusal('invalid', `Invalid rating: expected a whole number from 0 to ${MAX_RATING}, got ${JSON.stringify(raw)}.`);
  }
  return n;
}
