import { EntitySchema } from '@mikro-orm/core';
import { CONTRIBUTION_ACTIONS, CONTRIBUTION_KINDS } from '../../../domain/contributions/contribution.js';
import { UserRow } from '../identity/identity-rows.js';

/**
 * One entry of the edit history (`contribution`): the schema (migrations are generated from it) and the entity the
 * repository reads and writes through the ORM, mapping rows to `Contribution`. There is no foreign key to
 * the catalogue tables, which dump imports replace: the history outlives a record's absence.
 */
export class ContributionRow {
  id!: string;
  user!: UserRow;
  /** artist, label, master or release. */
  kind!: string;
  catalogueId!: number;
  /** submitted or edited. */
  action!: string;
  at!: Date;
  comment!: string;
}

export const ContributionSchema = new EntitySchema<ContributionRow>({
  class: ContributionRow,
  tableName: 'contribution',
  checks: [
    { name: 'contribution_catalogue_id_check', expression: 'catalogue_id > 0' },
  ],
  indexes: [
    // A user's contributed releases (and their count): the user's entries of one kind, by record.
    { name: 'contribution_user_id_kind_catalogue_id_index', properties: ['user', 'kind', 'catalogueId'] },
    // A user's submissions, in the order they were made.
    {
      name: 'contribution_submissions_index',
      expression: `create index "contribution_submissions_index" on "contribution" ("user_id", "kind", "at", "catalogue_id") where "action" = 'submitted'`,
    },
  ],
  uniques: [
    // A record has at most one submitter.
    {
      name: 'contribution_one_submitter_unique',
      expression: `create unique index "contribution_one_submitter_unique" on "contribution" ("kind", "catalogue_id") where "action" = 'submitted'`,
    },
  ],
  properties: {
    id: { type: 'text', primary: true },
    user: { kind: 'm:1', entity: () => UserRow, deleteRule: 'cascade' },
    kind: { enum: true, items: [...CONTRIBUTION_KINDS] },
    catalogueId: { type: 'integer' },
    action: { enum: true, items: [...CONTRIBUTION_ACTIONS] },
    at: { type: 'datetime', columnType: 'timestamptz' },
    comment: { type: 'text', default: '' },
  },
});

export const CONTRIBUTION_SCHEMAS = [ContributionSchema];
