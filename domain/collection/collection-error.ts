/**
 * A rule of a collection or wantlist refused a change: `invalid` (a bad value, or an action the rules forbid, 422 at
 * the HTTP edge) or `not-found` (the folder, field or instance named does not exist, 404). The message says which rule.
 */
export class CollectionError extends Error {
  constructor(
    readonly problem: 'invalid' | 'not-found',
    message: string,
  ) {
    super(message);
    this.name = 'CollectionError';
  }
}

export const invalid = (message: string): CollectionError => new CollectionError('invalid', message);
export const notFound = (message: string): CollectionError => new CollectionError('not-found', message);
