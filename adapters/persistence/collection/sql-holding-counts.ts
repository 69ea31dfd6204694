import type { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import type { CollectionCounts, Holding, HoldingCounts } from '../../../application/ports/community-figures.js';
import { query } from '../mikro-orm-unit-of-work.js';

const NONE: CollectionCounts = { inCollection: 0, inWantlist: 0 };

/** The one read on the release page's hot path, a named prepared statement on the server's read pool. */
const RELEASE_COUNTS: pg.QueryConfig<[number]> & { name: string } = {
  name: 'spindle_collection_release_count',
  text: 'select have, want from collection_release_count where release_id = $1',
};

/** Ids as a PostgreSQL array literal (whole numbers only, so nothing needs quoting). */
const idArray = (ids: readonly number[]): string => `{${ids.filter((id) => Number.isSafeInteger(id)).join(',')}}`;

/**
 * Collection and wantlist counts of releases and masters: everyone's from `collection_release_count` (kept by
 * triggers), a user's counted from their instances and wants. On a server, one release's counts for an anonymous
 * caller (the release page) go through `pg` directly, like the release itself.
 */
export class SqlHoldingCounts implements HoldingCounts {
  constructor(
    private readonly orm: MikroORM,
    private readonly hotPool?: pg.Pool,
  ) {}

  async forReleases(releaseIds: readonly number[], userId: string | null): Promise<ReadonlyMap<number, Holding>> {
    const out = new Map<number, Holding>();
    if (releaseIds.length === 1 && userId === null && this.hotPool) {
      const id = releaseIds[0]!;
      if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return new Map([[id, { community: NONE, user: null }]]);
      const { rows } = await this.hotPool.query<{ have: number; want: number }, [number]>({ ...RELEASE_COUNTS, values: [id] });
      const row = rows[0];
      return new Map([[id, { community: row ? { inCollection: row.have, inWantlist: row.want } : NONE, user: null }]]);
    }
    const ids = idArray(releaseIds);
    const [totals, mine] = await Promise.all([
      query(this.orm, 'select release_id as id, have, want from collection_release_count where release_id = any(?::int[])', [ids]),
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
    return this.answer(releaseIds, userId, totals, mine, out);
  }

  async forMasters(masterIds: readonly number[], userId: string | null): Promise<ReadonlyMap<number, Holding>> {
    const ids = idArray(masterIds);
    const [totals, mine] = await Promise.all([
      query(
        this.orm,
        `select r.master_id as id, sum(c.have)::int as have, sum(c.want)::int as want
         from release r join collection_release_count c on c.release_id = r.id where r.master_id = any(?::int[]) group by r.master_id`,
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
    return this.answer(masterIds, userId, totals, mine, new Map());
  }

  private answer(
    ids: readonly number[],
    userId: string | null,
    totals: readonly Record<string, unknown>[],
    mine: readonly Record<string, unknown>[],
    out: Map<number, Holding>,
  ): Map<number, Holding> {
    const counts = (rows: readonly Record<string, unknown>[]) =>
      new Map(rows.map((r) => [Number(r.id), { inCollection: Number(r.have), inWantlist: Number(r.want) }]));
    const all = counts(totals);
    const own = counts(mine);
    for (const id of ids) out.set(id, { community: all.get(id) ?? NONE, user: userId === null ? null : (own.get(id) ?? NONE) });
    return out;
  }
}
