import type { MikroORM } from '@mikro-orm/postgresql';
import {
  DEFAULT_CONTRIBUTION_SORT,
  type ContributionSort,
  type ContributionsQuery,
  type SubmissionEntry,
} from '../../../application/contributions/read-models.js';
import type { ContributionReader } from '../../../application/ports/contribution-reader.js';
import { pageOffset, type Page, type PageRequest } from '../../../application/shared/page.js';
import { Contribution, type ContributionKind } from '../../../domain/contributions/contribution.js';
import { AlreadySubmitted, type ContributionRepository } from '../../../domain/contributions/contribution-repository.js';
import { query } from '../mikro-orm-unit-of-work.js';
import { dateOf } from '../sql-values.js';

type Row = Record<string, unknown>;

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


function toContribution(r: Row): Contribution {
  return Contribution.record({
    id: String(r.id),
    userId: Number(r.user_id),
    kind: String(r.kind),
    catalogueId: Number(r.catalogue_id),
    action: String(r.action),
    at: dateOf(r.at),
    comment: String(r.comment),
  });
}

/** The edit history in PostgreSQL (`contribution`), through the current unit of work, and the reads joined to the catalogue. */
export class MikroOrmContributionRepository implements ContributionRepository, ContributionReader {
  constructor(private readonly orm: MikroORM) {}

  async add(entry: Contribution): Promise<void> {
    try {
      await query(
        this.orm,
        `insert into contribution (id, user_id, kind, catalogue_id, action, at, comment) values (?, ?, ?, ?, ?, ?, ?)`,
        [entry.id, entry.userId, entry.kind, entry.catalogueId, entry.action, entry.at, entry.comment],
      );
    } catch (err) {
      const e = err as { code?: string; constraint?: string; message?: string };
      if (e.code === '23505' && `${e.constraint ?? ''} ${e.message ?? ''}`.includes('contribution_one_submitter_unique')) {
        throw new AlreadySubmitted(entry.kind, entry.catalogueId);
      }
      throw err;
    }
  }

  async ofUser(userId: number): Promise<Contribution[]> {
    const rows = await query(this.orm, 'select * from contribution where user_id = ? order by at, id', [userId]);
    return rows.map(toContribution);
  }

  async submitterOf(kind: ContributionKind, catalogueId: number): Promise<number | null> {
    const [row] = await query(
      this.orm,
      `select user_id from contribution where kind = ? and catalogue_id = ? and action = 'submitted'`,
      [kind, catalogueId],
    );
    return row ? Number(row.user_id) : null;
  }

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
