import { DeadlockException } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { UnitOfWork } from '../../../application/ports/unit-of-work.js';
import { currentEntityManager } from '../mikro-orm-unit-of-work.js';

/**
 * Whether PostgreSQL gave the transaction up for a deadlock (40P01) or a serialization failure (40001): MikroORM's
 * DeadlockException, or the driver's own error, which is what SQL run through `query` (the connection, not the ORM's
 * methods) throws.
 */
function retryable(err: unknown): boolean {
  if (err instanceof DeadlockException) return true;
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return code === '40P01' || code === '40001';
}

/**
 * A unit of work that runs its work again, from the start, when PostgreSQL gives up the transaction with a deadlock
 * (40P01) or a serialization failure (40001) — MikroORM's `DeadlockException` or the driver's error — up to
 * `attempts` times in all. Only an outermost run is retried: one inside another transaction joins it and leaves the
 * decision to the outer run. The work must be safe to repeat (it re-reads what it decides on), as a rolled-back
 * transaction left nothing behind.
 */
export class RetryingUnitOfWork implements UnitOfWork {
  constructor(
    private readonly orm: MikroORM,
    private readonly inner: UnitOfWork,
    private readonly attempts = 4,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (currentEntityManager(this.orm).isInTransaction()) return this.inner.run(work);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.inner.run(work);
      } catch (err) {
        if (!retryable(err) || attempt >= this.attempts) throw err;
      }
    }
  }
}
