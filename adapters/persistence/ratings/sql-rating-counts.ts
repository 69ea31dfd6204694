import type { MikroORM } from '@mikro-orm/postgresql';
import { ratingSummaryOf, type RatingCounts, type RatingSummary } from '../../../application/ports/community-figures.js';
import { query } from '../mikro-orm-unit-of-work.js';
import { idArray } from '../sql-values.js';


/**
 * The ratings of releases and masters from the release rows' `rating_count` and `rating_sum` (kept by this module's
 * triggers; the release page reads them with the release itself), a master's summed over its versions.
 */
export class SqlRatingCounts implements RatingCounts {
  constructor(private readonly orm: MikroORM) {}

  async forReleases(releaseIds: readonly number[]): Promise<ReadonlyMap<number, RatingSummary>> {
    const rows = await query(this.orm, 'select id, rating_count as n, rating_sum as s from release where id = any(?::int[])', [idArray(releaseIds)]);
    return answer(releaseIds, rows);
  }

  async forMasters(masterIds: readonly number[]): Promise<ReadonlyMap<number, RatingSummary>> {
    const rows = await query(
      this.orm,
      `select master_id as id, sum(rating_count)::int8 as n, sum(rating_sum)::int8 as s
       from release where master_id = any(?::int[]) group by master_id`,
      [idArray(masterIds)],
    );
    return answer(masterIds, rows);
  }
}

function answer(ids: readonly number[], rows: readonly Record<string, unknown>[]): Map<number, RatingSummary> {
  const totals = new Map(rows.map((r) => [Number(r.id), { count: Number(r.n), sum: Number(r.s) }]));
  return new Map(ids.map((id) => [id, ratingSummaryOf(totals.get(id) ?? { count: 0, sum: 0 })]));
}
