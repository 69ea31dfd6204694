import { TransactionPropagation } from '@mikro-orm/core';
import type { EntityManager, Knex, MikroORM } from '@mikro-orm/postgresql';
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
 */
export class MikroOrmUnitOfWork implements UnitOfWork {
  /** `disk`: on the embedded database, what refuses a write (503) before its disk is full. */
  constructor(
    private readonly orm: MikroORM,
    private readonly disk?: DiskSpaceGuard,
  ) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.disk) {
      try {
        this.disk.assertRoom();
      } catch (err) {
        return Promise.reject(err);
      }
    }
    return this.orm.em.transactional(() => work(), { propagation: TransactionPropagation.REQUIRED });
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
