import type { PGlite } from '@electric-sql/pglite';
import { PgliteCatalogueWriter } from '../../../adapters/persistence/catalogue/pglite-catalogue-writer.js';
import { PostgresCatalogueWriter } from '../../../adapters/persistence/catalogue/postgres-catalogue-writer.js';
import { releaseDocumentColumns, releaseForms, type ReleaseDocumentRow } from '../../../adapters/persistence/catalogue/release-forms.js';
import { unpackReleaseDocument } from '../../../adapters/persistence/catalogue/release-document-packing.js';
import type { SqlCatalogueWriteSession, SqlWriteOptions } from '../../../adapters/persistence/catalogue/sql-catalogue-write-session.js';
import type { SqlImportChannel } from '../../../adapters/persistence/catalogue/sql-import-channel.js';
import type { Database } from '../../../adapters/persistence/database.js';
import type { CatalogueWriter, DumpFileDate, ImportedFile } from '../../../application/ports/catalogue-writer.js';
import type { DumpKind } from '../../../application/ports/dump-reader.js';
import { decodePostings, noPostings, sortPostings, type DecodedPostings } from '../../../application/search/posting-codec.js';

/** Runs SQL on the test database (through the ORM's connection, outside any import). */
export async function sql<T = Record<string, unknown>>(db: Database, query: string): Promise<T[]> {
  return db.orm.em.fork().getConnection().execute<T[]>(query);
}

/** The template of a release's document as its row stores it (in any of its forms), or undefined without the row. */
export async function storedTemplate(db: Database, id: number): Promise<string | undefined> {
  const [row] = await sql<ReleaseDocumentRow>(db, `SELECT ${releaseDocumentColumns()} FROM release WHERE id = ${id}`);
  return row && releaseForms(row).template();
}

/**
 * Turns every packed template back into text (`document`), the form of rows written before templates were packed
 * (ADR 0066): what a catalogue imported by an older version holds.
 */
