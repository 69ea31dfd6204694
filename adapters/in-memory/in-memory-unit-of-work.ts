import { AsyncLocalStorage } from 'node:async_hooks';
import type { AccountGuard, AccountHold } from '../../application/ports/account-guard.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';

/** State an in-memory repository keeps, able to copy itself and go back to a copy. */
export interface InMemoryTransactional {
  snapshot(): unknown;
  restore(snapshot: unknown): void;
  /** Drops what lives only as long as one run (as a SQL transaction's temporary table), however the run ended. */
  ended?(): void;
}

/**
 * The unit of work of the in-memory repositories: they enlist their state, and a `run` that throws puts every enlisted
 * state back as it was when the outermost `run` began. Runs are serialised (one at a time, in call order), so each
 * sees the others' committed state and none sees another's writes in progress: the in-memory equivalent of running
 * transactions one after another. A nested `run` joins the outer one.
 *
 * It is also the deletion guard (`AccountGuard`, ADR 0060): an outermost run on behalf of an account begins with the
 * account hold, which (runs being serialised) refuses an account deleted by an earlier run.
 */
export class InMemoryUnitOfWork implements UnitOfWork, AccountGuard {
  private readonly participants = new Set<InMemoryTransactional>();
  private readonly inside = new AsyncLocalStorage<true>();
  private readonly acting = new AsyncLocalStorage<number | null>();
  private hold: AccountHold | undefined;
  private tail: Promise<void> = Promise.resolve();

  /**
   * What holds the acting account: given by the composition once the identity module's user store (which enlists
   * here, so is made after this unit of work) exists.
   */
  holdAccountsWith(hold: AccountHold): void {
    this.hold = hold;
  }

  actingFor<T>(userId: number | null, work: () => Promise<T>): Promise<T> {
    return this.acting.run(userId, work);
  }

  /** Adds a repository's state to what a failed run restores. */
  enlist(participant: InMemoryTransactional): void {
    this.participants.add(participant);
  }

  /** Whether the calling code runs inside a `run` of this unit of work. */
  get active(): boolean {
    return this.inside.getStore() === true;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active) return work();
    const previous = this.tail;
    let done!: () => void;
    this.tail = new Promise<void>((resolve) => (done = resolve));
    await previous;
    const snapshots = [...this.participants].map((p) => [p, p.snapshot()] as const);
    try {
      const userId = this.acting.getStore() ?? null;
      const hold = this.hold;
      if (userId === null || hold === undefined) return await this.inside.run(true, work);
      return await this.inside.run(true, async () => {
        await hold(userId);
        return work();
      });
    } catch (err) {
      for (const [participant, snapshot] of snapshots) participant.restore(snapshot);
      throw err;
    } finally {
      for (const participant of this.participants) participant.ended?.();
      done();
    }
  }
}
