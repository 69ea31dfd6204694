import { EntitySchema } from '@mikro-orm/core';
import { UserRow } from '../identity/identity-rows.js';

/*
 * The ratings table: its schema (migrations are generated from it) and the entity the repository reads and writes
 * through the ORM. Triggers on it keep the release rows' `rating_count` and `rating_sum` (see the migration).
 */

/** A user's rating of a release (1 to 5), one per user and release. */
export class ReleaseRatingRow {
  user!: UserRow;
  releaseId!: number;
  rating!: number;
  ratedAt!: Date;
}

export const ReleaseRatingSchema = new EntitySchema<ReleaseRatingRow>({
  class: ReleaseRatingRow,
  tableName: 'release_rating',
  indexes: [{ name: 'release_rating_release_id_index', properties: ['releaseId'] }],
  checks: [{ name: 'release_rating_rating_check', expression: 'rating >= 1 and rating <= 5' }],
  properties: {
    user: { kind: 'm:1', entity: () => UserRow, primary: true, deleteRule: 'cascade' },
    releaseId: { type: 'integer', primary: true },
    rating: { type: 'smallint' },
    ratedAt: { type: 'datetime', columnType: 'timestamptz' },
  },
});

export const RATING_SCHEMAS = [ReleaseRatingSchema];
