import type { PGlite, Transaction } from '@electric-sql/pglite';
import type {
  CatalogueWriter,
  CatalogueWriteSession,
  DumpFileDate,
} from '../../../application/ports/catalogue-writer.js';
import type { DumpKind } from '../../../application/ports/dump-reader.js';
import { SqlCatalogueWriteSession, type SqlWriteOptions } from './sql-catalogue-write-session.js';
import type { SqlImportChannel } from './sql-import-channel.js';

/**
 * Writes dump batches to the embedded PGlite database. PGlite is one session, so the whole file runs inside one
 * `PGlite.transaction` (which holds PGlite's lock: other queries wait for the import rather than join its
 * transaction), and COPY data is handed over as a Blob (`COPY … FROM '/dev/blob' WITH (FORMAT binary)`).
 */
export class PgliteCatalogueWriter implements CatalogueWriter {
  constructor(
    private readonly pglite: PGlite,
    private readonly options: SqlWriteOptions = {},
  ) {}

  async begin(kind: DumpKind, dump?: DumpFileDate): Promise<CatalogueWriteSession> {
    let decide!: (commit: boolean) => void;
    const decision = new Promise<boolean>((resolve) => {
      decide = resolve;
    });
    let started!: (tx: Transaction) => void;
    const ready = new Promise<Transaction>((resolve) => {
      started = resolve;
    });
    const done = this.pglite.transaction(async (tx) => {
      started(tx);
      if (!(await decision)) await tx.rollback();
    });
    const tx = await Promise.race([ready, done.then(() => Promise.reject(new Error('The transaction ended early')))]);
    let open = true;
    const finish = async (commit: boolean): Promise<void> => {
      if (!open) return;
      open = false;
      decide(commit);
      await done;
    };
    const channel: SqlImportChannel = {
      query: async (sql) => (await tx.query<Record<string, unknown>>(sql)).rows,
      copy: async (table, columns, data) => {
        const list = columns.map((c) => `"${c}"`).join(', ');
        await tx.query(`COPY "${table}" (${list}) FROM '/dev/blob' WITH (FORMAT binary)`, [], {
          blob: new Blob(data as Buffer[]),
        });
      },
    };
    try {
      return await this.startSession(kind, channel, finish, dump);
    } catch (err) {
      await finish(false).catch(() => undefined);
      throw err;
    }
  }

  /** Starts the session on the channel of its transaction; tests override it to look inside the transaction. */
  protected startSession(
    kind: DumpKind,
    channel: SqlImportChannel,
    finish: (commit: boolean) => Promise<void>,
    dump: DumpFileDate | undefined,
  ): Promise<SqlCatalogueWriteSession> {
    return SqlCatalogueWriteSession.start(kind, channel, finish, dump, this.options);
  }
}
