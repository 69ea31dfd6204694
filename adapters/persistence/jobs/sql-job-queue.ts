import type { MikroORM } from '@mikro-orm/postgresql';
import type { JobBacklog, JobQueue, NewJob } from '../../../application/ports/job-queue.js';
import { UNFINISHED_JOB_STATUSES, type Job, type JobData, type JobStatus } from '../../../domain/jobs/job.js';
import { currentEntityManager, query } from '../mikro-orm-unit-of-work.js';
import { dateOf, jsonOf, textArray } from '../sql-values.js';

type Row = Record<string, unknown>;

const dateOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : dateOf(value));

function jobOf(r: Row): Job {
  return {
    id: Number(r.id),
    kind: String(r.kind),
    ownerId: r.owner_id === null || r.owner_id === undefined ? null : Number(r.owner_id),
    status: r.status as JobStatus,
    payload: jsonOf<JobData>(r.payload),
    result: r.result === null || r.result === undefined ? null : jsonOf<JobData>(r.result),
    attempts: Number(r.attempts),
    created: dateOf(r.created),
    started: dateOrNull(r.started),
    finished: dateOrNull(r.finished),
    leaseUntil: dateOrNull(r.lease_until),
    updated: dateOf(r.updated),
  };
}

/**
 * Jobs in PostgreSQL (and PGlite), through the current unit of work. A claim is one statement: it picks the oldest
 * claimable row with `for update skip locked` (a row another worker is claiming is skipped, not waited for) and
 * updates it, so two workers never take one job; a job whose lease ran out (its worker died) is claimable again.
 * Completing or failing checks that the worker still holds the job, so a worker that lost its lease cannot end a job
 * another has taken.
 */
export class SqlJobQueue implements JobQueue {
  constructor(private readonly orm: MikroORM) {}

  async enqueue(job: NewJob, now: Date): Promise<Job> {
    const [row] = await query(
      this.orm,
      `insert into job (kind, owner_id, status, payload, attempts, created, updated) values (?, ?, 'pending', ?::jsonb, 0, ?, ?) returning *`,
      [job.kind, job.ownerId, JSON.stringify(job.payload), now, now],
    );
    return jobOf(row!);
  }

  async enqueueExclusive(job: NewJob & { readonly ownerId: number }, now: Date): Promise<Job | null> {
    if (!currentEntityManager(this.orm).isInTransaction()) throw new Error('JobQueue.enqueueExclusive must run inside a unit of work');
    // One lock per (kind, owner), held to the end of the transaction: a second request waits, then sees the first's row.
    await query(this.orm, `select pg_advisory_xact_lock(hashtext(?), ?)`, [`job:${job.kind}`, job.ownerId]);
    if (await this.has(job.kind, job.ownerId, UNFINISHED_JOB_STATUSES)) return null;
    return this.enqueue(job, now);
  }

  async claim(kinds: readonly string[], workerId: string, now: Date, leaseUntil: Date): Promise<Job | null> {
    if (kinds.length === 0) return null;
    const [row] = await query(
      this.orm,
      `update job set status = 'processing', worker_id = ?, attempts = attempts + 1, started = ?, lease_until = ?, updated = ?
       where id = (
         select id from job
         where kind = any(?::text[]) and (status = 'pending' or (status = 'processing' and lease_until < ?))
         order by created, id
         limit 1
         for update skip locked
       )
       returning *`,
      [workerId, now, leaseUntil, now, textArray(kinds), now],
    );
    return row ? jobOf(row) : null;
  }

  async renew(id: number, workerId: string, leaseUntil: Date): Promise<boolean> {
    const rows = await query(this.orm, `update job set lease_until = ? where id = ? and worker_id = ? and status = 'processing' returning id`, [
      leaseUntil,
      id,
      workerId,
    ]);
    return rows.length > 0;
  }

  async complete(id: number, workerId: string, result: JobData, now: Date): Promise<boolean> {
    return this.end(id, workerId, 'success', result, now);
  }

  async release(id: number, workerId: string, now: Date): Promise<boolean> {
    const rows = await query(
      this.orm,
      `update job set status = 'pending', worker_id = null, attempts = attempts - 1, started = null, lease_until = null, updated = ?
       where id = ? and worker_id = ? and status = 'processing' returning id`,
      [now, id, workerId],
    );
    return rows.length > 0;
  }

  async fail(id: number, workerId: string, error: string, now: Date): Promise<boolean> {
    return this.end(id, workerId, 'failed', { error }, now);
  }

  private async end(id: number, workerId: string, status: JobStatus, result: JobData, now: Date): Promise<boolean> {
    const rows = await query(
      this.orm,
      `update job set status = ?, result = ?::jsonb, finished = ?, updated = ?, lease_until = null
       where id = ? and worker_id = ? and status = 'processing' returning id`,
      [status, JSON.stringify(result), now, now, id, workerId],
    );
    return rows.length > 0;
  }

  async byId(id: number): Promise<Job | null> {
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
    const [row] = await query(this.orm, 'select * from job where id = ?', [id]);
    return row ? jobOf(row) : null;
  }

  async list(kind: string, ownerId: number, offset: number, limit: number): Promise<{ readonly total: number; readonly items: readonly Job[] }> {
    const [count] = await query(this.orm, 'select count(*)::int as n from job where kind = ? and owner_id = ?', [kind, ownerId]);
    const rows = await query(this.orm, 'select * from job where kind = ? and owner_id = ? order by created desc, id desc offset ? limit ?', [
      kind,
      ownerId,
      offset,
      limit,
    ]);
    return { total: Number(count!.n), items: rows.map(jobOf) };
  }

  async backlog(): Promise<readonly JobBacklog[]> {
    const rows = await query(this.orm, `select kind, count(*) as pending, min(created) as oldest from job where status = 'pending' group by kind order by kind`, []);
    return rows.map((r) => ({ kind: String(r.kind), pending: Number(r.pending), oldestCreated: dateOf(r.oldest) }));
  }

  async has(kind: string, ownerId: number, statuses: readonly JobStatus[]): Promise<boolean> {
    const rows = await query(this.orm, 'select 1 from job where kind = ? and owner_id = ? and status = any(?::text[]) limit 1', [
      kind,
      ownerId,
      textArray(statuses),
    ]);
    return rows.length > 0;
  }
}
