import type { MikroORM } from '@mikro-orm/postgresql';
import type { RecordRef, RecordsByPerson } from '../../../application/ports/catalogue-search.js';
import type { SearchKind } from '../../../domain/catalogue/search-facts.js';
import { query } from '../mikro-orm-unit-of-work.js';

/**
 * The records a user submitted (the first version of each; one submitter per record) or submitted or edited, from the
 * edit history: the contributions module's part of database search (`submitter`, `contributor`).
 */
export class SqlRecordsByPerson implements RecordsByPerson {
  constructor(private readonly orm: MikroORM) {}

  async recordsOf(userId: number, role: 'submitter' | 'contributor'): Promise<readonly RecordRef[]> {
    const rows = await query<{ kind: SearchKind; id: number }>(
      this.orm,
      `select kind, catalogue_id as id from contribution where user_id = ?${role === 'submitter' ? ` and action = 'submitted'` : ''}
        group by kind, catalogue_id`,
      [userId],
    );
    return rows.map((r) => ({ kind: r.kind, id: Number(r.id) }));
  }
}
