import type { Job } from '../../domain/jobs/job.js';
import { Unauthenticated, Unavailable } from '../errors.js';
import { endsWithin } from '../shared/ends-within.js';
import { UNGUARDED, type AccountGuard } from '../ports/account-guard.js';
import type { Clock } from '../ports/clock.js';
import { JobFailed, type JobHandler, type JobQueue } from '../ports/job-queue.js';
import type { Logger } from '../ports/logger.js';
import { NO_OUTAGES, type OutageDetector } from '../ports/outage-detector.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { Interrupted } from './interrupted.js';
import { LeaseLost } from './lease-lost.js';

/** How a worker works: who it is, how long it holds a job without renewing, how often it looks for work. */
export interface JobWorkerOptions {
  /** This worker's name in the job rows (unique across processes: host, process id and a random part). */
  readonly workerId: string;
  /** How long a claim holds a job; the worker renews it every third of that while the job runs. */
  readonly leaseMs: number;
  /** How long the worker waits before looking again when there was no work. */
  readonly pollMs: number;
  /** How often handlers' `maintain` runs (between jobs). */
  readonly maintenanceMs: number;
  /**
   * How many times a job may be started: one whose worker died that often (a job that kills its process each time,
   * e.g. out of memory) is ended as failed instead of being taken again forever.
   */
  readonly maxAttempts: number;
}

/** The text a job's owner reads when it failed for a reason of the service's (the log says which). */
export const JOB_FAILED_MESSAGE = 'The job failed because of an error in the service; the operator can find it in the log.';

/**
 * Runs jobs of the handlers' kinds: claims the oldest claimable one for a lease (`JobQueue.claim`), renews the lease
 * while the handler works, and ends the job — in success through the handler's `finish`, inside the handler's own
 * unit of work, or as failed with the handler's `JobFailed` message (any other error: a generic message, the error
 * logged). A job whose worker died (its process killed) is claimed again once the lease has run out, and run from the
 * start; a worker that lost its lease cannot end the job (its `finish` throws and its writes roll back), so a job's
 * work commits once. While the database is away (an error the `outages` detector calls an outage) the worker neither
 * fails the job in hand nor logs each failed look: it waits, gives the interrupted job back (`JobQueue.release`) as
 * soon as the database answers, and takes it again from the start. A handler runs on behalf of its job's owner
 * (`guard`), so its writes are held to the owner's account as a request's are. Every server process runs one (`start`), and
 * `spindle worker` runs one alone.
 */
export class JobWorker {
  private readonly handlers: ReadonlyMap<string, JobHandler>;
  private running = false;
  private loopDone: Promise<void> = Promise.resolve();
  private wake: (() => void) | null = null;
  private lastMaintenance = -Infinity;
  private stopped: Promise<void> = Promise.resolve();
  /** The job an outage cut short, to give back once the database answers. */
  private interrupted: number | null = null;
  /** The job being run now, if any (what `stop` gives back when its grace runs out). */
  private inHand: Job | null = null;

  constructor(
    private readonly queue: JobQueue,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    handlers: readonly JobHandler[],
    private readonly logger: Logger,
    private readonly options: JobWorkerOptions,
    private readonly outages: OutageDetector = NO_OUTAGES,
    /** Runs a job's handler on behalf of the job's owner (ADR 0060): its writes refused once the owner is deleted. */
    private readonly guard: AccountGuard = UNGUARDED,
  ) {
    this.handlers = new Map(handlers.map((h) => [h.kind, h]));
  }

  /** The kinds of job this worker runs. */
  get kinds(): readonly string[] {
    return [...this.handlers.keys()];
  }

  /** Claims one job and runs it to its end; the job as claimed, or null when there was none to claim. */
  async runOnce(): Promise<Job | null> {
    if (this.handlers.size === 0) return null;
    const now = this.clock.now();
    const job = await this.uow.run(() => this.queue.claim(this.kinds, this.options.workerId, now, this.leaseFrom(now)));
    if (!job) return null;
    const log = this.logger.child({ job: job.id, kind: job.kind, attempt: job.attempts });
    if (job.attempts > this.options.maxAttempts) {
      log.error({ attempts: job.attempts }, 'job abandoned: its worker stopped every time');
      await this.fail(job, `The job was started ${job.attempts - 1} times and stopped each time before it ended; it is not tried again.`);
      return job;
    }
    log.info({}, 'job started');
    this.inHand = job;
    // One renewal at a time, awaited before the job is left: a renewal that waited for the job's own end (its row
    // or, on the embedded database, its one connection) finds the job ended, which is no lost lease.
    let ending = false;
    let renewing: Promise<unknown> | null = null;
    const renewal = setInterval(() => {
      renewing ??= this.uow
        .run(() => this.queue.renew(job.id, this.options.workerId, this.leaseFrom(this.clock.now())))
        .then((held) => held || ending || log.warn({}, 'job lease lost'))
        .catch((err: unknown) => ending || this.isOutage(err) || log.warn({ err }, 'job lease renewal failed'))
        .finally(() => (renewing = null));
    }, Math.max(1, Math.floor(this.options.leaseMs / 3)));
    let finished = false;
    try {
      const handler = this.handlers.get(job.kind)!;
      const run = () =>
        handler.run(job, async (result) => {
          if (!(await this.queue.complete(job.id, this.options.workerId, result, this.clock.now()))) throw new LeaseLost(job.id);
          await handler.ended?.(job.id);
          finished = ending = true;
        });
      await this.guard.actingFor(job.ownerId, run);
      if (!finished) throw new Error(`The ${job.kind} handler returned without finishing job ${job.id}`);
      log.info({}, 'job succeeded');
    } catch (err) {
      if (err instanceof LeaseLost) {
        log.warn({}, err.message);
        return job;
      }
      await this.outages.examine(err);
      if (this.isOutage(err)) {
        log.warn({}, 'job interrupted by a database outage; it is given back and run again once the database answers');
        throw new Interrupted(job.id, err);
      }
      // An owner deleted while the job waited (the guard's refusal) is no error of the service's.
      const expected = err instanceof JobFailed || err instanceof Unauthenticated;
      const message = expected ? err.message : JOB_FAILED_MESSAGE;
      if (expected) log.info({ reason: message }, 'job failed');
      else log.error({ err }, 'job failed with an error');
      ending = true;
      const ended = await this.fail(job, message);
      if (!ended) log.warn({}, 'job lease lost before it could be marked failed');
    } finally {
      ending = true;
      this.inHand = null;
      clearInterval(renewal);
      await renewing;
    }
    return job;
  }

