import { EntitySchema } from '@mikro-orm/core';
import { JOB_STATUSES } from '../../../domain/jobs/job.js';
import { UserRow } from '../identity/identity-rows.js';

/**
 * The job table: one row per job of any kind, claimed by workers with `for update skip locked` (see SqlJobQueue).
 * `payload` and `result` are JSON; the partial index on unfinished jobs keeps the claim's scan short however many
 * finished jobs the table holds.
 */
export class JobRow {
  id!: number;
  kind!: string;
  owner!: UserRow | null;
  status!: string;
  payload!: object;
  result!: object | null;
  attempts!: number;
  workerId!: string | null;
  created!: Date;
  started!: Date | null;
  finished!: Date | null;
  leaseUntil!: Date | null;
  updated!: Date;
}

export const JobSchema = new EntitySchema<JobRow>({
  class: JobRow,
  tableName: 'job',
  indexes: [
    { name: 'job_owner_id_kind_created_index', properties: ['owner', 'kind', 'created'] },
    { name: 'job_claim_index', expression: `create index "job_claim_index" on "job" ("kind", "created", "id") where status in ('pending', 'processing')` },
  ],
  checks: [
    { name: 'job_status_check', expression: `array_position(array[${JOB_STATUSES.map((s) => `'${s}'`).join(', ')}], status) is not null` },
    { name: 'job_attempts_check', expression: 'attempts >= 0' },
  ],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    kind: { type: 'text' },
    owner: { kind: 'm:1', entity: () => UserRow, nullable: true, deleteRule: 'cascade' },
    status: { type: 'text', default: 'pending' },
    payload: { type: 'json', columnType: 'jsonb' },
    result: { type: 'json', columnType: 'jsonb', nullable: true },
    attempts: { type: 'integer', default: 0 },
    workerId: { type: 'text', nullable: true },
    created: { type: 'datetime', columnType: 'timestamptz' },
    started: { type: 'datetime', columnType: 'timestamptz', nullable: true },
    finished: { type: 'datetime', columnType: 'timestamptz', nullable: true },
    leaseUntil: { type: 'datetime', columnType: 'timestamptz', nullable: true },
    updated: { type: 'datetime', columnType: 'timestamptz' },
  },
});

export const JOB_SCHEMAS = [JobSchema];
