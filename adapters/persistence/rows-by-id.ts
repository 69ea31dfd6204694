import type pg from 'pg';

/**
 * A statement that reads rows by a list of ids: `$1` is an `int4[]` of distinct ids, and each row has the column `id`.
 * Named, so PostgreSQL plans it once per connection.
 */
export interface RowsByIdStatement {
  readonly name: string;
  readonly text: string;
}

export interface RowsByIdOptions {
  /** Most ids in one statement (default 100). */
  readonly maxBatch?: number;
  /** Most statements running at once (default 4); ids asked for meanwhile wait, and go together in the next one. */
  readonly maxInFlight?: number;
}

interface Waiter<Row> {
  readonly id: number;
  resolve(row: Row | undefined): void;
  reject(err: unknown): void;
}

/**
 * Rows read by id, the reads of one turn of the event loop joined into one statement (`where id = any($1)`), as a
 * "data loader" does. Under load, many requests ask for a row in the same turn: one statement for all of them costs
 * PostgreSQL and `pg` one round trip (bind, execute, row description, sync) instead of one each, which on a machine
 * shared with the database is most of the cost of a read by id. A read alone goes out at the end of its turn
 * (`setImmediate`), so it waits for nothing. While `maxInFlight` statements run, ids gather and go together when one
 * ends. An id asked for twice in a batch is read once; a failed statement fails every read in it.
 *
 * Rows come from the pool outside any transaction, as every read of the hot path does.
 */
export class RowsById<Row extends { readonly id: number }> {
  private readonly maxBatch: number;
  private readonly maxInFlight: number;
  private waiting: Waiter<Row>[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly statement: RowsByIdStatement,
    options: RowsByIdOptions = {},
  ) {
    this.maxBatch = Math.max(1, options.maxBatch ?? 100);
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 4);
  }

  /** The row of `id` (an int4: the caller rules out others), or undefined when there is none. */
  load(id: number): Promise<Row | undefined> {
    return new Promise<Row | undefined>((resolve, reject) => {
      this.waiting.push({ id, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.maxInFlight) return;
    this.scheduled = true;
    setImmediate(this.flush);
  }

  private readonly flush = (): void => {
    this.scheduled = false;
    while (this.waiting.length > 0 && this.inFlight < this.maxInFlight) this.send();
  };

  private send(): void {
    let batch: Waiter<Row>[];
    if (this.waiting.length <= this.maxBatch) {
      batch = this.waiting;
      this.waiting = [];
    } else {
      batch = this.waiting.splice(0, this.maxBatch);
    }
    const ids: number[] = [];
    const seen = new Set<number>();
    for (const w of batch) {
      if (seen.has(w.id)) continue;
      seen.add(w.id);
      ids.push(w.id);
    }
    this.inFlight++;
    this.pool.query<Row, [number[]]>({ name: this.statement.name, text: this.statement.text, values: [ids] }).then(
      ({ rows }) => {
        this.done();
        if (rows.length === 1 && ids.length === 1) {
          for (const w of batch) w.resolve(rows[0]);
          return;
        }
        const byId = new Map<number, Row>();
        for (const row of rows) byId.set(Number(row.id), row);
        for (const w of batch) w.resolve(byId.get(w.id));
      },
      (err: unknown) => {
        this.done();
        for (const w of batch) w.reject(err);
      },
    );
  }

  private done(): void {
    this.inFlight--;
    if (this.waiting.length > 0) this.schedule();
  }
}
