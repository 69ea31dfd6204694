import { ValidateBy } from 'class-validator';
import type { RatingInput } from '../../../application/ratings/rate-release.js';
import { ratingProblem, ratingValue } from '../../../domain/ratings/rating-value.js';
import { validateBody } from '../query.js';

/**
 * The body of `PUT /releases/{id}/rating/{name}`: `rating`, a whole number from 1 to 5 as a JSON number or digits
 * in text, refused with the domain's own words (see `ratingProblem`), a missing one as missing.
 */
export class RatingBody {
  @ValidateBy({
    name: 'rating',
    validator: { validate: (value: unknown) => ratingProblem(value) === undefined, defaultMessage: (args) => ratingProblem(args?.value) ?? '' },
  })
  rating?: unknown;
}

/**
 * The rating a request carries, checked into its input: `rating` of a JSON (or form) body, which the python
 * discogs_client sends, else the query's `rating` (its last value when repeated). A body that is not an object (a
 * JSON list) is the value itself, which the rule then refuses naming it.
 */
export function ratingInput(query: Readonly<Record<string, string | string[] | undefined>>, body: unknown): RatingInput {
  const dto = validateBody(RatingBody, { rating: ratingOf(query, body) });
  return { rating: ratingValue(dto.rating) };
}

function ratingOf(query: Readonly<Record<string, string | string[] | undefined>>, body: unknown): unknown {
  if (Array.isArray(body)) return body;
  const fromBody = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).rating : undefined;
  if (fromBody !== undefined) return fromBody;
  const fromQuery = query.rating;
  return Array.isArray(fromQuery) ? fromQuery.at(-1) : fromQuery;
}
