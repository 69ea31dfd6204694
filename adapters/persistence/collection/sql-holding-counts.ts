import type { MikroORM } from '@mikro-orm/postgresql';
import type { CollectionCounts, Holding, HoldingCounts } from '../../../application/ports/community-figures.js';
import { query } from '../mikro-orm-unit-of-work.js';
import { idArray } from '../sql-values.js';

const NONE: CollectionCounts = { inCollection: 0, inWantlist: 0 };


/**
 * Collection and wantlist counts of releases and masters: everyone's from the release rows' `num_have` and
 * `num_want` (kept by this module's triggers; the release page reads them with the release itself), a user's counted
 * from their instances and wants.
 */
export class SqlHoldingCounts implements HoldingCounts {
  constructor(private readonly orm: MikroORM) {}

  async forReleases(releaseIds: readonly number[], userId: string | null): Promise<ReadonlyMap<number, Holding>> {
    const ids = idArray(releaseIds);
    const [totals, mine] = await Promise.all([
      query(this.orm, 'select id, num_have as have, num_want as want from release where id = any(?::int[])', [ids]),
      userId === null
        ? Promise.resolve([])
        : query(
            this.orm,
            `select id, sum(have)::int as have, sum(want)::int as want from (
               select release_id as id, count(*) as have, 0 as want from collection_instance where user_id = ? and release_id = any(?::int[]) group by release_id
               union all
               select release_id, 0, count(*) from want where user_id = ? and release_id = any(?::int[]) group by release_id) t group by id`,
            [Number(userId), ids, Number(userId), ids],
          ),
    ]);
    return answer(releaseIds, userId, totals, mine);
  }

  async forMasters(masterIds: readonly number[], userId: string | null): Promise<ReadonlyMap<number, Holding>> {
    const ids = idArray(masterIds);
    const [totals, mine] = await Promise.all([
      query(
        this.orm,
        `select master_id as id, sum(num_have)::int as have, sum(num_want)::int as want
         from release where master_id = any(?::int[]) group by master_id`,
        [ids],
      ),
      userId === null
        ? Promise.resolve([])
        : query(
            this.orm,
            `select id, sum(have)::int as have, sum(want)::int as want from (
               select r.master_id as id, count(*) as have, 0 as want from collection_instance i join release r on r.id = i.release_id
                 where i.user_id = ? and r.master_id = any(?::int[]) group by r.master_id
               union all
               select r.master_id, 0, count(*) from want w join release r on r.id = w.release_id
                 where w.user_id = ? and r.master_id = any(?::int[]) group by r.master_id) t group by id`,
            [Number(userId), ids, Number(userId), ids],
          ),
    ]);
    return answer(masterIds, userId, totals, mine);
  }
}

function answer(
  ids: readonly number[],
  userId: string | null,
  totals: readonly Record<string, unknown>[],
  mine: readonly Record<string, unknown>[],
): Map<number, Holding> {
  const counts = (rows: readonly Record<string, unknown>[]) =>
    new Map(rows.map((r) => [Number(r.id), { inCollection: Number(r.have), inWantlist: Number(r.want) }]));
  const all = counts(totals);
  const own = counts(mine);
  const out = new Map<number, Holding>();
  for (const id of ids) out.set(id, { community: all.get(id) ?? NONE, user: userId === null ? null : (own.get(id) ?? NONE) });
  return out;
}
