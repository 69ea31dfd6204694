import type { MikroORM } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { Contribution, type ContributionKind } from '../../../domain/contributions/contribution.js';
import { alreadySubmitted, type ContributionRepository } from '../../../domain/contributions/contribution-repository.js';
import { currentEntityManager } from '../mikro-orm-unit-of-work.js';
import { ContributionRow } from './contribution-row.js';

/** The one mapping from a row of the history to its entry. */
function toContribution(r: ContributionRow): Contribution {
  return Contribution.record({
    id: r.id,
    userId: r.user.id,
    kind: r.kind,
    catalogueId: r.catalogueId,
    action: r.action,
    at: new Date(r.at),
    comment: r.comment,
  });
}

/**
 * The edit history (`contribution`) through the ORM on its entity schema, in the current unit of work. A second
 * submitter of one record breaks the table's partial unique index, which `add` turns into `alreadySubmitted`'s refusal.
 */
export class MikroOrmContributionRepository implements ContributionRepository {
  constructor(private readonly orm: MikroORM) {}

  async add(entry: Contribution): Promise<void> {
    try {
      await currentEntityManager(this.orm).insert(ContributionRow, {
        id: entry.id,
        user: entry.userId,
        kind: entry.kind,
        catalogueId: entry.catalogueId,
        action: entry.action,
        at: entry.at,
        comment: entry.comment,
      });
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException && err.message.includes('contribution_one_submitter_unique')) {
        throw alreadySubmitted(entry.kind, entry.catalogueId);
      }
      throw err;
    }
  }

  async ofUser(userId: number): Promise<Contribution[]> {
    const rows = await currentEntityManager(this.orm).find(ContributionRow, { user: userId }, { orderBy: [{ at: 'asc' }, { id: 'asc' }], disableIdentityMap: true });
    return rows.map(toContribution);
  }

  async submitterOf(kind: ContributionKind, catalogueId: number): Promise<number | null> {
    const row = await currentEntityManager(this.orm).findOne(ContributionRow, { kind, catalogueId, action: 'submitted' }, { fields: ['user'], disableIdentityMap: true });
    return row ? row.user.id : null;
  }
}
