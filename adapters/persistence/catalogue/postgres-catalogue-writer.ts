import { once } from 'node:events';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type {
  CatalogueWriter,
  CatalogueWriteSession,
  DumpFileDate,
  ImportedFile,
} from '../../../application/ports/catalogue-writer.js';
import type { DumpKind } from '../../../application/ports/dump-reader.js';
import { IMPORT_LOCK, SqlCatalogueWriteSession, type SqlWriteOptions } from './sql-catalogue-write-session.js';
import type { SqlImportChannel } from './sql-import-channel.js';

/**
 * Writes dump batches to a PostgreSQL server over a dedicated connection (not the ORM's pool): one transaction per
 * file, rows streamed with binary `COPY … FROM STDIN` (pg-copy-streams); see `SqlCatalogueWriteSession`.
 */
export class PostgresCatalogueWriter implements CatalogueWriter {
  constructor(
    private readonly url: string,
    private readonly options: SqlWriteOptions = {},
  ) {}

  async begin(kind: DumpKind, dump?: DumpFileDate, file?: ImportedFile): Promise<CatalogueWriteSession> {
    const client = new pg.Client({ connectionString: this.url });
    // A connection lost between queries would otherwise be an unhandled 'error' event; the next query fails instead.
    client.on('error', () => undefined);
    await client.connect();
    let open = true;
    const finish = async (commit: boolean): Promise<void> => {
      if (!open) return;
      open = false;
      try {
        await client.query(commit ? 'COMMIT' : 'ROLLBACK');
      } finally {
        await client.end().catch(() => undefined);
      }
    };
    try {
      // Staging rows stay in memory (temp_buffers can be set only before the session's first temporary table);
      // lz4, where the server has it, compresses the JSONB documents much faster than the default pglz.
      await client.query(`SET temp_buffers = '64MB'`);
      const lz4 = await client.query(
        `SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY(enumvals)`,
      );
      if (lz4.rowCount) await client.query(`SET default_toast_compression = 'lz4'`);
      // Held by the session until its connection closes, across the checkpoints' commits: another import waits for
      // this one's end, not for its next checkpoint (each transaction takes the same lock too).
      await client.query(`SELECT pg_advisory_lock(${IMPORT_LOCK})`);
      await client.query('BEGIN');
      const channel: SqlImportChannel = {
        query: async (sql) => (await client.query(sql)).rows,
        copy: async (table, columns, data) => {
          const list = columns.map((c) => `"${c}"`).join(', ');
          const stream = client.query(copyFrom(`COPY "${table}" (${list}) FROM STDIN WITH (FORMAT binary)`));
          const done = once(stream, 'finish');
          for (const chunk of data) stream.write(chunk);
          stream.end();
          await done;
        },
        checkpoint: async () => {
          await client.query('COMMIT');
          await client.query('BEGIN');
        },
      };
      return await this.startSession(kind, channel, finish, dump, file);
    } catch (err) {
      open = false;
      await client.end().catch(() => undefined);
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