  /** Ends a job this worker holds as failed, with what its handler records at the end, in one unit of work; false when the lease was lost. */
  private async fail(job: Job, message: string): Promise<boolean> {
    return this.uow.run(async () => {
      const failed = await this.queue.fail(job.id, this.options.workerId, message, this.clock.now());
      if (failed) await this.handlers.get(job.kind)!.ended?.(job.id);
      return failed;
    });
  }

  /** Runs handlers' housekeeping when it is due. */
  async maintain(): Promise<void> {
    const now = this.clock.now();
    if (now.getTime() - this.lastMaintenance < this.options.maintenanceMs) return;
    this.lastMaintenance = now.getTime();
    for (const handler of this.handlers.values()) {
      try {
        await handler.maintain?.(now);
      } catch (err) {
        if (!this.isOutage(err)) this.logger.error({ err, kind: handler.kind }, 'job maintenance failed');
      }
    }
  }

  /** True between `start` and `stop` (what the process's readiness asks; see `JobWorkerReadiness`). */
  get isRunning(): boolean {
    return this.running;
  }

  /** Starts working in the background: job after job while there are any, then a look every `pollMs`. */
  start(): void {
    if (this.running || this.handlers.size === 0) return;
    this.running = true;
    this.logger.info({ worker: this.options.workerId, kinds: this.kinds }, 'job worker started');
    this.loopDone = this.loop();
  }

  /**
   * Stops looking for work and waits for the job in hand to end (every call does, until it has). Given `graceMs`, waits
   * at most that long: a job still running then is given back (`JobQueue.release`: pending again, claimable by another
   * worker at once, this start not counted), and the promise resolves without waiting for its handler, whose `finish`
   * can then only fail (the lease is no longer held) so that its writes roll back and the job applies once (ADR 0047).
   */
  stop(graceMs?: number): Promise<void> {
    if (this.running) {
      this.running = false;
      this.wake?.();
      const ended = this.loopDone.then(() => this.logger.info({ worker: this.options.workerId }, 'job worker stopped'));
      this.stopped = graceMs === undefined ? ended : this.endWithin(ended, graceMs);
    }
    return this.stopped;
  }

  private async endWithin(ended: Promise<void>, graceMs: number): Promise<void> {
    const job = (await endsWithin(ended, graceMs)) ? null : this.inHand;
    if (job === null) return ended;
    const released = await this.uow.run(() => this.queue.release(job.id, this.options.workerId, this.clock.now())).catch((err: unknown) => {
      this.logger.warn({ err, job: job.id }, 'the job in hand could not be given back; it is taken again once its lease runs out');
      return false;
    });
    if (!released && this.inHand !== job) return ended; // it ended meanwhile
    if (released) this.logger.warn({ job: job.id, kind: job.kind, graceMs }, 'job given back: it did not end within the shutdown grace');
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let worked = false;
      try {
        await this.giveBack();
        await this.maintain();
        worked = (await this.runOnce()) !== null;
      } catch (err) {
        await this.outages.examine(err);
        if (err instanceof Interrupted) this.interrupted = err.jobId;
        else if (!this.isOutage(err)) this.logger.error({ err }, 'job worker could not claim a job');
      }
      if (!worked && this.running) await this.pause();
    }
  }

  /** Gives back the job an outage interrupted (throws while the database is still away, to wait and try again). */
  private async giveBack(): Promise<void> {
    const id = this.interrupted;
    if (id === null) return;
    const released = await this.uow.run(() => this.queue.release(id, this.options.workerId, this.clock.now()));
    this.interrupted = null;
    this.logger.info({ job: id, released }, released ? 'interrupted job given back' : 'interrupted job was taken by another worker meanwhile');
  }

  private pause(): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.wake = null;
        resolve();
      }, this.options.pollMs);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
    });
  }

  /** A dependency away (the database, its disk): waited out rather than failed or logged as an error. */
  private isOutage(err: unknown): boolean {
    return err instanceof Unavailable || this.outages.isOutage(err);
  }

  private leaseFrom(now: Date): Date {
    return new Date(now.getTime() + this.options.leaseMs);
  }
}
