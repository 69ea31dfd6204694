import type { MikroORM } from '@mikro-orm/postgresql';
import { currentEntityManager } from './mikro-orm-unit-of-work.js';

/**
 * The next value of a table's `id` sequence, in the current unit of work: for aggregates the domain names before they
 * are stored (lists, collection folders and instances). The ORM has no spelling for a sequence of its own.
 */
export async function nextId(orm: MikroORM, table: string): Promise<number> {
  const em = currentEntityManager(orm);
  const [row] = await em.getConnection().execute<{ id: string }[]>(`select nextval(pg_get_serial_sequence('${table}', 'id')) as id`, [], 'all', em.getTransactionContext());
  return Number(row!.id);
}
