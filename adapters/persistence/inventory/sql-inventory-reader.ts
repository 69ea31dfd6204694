import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { InventoryReader } from '../../../application/ports/inventory-reader.js';
import type { ExportedListing } from '../../../domain/inventory/inventory-csv.js';
import { listingFieldsOf } from '../marketplace/listing-row-mappers.js';
import { currentEntityManager } from '../mikro-orm-unit-of-work.js';

type Row = Record<string, unknown>;

/** Cursor names in use by this process: each read declares its own, so two reads in one transaction do not clash. */
let cursors = 0;

/**
 * A seller's inventory through a PostgreSQL cursor (`declare … no scroll cursor`, then `fetch forward n` until it is
 * exhausted, then `close`), inside the unit of work's transaction: one query plan and one sort for the whole read,
 * the rows as of the cursor's snapshot, a batch in memory at a time (and the next one on its way). The transaction is the one open when `listings`
 * is called (it is captured then, as the batches are pulled later from stream callbacks, outside that async context).
 * See ADR 0023 for why a cursor rather than pages by id.
 */
export class SqlInventoryReader implements InventoryReader {
  constructor(private readonly orm: MikroORM) {}

  listings(sellerId: number, batchSize: number): AsyncIterable<readonly ExportedListing[]> {
    if (!Number.isSafeInteger(sellerId) || !Number.isSafeInteger(batchSize) || batchSize < 1) {
      throw new RangeError(`listings(${sellerId}, ${batchSize}): whole numbers expected`);
    }
    const em = currentEntityManager(this.orm);
    if (!em.getTransactionContext()) throw new Error('SqlInventoryReader.listings must run inside a unit of work');
    return read(em, `inventory_export_${++cursors}`, sellerId, batchSize);
  }
}

async function* read(em: EntityManager, cursor: string, sellerId: number, batchSize: number): AsyncIterable<readonly ExportedListing[]> {
  const trx = em.getTransactionContext();
  const run = (sql: string) => em.getConnection().execute<Row[]>(sql, [], 'all', trx);
  // The seller's id is a checked whole number: written into the statement, which DECLARE cannot take as a parameter.
  await run(
    `declare ${cursor} no scroll cursor for ` +
      'select id, release_id, status, condition, sleeve_condition, price_minor, currency, comments, allow_offers, ' +
      `external_id, location, weight, format_quantity from listing where seller_id = ${sellerId} and status <> 'Deleted' order by id`,
  );
  const fetch = () => {
    const rows = run(`fetch forward ${batchSize} from ${cursor}`);
    // Handled here too, so a failure while the caller is busy is not an unhandled rejection; awaited below all the same.
    rows.catch(() => undefined);
    return rows;
  };
  // One fetch ahead: the server reads and sends the next batch while the caller works on this one.
  let next: Promise<Row[]> | null = fetch();
  try {
    for (;;) {
      const rows: Row[] = await next;
      next = rows.length === batchSize ? fetch() : null;
      if (rows.length > 0) yield rows.map(listingFieldsOf);
      if (next === null) return;
    }
  } finally {
    // Closed on every way out (the last batch, an error, a reader that stopped); a failed transaction closes it anyway.
    await next?.catch(() => undefined);
    await run(`close ${cursor}`).catch(() => undefined);
  }
}