export async function unpackStoredTemplates(db: Database): Promise<number> {
  const rows = await sql<{ id: number; packed_document: Uint8Array }>(
    db,
    'SELECT id, packed_document FROM release WHERE packed_document IS NOT NULL',
  );
  for (const row of rows) {
    const text = unpackReleaseDocument(row.packed_document).replace(/'/g, "''");
    await sql(db, `UPDATE release SET document = '${text}', packed_document = NULL WHERE id = ${row.id}`);
  }
  return rows.length;
}

/** Every row of the catalogue tables, in a stable order; timestamps as text unless left out. */
export async function catalogueSnapshot(db: Database, options: { timestamps?: boolean } = {}): Promise<unknown> {
  const ts = options.timestamps === false ? '' : ', date_added::text AS date_added, date_changed::text AS date_changed';
  const importedAt = options.timestamps === false ? '' : ', imported_at::text AS imported_at';
  return {
    artist: await sql(db, `SELECT id, name, data${ts} FROM artist ORDER BY id`),
    label: await sql(db, `SELECT id, name, data${ts} FROM label ORDER BY id`),
    master: await sql(db, `SELECT id, title, year, main_release, data${ts} FROM master ORDER BY id`),
    release: await sql(
      db,
      `SELECT id, title, status, year, released, country, master_id, is_main_release, artist, label, catno, format,
              format_details, major_formats, thumb, data, document,
              encode(packed_document, 'base64') AS packed_document${ts} FROM release ORDER BY id`,
    ),
    releaseArtist: await sql(
      db,
      `SELECT release_id, artist_id, role, master_entry, entry_id, entry_year, entry_title, entry_format
         FROM release_artist ORDER BY 1, 2, 3`,
    ),
    releaseLabel: await sql(db, 'SELECT release_id, position, label_id, catno FROM release_label ORDER BY 1, 2'),
    searchEntry: await sql(db, `SELECT kind, id, community_release, result::text AS result FROM search_entry ORDER BY kind, id`),
    searchPostings: await searchPostings(db),
    searchWord: (await sql<{ word: string }>(db, 'SELECT word FROM search_word ORDER BY word')).map((r) => r.word),
    searchPopularity: await sql(db, 'SELECT kind, block, pops::text AS pops FROM search_popularity ORDER BY kind, block'),
    dumpImport: await sql(
      db,
      `SELECT kind, dump_date::text AS dump_date, file${importedAt} FROM dump_import
       ORDER BY kind, dump_date, file, imported_at`,
    ),
  };
}

/**
 * The `release_artist` rows whose list keys are not what the stored records make them: the release's master when it
 * is stored (its year and title, its main release's format), else the release's own. Empty when the import kept
 * them right.
 */
export async function staleListKeys(db: Database): Promise<unknown[]> {
  return sql(
    db,
    `SELECT ra.release_id, ra.artist_id, ra.role FROM release_artist ra
       JOIN release r ON r.id = ra.release_id
       LEFT JOIN master m ON m.id = r.master_id
       LEFT JOIN release mr ON mr.id = m.main_release
      WHERE (ra.master_entry, ra.entry_id, ra.entry_year, ra.entry_title, ra.entry_format) IS DISTINCT FROM
            (m.id IS NOT NULL, coalesce(m.id, r.id), coalesce(m.year, r.year), coalesce(m.title, r.title),
             CASE WHEN m.id IS NULL THEN r.format ELSE coalesce(mr.format, '') END)
      ORDER BY 1, 2, 3`,
  );
}

/**
 * The search index's postings as lists, whatever rows they came in: `kind token` → `id:grade` in id order (rows of
 * one key written apart, by two workers or two imports, are merged as a search merges them).
 */
export async function searchPostings(db: Database): Promise<Record<string, string[]>> {
  const rows = await sql<{ kind: number; token: string; block: number; postings: Uint8Array }>(
    db,
    'SELECT kind, token, block, postings FROM search_posting ORDER BY kind, token, block, part',
  );
  const lists = new Map<string, Map<number, DecodedPostings>>();
  for (const r of rows) {
    const key = `${r.kind} ${r.token}`;
    let blocks = lists.get(key);
    if (!blocks) lists.set(key, (blocks = new Map()));
    let list = blocks.get(Number(r.block));
    if (!list) blocks.set(Number(r.block), (list = noPostings()));
    decodePostings(Number(r.block), r.postings, list);
  }
  const out: Record<string, string[]> = {};
  for (const key of [...lists.keys()].sort()) {
    out[key] = [...lists.get(key)!.entries()]
      .sort((a, b) => a[0] - b[0])
      .flatMap(([, list]) => {
        sortPostings(list);
        return Array.from({ length: list.length }, (_, i) => `${list.ids[i]}:${list.grades[i]}`);
      });
  }
  return out;
}

/** Empties the catalogue tables (search entries included) and the record of the dumps imported. */
export async function emptyCatalogue(db: Database): Promise<void> {
  await sql(
    db,
    'TRUNCATE artist, label, master, release, release_artist, release_label, artist_list, artist_list_entry, artist_list_anchor, search_entry, search_posting, search_word, search_popularity, dump_import',
  );
}

/** The table each kind of dump fills. */
const TABLE: Readonly<Record<DumpKind, string>> = {
  artists: 'artist',
  labels: 'label',
  masters: 'master',
  releases: 'release',
};

/** What a writer saw inside the transaction of one session, counted with the session's own connection. */
export interface TransactionView {
  readonly kind: DumpKind;
  /** COPYs into the kind's table (rounds of new records) and into its staging table (rounds of stored ones). */
  readonly copies: number;
  /** Rows of the kind's table, just before the rollback. */
  readonly rows: number;
  /** Of them, rows inserted or updated by this transaction (their `xmin` is its id). */
  readonly writtenHere: number;
}

/** What an `ObservedWriter` saw: sessions begun, a view of each transaction rolled back, and the SQL sent. */
export interface WriterObservations {
  begun: number;
  readonly rolledBack: TransactionView[];
  /** Every query sent through a session's channel (not the COPYs), in order. */
  readonly queries: string[];
}

/**
 * Wraps a session's channel and end so that, just before a rollback, the rows the transaction wrote are counted
 * through the transaction's own connection (nothing else can see them).
 */
function observe(
  kind: DumpKind,
  channel: SqlImportChannel,
  finish: (commit: boolean) => Promise<void>,
  seen: WriterObservations,
): { channel: SqlImportChannel; finish: (commit: boolean) => Promise<void> } {
  seen.begun++;
  let copies = 0;
  return {
    channel: {
      query: (text) => {
        seen.queries.push(text);
        return channel.query(text);
      },
      copy: (table, columns, data) => {
        if (table === TABLE[kind] || table === `import_${TABLE[kind]}`) copies++;
        return channel.copy(table, columns, data);
      },
      checkpoint: () => channel.checkpoint(),
    },
    finish: async (commit) => {
      if (!commit) {
        const [row] = await channel.query(
          `SELECT count(*)::int AS rows, (count(*) FILTER (WHERE xmin = pg_current_xact_id()::xid))::int AS here ` +
            `FROM "${TABLE[kind]}"`,
        );
        seen.rolledBack.push({ kind, copies, rows: Number(row!.rows), writtenHere: Number(row!.here) });
      }
      await finish(commit);
    },
  };
}

class ObservedPgliteWriter extends PgliteCatalogueWriter {
  constructor(
    pglite: PGlite,
    options: SqlWriteOptions,
    private readonly seen: WriterObservations,
  ) {
    super(pglite, options);
  }

  protected override startSession(
    kind: DumpKind,
    channel: SqlImportChannel,
    finish: (commit: boolean) => Promise<void>,
    dump: DumpFileDate | undefined,
    file?: ImportedFile,
  ): Promise<SqlCatalogueWriteSession> {
    const o = observe(kind, channel, finish, this.seen);
    return super.startSession(kind, o.channel, o.finish, dump, file);
  }
}

class ObservedPostgresWriter extends PostgresCatalogueWriter {
  constructor(
    url: string,
    options: SqlWriteOptions,
    private readonly seen: WriterObservations,
  ) {
    super(url, options);
  }

  protected override startSession(
    kind: DumpKind,
    channel: SqlImportChannel,
    finish: (commit: boolean) => Promise<void>,
    dump: DumpFileDate | undefined,
    file?: ImportedFile,
  ): Promise<SqlCatalogueWriteSession> {
    const o = observe(kind, channel, finish, this.seen);
    return super.startSession(kind, o.channel, o.finish, dump, file);
  }
}

/**
 * The catalogue writer of the test database (as `catalogueWriterFor` picks it), made to report what each session's
 * transaction held just before it was rolled back (test-only subclasses of the real writers).
 */
export function observedWriterFor(
  db: Database,
  options: SqlWriteOptions = {},
): { writer: CatalogueWriter; seen: WriterObservations } {
  const seen: WriterObservations = { begun: 0, rolledBack: [], queries: [] };
  if (db.location.kind === 'server') {
    return { writer: new ObservedPostgresWriter(db.location.url, options, seen), seen };
  }
  return { writer: new ObservedPgliteWriter(db.pglite!, options, seen), seen };
}
