import { AsyncLocalStorage } from 'node:async_hooks';
import { TransactionPropagation } from '@mikro-orm/core';
import type { EntityManager, Knex, MikroORM } from '@mikro-orm/postgresql';
import type { AccountGuard, AccountHold } from '../../application/ports/account-guard.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import type { DiskSpaceGuard } from './disk-space-guard.js';

/**
 * The unit of work on MikroORM: `run` opens a transaction on a fork of the current entity manager (the request's, see
 * `MikroOrmRequestScope`) and flushes and commits it when the work returns. MikroORM carries the transaction's entity
 * manager in async context, so repositories that reach the database through `currentEntityManager` (or `orm.em`,
 * which resolves to it) write inside the transaction without being handed it. A nested `run` joins the outer one.
 *
 * On the embedded database (one session, a pool of one connection) every query inside `run` must go through the
 * transaction's connection: a query that asked the pool for another connection would wait for ever. Repositories
 * therefore never fork their own entity manager; raw SQL goes through `query`, which passes the transaction along.
 *
 * It is also the deletion guard (`AccountGuard`, ADR 0060): the account a piece of work acts for is carried in async
 * context, and an outermost `run` inside it begins with the account hold, the transaction's first statement.
 */
export class MikroOrmUnitOfWork implements UnitOfWork, AccountGuard {
  private readonly acting = new AsyncLocalStorage<number | null>();

  /**
   * `disk`: on the embedded database, what refuses a write (503) before its disk is full. `hold`: what holds the
   * acting account (none without an identity module: nobody signs in, nothing to guard).
   */
  constructor(
    private readonly orm: MikroORM,
    private readonly disk?: DiskSpaceGuard,
    private readonly hold?: AccountHold,
  ) {}

  actingFor<T>(userId: number | null, work: () => Promise<T>): Promise<T> {
    return this.acting.run(userId, work);
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.disk) {
      try {
        this.disk.assertRoom();
      } catch (err) {
        return Promise.reject(err);
      }
    }
    const userId = this.acting.getStore() ?? null;
    const hold = this.hold;
    // A nested run joins a transaction that began with the hold already (or on nobody's behalf).
    const guarded = userId !== null && hold !== undefined && !this.orm.em.getContext(false).isInTransaction();
    const body = guarded
      ? async () => {
          await hold(userId);
          return work();
        }
      : () => work();
    return this.orm.em.transactional(body, { propagation: TransactionPropagation.REQUIRED });
  }
}

/**
 * The entity manager the calling code should use: the open transaction's, else the request's (`RequestScope`), else
 * a fresh fork (a command or a test outside any scope), so no entity manager is ever shared between requests.
 */
export function currentEntityManager(orm: MikroORM): EntityManager {
  const em = orm.em.getContext(false);
  return em === orm.em ? orm.em.fork() : em;
}

/** Runs SQL with `?` placeholders on the current entity manager's connection, inside its transaction if one is open. */
export function query<T = Record<string, unknown>>(orm: MikroORM, sql: string, params: readonly unknown[] = []): Promise<T[]> {
  const em = currentEntityManager(orm);
  return em.getConnection().execute<T[]>(sql, [...params], 'all', em.getTransactionContext());
}

/**
 * Runs SQL with `?` placeholders on the current entity manager's connection (inside its transaction if one is open),
 * the values sent as bound parameters. Unlike `query`, which writes every value into the statement's text as a
 * quoted literal (MikroORM's formatting), this leaves a batch's column arrays (hundreds of KB of text) as they are:
 * quoting them and then sending one giant statement was about a sixth of an upload job's Node time.
 */
export async function bound(orm: MikroORM, sql: string, params: readonly unknown[]): Promise<Record<string, unknown>[]> {
  const em = currentEntityManager(orm);
  const knex = em.getTransactionContext<Knex.Transaction>() ?? em.getConnection().getKnex();
  try {
    const result = (await knex.raw(sql, params as Knex.RawBinding[])) as { rows: Record<string, unknown>[] };
    return result.rows;
  } catch (err) {
    throw err instanceof Error ? em.getDriver().convertException(err) : err;
  }
}
