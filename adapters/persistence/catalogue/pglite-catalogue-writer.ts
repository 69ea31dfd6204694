import type { PGlite, Transaction } from '@electric-sql/pglite';
import type {
  CatalogueWriter,
  CatalogueWriteSession,
  DumpFileDate,
  ImportedFile,
} from '../../../application/ports/catalogue-writer.js';
import type { DumpKind } from '../../../application/ports/dump-reader.js';
import { SqlCatalogueWriteSession, type SqlWriteOptions } from './sql-catalogue-write-session.js';
import type { SqlImportChannel } from './sql-import-channel.js';

/** One `PGlite.transaction` held open until it is told to commit or roll back. */
interface OpenTransaction {
  readonly tx: Transaction;
  readonly end: (commit: boolean) => Promise<void>;
}

async function openTransaction(pglite: PGlite): Promise<OpenTransaction> {
  let decide!: (commit: boolean) => void;
  const decision = new Promise<boolean>((resolve) => {
    decide = resolve;
  });
  let started!: (tx: Transaction) => void;
  const ready = new Promise<Transaction>((resolve) => {
    started = resolve;
  });
  const done = pglite.transaction(async (tx) => {
    started(tx);
    if (!(await decision)) await tx.rollback();
  });
  const tx = await Promise.race([ready, done.then(() => Promise.reject(new Error('The transaction ended early')))]);
  return {
    tx,
    end: async (commit) => {
      decide(commit);
      await done;
    },
  };
}

/**
 * The import sessions running on each PGlite instance, one after another: an import's checkpoints commit and begin
 * again, and another import of the process must not slip in between (PostgreSQL sessions hold a session-level lock
 * for that; PGlite is one session, whose advisory locks never make it wait).
 */
const running = new WeakMap<PGlite, Promise<void>>();

/**
 * Writes dump batches to the embedded PGlite database. PGlite is one session, so the whole file runs inside one
 * `PGlite.transaction` (which holds PGlite's lock: other queries wait for the import rather than join its
 * transaction), or one per checkpoint, and COPY data is handed over as a Blob (`COPY … FROM '/dev/blob' WITH (FORMAT
 * binary)`).
 */
export class PgliteCatalogueWriter implements CatalogueWriter {
  constructor(
    private readonly pglite: PGlite,
    private readonly options: SqlWriteOptions = {},
  ) {}

  async begin(kind: DumpKind, dump?: DumpFileDate, file?: ImportedFile): Promise<CatalogueWriteSession> {
    const before = running.get(this.pglite) ?? Promise.resolve();
    let ended!: () => void;
    const thisOne = new Promise<void>((resolve) => {
      ended = resolve;
    });
    running.set(this.pglite, before.then(() => thisOne));
    await before;
    let current: OpenTransaction;
    try {
      current = await openTransaction(this.pglite);
    } catch (err) {
      ended();
      throw err;
    }
    let open = true;
    const finish = async (commit: boolean): Promise<void> => {
      if (!open) return;
      open = false;
      try {
        await current.end(commit);
      } finally {
        ended();
      }
    };
    const channel: SqlImportChannel = {
      query: async (sql) => (await current.tx.query<Record<string, unknown>>(sql)).rows,
      copy: async (table, columns, data) => {
        const list = columns.map((c) => `"${c}"`).join(', ');
        await current.tx.query(`COPY "${table}" (${list}) FROM '/dev/blob' WITH (FORMAT binary)`, [], {
          blob: new Blob(data as Buffer[]),
        });
      },
      checkpoint: async () => {
        await current.end(true);
        current = await openTransaction(this.pglite);
      },
    };
    try {
      return await this.startSession(kind, channel, finish, dump, file);
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
    file?: ImportedFile,
  ): Promise<SqlCatalogueWriteSession> {
    return SqlCatalogueWriteSession.start(kind, channel, finish, dump, this.options, file);
  }
}
