import type { JobBacklog, JobQueue, NewJob } from '../../application/ports/job-queue.js';
import { UNFINISHED_JOB_STATUSES, type Job, type JobData, type JobStatus } from '../../domain/jobs/job.js';
import type { InMemoryTransactional, InMemoryUnitOfWork } from './in-memory-unit-of-work.js';
import type { ErasableStore } from './in-memory-personal-data-eraser.js';

interface Held {
  readonly job: Job;
  readonly workerId: string | null;
}

/**
 * Jobs in memory, enlisted in an `InMemoryUnitOfWork` (a failed run puts them back), with the SQL queue's rules:
 * the oldest claimable job first, a lapsed lease claimable again, an end only by the worker holding the job. Calls
 * are synchronous between awaits, so two claims never take one job.
 */
export class InMemoryJobQueue implements JobQueue, InMemoryTransactional, ErasableStore {
  private jobs = new Map<number, Held>();
  private lastId = 0;

  constructor(uow: InMemoryUnitOfWork) {
    uow.enlist(this);
  }

  eraseUser(userId: number): void {
    for (const [id, h] of [...this.jobs]) if (h.job.ownerId === userId) this.jobs.delete(id);
  }

  snapshot(): unknown {
    return { jobs: new Map(this.jobs), lastId: this.lastId };
  }

  restore(snapshot: unknown): void {
    const s = snapshot as { jobs: Map<number, Held>; lastId: number };
    this.jobs = new Map(s.jobs);
    this.lastId = s.lastId;
  }

  async enqueue(job: NewJob, now: Date): Promise<Job> {
    const stored: Job = {
      id: ++this.lastId,
      kind: job.kind,
      ownerId: job.ownerId,
      status: 'pending',
      payload: structuredClone(job.payload),
      result: null,
      attempts: 0,
      created: now,
      started: null,
      finished: null,
      leaseUntil: null,
      updated: now,
    };
    this.jobs.set(stored.id, { job: stored, workerId: null });
    return stored;
  }

  async claim(kinds: readonly string[], workerId: string, now: Date, leaseUntil: Date): Promise<Job | null> {
    const claimable = [...this.jobs.values()]
      .map((h) => h.job)
      .filter((j) => kinds.includes(j.kind) && (j.status === 'pending' || (j.status === 'processing' && j.leaseUntil!.getTime() < now.getTime())))
      .sort((a, b) => a.created.getTime() - b.created.getTime() || a.id - b.id);
    const next = claimable[0];
    if (!next) return null;
    const claimed: Job = { ...next, status: 'processing', attempts: next.attempts + 1, started: now, leaseUntil, updated: now };
    this.jobs.set(claimed.id, { job: claimed, workerId });
    return claimed;
  }

  private held(id: number, workerId: string): Job | null {
    const h = this.jobs.get(id);
    return h && h.workerId === workerId && h.job.status === 'processing' ? h.job : null;
  }

  async renew(id: number, workerId: string, leaseUntil: Date): Promise<boolean> {
    const job = this.held(id, workerId);
    if (!job) return false;
    this.jobs.set(id, { job: { ...job, leaseUntil }, workerId });
    return true;
  }

  async complete(id: number, workerId: string, result: JobData, now: Date): Promise<boolean> {
    return this.end(id, workerId, 'success', result, now);
  }

  async release(id: number, workerId: string, now: Date): Promise<boolean> {
    const job = this.held(id, workerId);
    if (!job) return false;
    this.jobs.set(id, { job: { ...job, status: 'pending', attempts: job.attempts - 1, started: null, leaseUntil: null, updated: now }, workerId: null });
    return true;
  }

  async fail(id: number, workerId: string, error: string, now: Date): Promise<boolean> {
    return this.end(id, workerId, 'failed', { error }, now);
  }

  private end(id: number, workerId: string, status: JobStatus, result: JobData, now: Date): boolean {
    const job = this.held(id, workerId);
    if (!job) return false;
    this.jobs.set(id, { job: { ...job, status, result: structuredClone(result), finished: now, updated: now, leaseUntil: null }, workerId });
    return true;
  }

  async byId(id: number): Promise<Job | null> {
    return this.jobs.get(id)?.job ?? null;
  }

  async list(kind: string, ownerId: number, offset: number, limit: number): Promise<{ readonly total: number; readonly items: readonly Job[] }> {
    const all = [...this.jobs.values()]
      .map((h) => h.job)
      .filter((j) => j.kind === kind && j.ownerId === ownerId)
      .sort((a, b) => b.created.getTime() - a.created.getTime() || b.id - a.id);
    return { total: all.length, items: all.slice(offset, offset + limit) };
  }

  async enqueueExclusive(job: NewJob & { readonly ownerId: number }, now: Date): Promise<Job | null> {
    if (await this.has(job.kind, job.ownerId, UNFINISHED_JOB_STATUSES)) return null;
    return this.enqueue(job, now);
  }

  async backlog(): Promise<readonly JobBacklog[]> {
    const byKind = new Map<string, { pending: number; oldestCreated: Date }>();
    for (const { job } of this.jobs.values()) {
      if (job.status !== 'pending') continue;
      const seen = byKind.get(job.kind);
      if (!seen) byKind.set(job.kind, { pending: 1, oldestCreated: job.created });
      else byKind.set(job.kind, { pending: seen.pending + 1, oldestCreated: job.created < seen.oldestCreated ? job.created : seen.oldestCreated });
    }
    return [...byKind].sort(([a], [b]) => (a < b ? -1 : 1)).map(([kind, b]) => ({ kind, ...b }));
  }

  async has(kind: string, ownerId: number, statuses: readonly JobStatus[]): Promise<boolean> {
    return [...this.jobs.values()].some((h) => h.job.kind === kind && h.job.ownerId === ownerId && statuses.includes(h.job.status));
  }
}
