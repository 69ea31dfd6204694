import type { MikroORM } from '@mikro-orm/postgresql';
import type { Holds, RecordRef, UserHoldings } from '../../../application/ports/catalogue-search.js';
import { query } from '../mikro-orm-unit-of-work.js';
import { idArray, textArray } from '../sql-values.js';

/**
 * Which records a user holds, in one statement for a whole page: a release by the user's instances and wants of it
 * (their `(user_id, release_id)` indexes), a master by those of any of its versions (found through the release rows'
 * master index); artists and labels are never held.
 */
export class SqlUserHoldings implements UserHoldings {
  constructor(private readonly orm: MikroORM) {}

  async of(userId: number, records: readonly RecordRef[]): Promise<readonly Holds[]> {
    if (records.length === 0) return [];
    const rows = await query<{ n: number | string; in_collection: boolean; in_wantlist: boolean }>(
      this.orm,
      `select p.n,
              case p.kind
                when 'release' then exists(select 1 from collection_instance i where i.user_id = u.id and i.release_id = p.id)
                when 'master' then exists(select 1 from release r join collection_instance i on i.user_id = u.id and i.release_id = r.id
                                           where r.master_id = p.id)
                else false end as in_collection,
              case p.kind
                when 'release' then exists(select 1 from want w where w.user_id = u.id and w.release_id = p.id)
                when 'master' then exists(select 1 from release r join want w on w.user_id = u.id and w.release_id = r.id
                                           where r.master_id = p.id)
                else false end as in_wantlist
         from (select ?::int as id) u, unnest(?::text[], ?::int[]) with ordinality as p(kind, id, n)
        order by p.n`,
      [userId, textArray(records.map((r) => r.kind)), idArray(records.map((r) => r.id))],
    );
    return rows.map((r) => ({ inCollection: r.in_collection === true, inWantlist: r.in_wantlist === true }));
  }
}
