import type { MikroORM } from '@mikro-orm/postgresql';
import {
  DEFAULT_CONTRIBUTION_SORT,
  type ContributionSort,
  type ContributionsQuery,
  type SubmissionEntry,
} from '../../../application/contributions/read-models.js';
import type { ContributionReader } from '../../../application/ports/contribution-reader.js';
import { pageOffset, type Page, type PageRequest } from '../../../application/shared/page.js';
import { query } from '../mikro-orm-unit-of-work.js';

/**
 * What each order sorts on, before the release id: the catalogue's release list columns (text in code-point order,
 * `collate "C"`, so every server sorts alike and as the in-memory adapter does), the user's first entry for `added`,
 * nothing for `rating` (no ratings exist yet).
 */
const SORT_KEYS: Record<ContributionSort, string | null> = {
  label: 'r.label collate "C"',
  artist: 'r.artist collate "C"',
  title: 'r.title collate "C"',
  catno: 'r.catno collate "C"',
  format: 'r.format collate "C"',
  rating: null,
  year: 'r.year',
  added: 'c.added',
};

/** A user's releases in the history (first entry's time) joined to the releases the catalogue holds. */
const CONTRIBUTED = `
  (select catalogue_id as release_id, min(at) as added
     from contribution
    where user_id = ? and kind = 'release'
    group by catalogue_id) c
  join release r on r.id = c.release_id`;

/** A user's submissions of the listed kinds that the catalogue holds. */
const SUBMITTED = `
  contribution s
  where s.user_id = ? and s.action = 'submitted'
    and ((s.kind = 'artist' and exists (select 1 from artist a where a.id = s.catalogue_id))
      or (s.kind = 'label' and exists (select 1 from label l where l.id = s.catalogue_id))
      or (s.kind = 'release' and exists (select 1 from release r where r.id = s.catalogue_id)))`;

/**
 * The edit history's reads joined to the catalogue (a read model in SQL, ADR 0039): a user's submissions of records
 * the catalogue holds, and the releases they contributed to, sorted on the catalogue's release list columns.
 */
export class SqlContributionReader implements ContributionReader {
  constructor(private readonly orm: MikroORM) {}

  async submissions(userId: number, page: PageRequest): Promise<Page<SubmissionEntry>> {
    const [count] = await query(this.orm, `select count(*)::int as n from ${SUBMITTED}`, [userId]);
    const rows = await query(
      this.orm,
      `select s.kind, s.catalogue_id from ${SUBMITTED}
        order by case s.kind when 'artist' then 0 when 'label' then 1 else 2 end, s.at, s.catalogue_id
        limit ? offset ?`,
      [userId, page.perPage, pageOffset(page)],
    );
    return {
      items: rows.map((r) => ({ kind: String(r.kind) as SubmissionEntry['kind'], id: Number(r.catalogue_id) })),
      total: Number(count?.n ?? 0),
      page: page.page,
      perPage: page.perPage,
    };
  }

  async contributedReleases(userId: number, q: ContributionsQuery): Promise<Page<number>> {
    const dir = q.sortOrder === 'desc' ? 'desc' : 'asc';
    const key = SORT_KEYS[q.sort ?? DEFAULT_CONTRIBUTION_SORT];
    const order = key === null ? `c.release_id ${dir}` : `${key} ${dir}, c.release_id ${dir}`;
    const rows = await query(
      this.orm,
      `select c.release_id from ${CONTRIBUTED} order by ${order} limit ? offset ?`,
      [userId, q.perPage, pageOffset(q)],
    );
    return {
      items: rows.map((r) => Number(r.release_id)),
      total: await this.releasesContributed(userId),
      page: q.page,
      perPage: q.perPage,
    };
  }

  async releasesContributed(userId: number): Promise<number> {
    const [count] = await query(this.orm, `select count(*)::int as n from ${CONTRIBUTED}`, [userId]);
    return Number(count?.n ?? 0);
  }
}
