import type {
  CatalogueWriteSession,
  DumpFileDate,
  ImportedFile,
  ResumePoint,
  WriteCounts,
} from '../../../application/ports/catalogue-writer.js';
import type { DumpBatch, DumpKind, EncodedBatch } from '../../../application/ports/dump-reader.js';
import { BinaryCopyBuffer } from './binary-copy-buffer.js';
import { ArtistListKeys } from './artist-list-keys.js';
import { type DeferredIndex, DeferredIndexes } from './deferred-indexes.js';
import type { SqlImportChannel } from './sql-import-channel.js';
import { intArray, literal } from './import-literals.js';
import {
  ARTIST_COLUMNS,
  LABEL_COLUMNS,
  MASTER_COLUMNS,
  RELEASE_COLUMNS,
  RELEASE_LABEL_COLUMNS,
  SEARCH_ENTRY_COLUMNS,
} from './catalogue-copy-rows.js';
import {
  CATALOGUE_ROW_ENCODER,
  CATALOGUE_ROW_ENCODER_WITHOUT_SEARCH,
  createRecordEncoder,
  type EncodedRows,
  type RowEncoder,
} from './catalogue-row-encoder.js';
import type { RecordEncoder } from '../../../application/ports/dump-reader.js';
import { PostingAccumulator, SEARCH_POSTING_COLUMNS, TokenTable } from '../search/posting-accumulator.js';
import { compactBlock } from '../search/posting-compaction.js';
import { BLOCK_BITS, BLOCK_SIZE, blockOf, KIND_CODES } from '../../../application/search/posting-codec.js';

export interface SqlWriteOptions {
  /** Records sent to the database at a time (default 2,000). */
  readonly flushRecords?: number;
  /** Or fewer, once their rows take this many bytes (default 4 MB). */
  readonly flushBytes?: number;
  /**
   * Whether tables that are empty when a file starts are loaded without their indexes, which are built at the end
   * (default true; see `DeferredIndexes`).
   */
  readonly deferIndexes?: boolean;
  /**
   * The rows of an old block of the search index read at a time when it is compacted (default 2,000), and the bytes of
   * rows written back at a time (default 4 MB): small values are for tests.
   */
  readonly compaction?: { readonly rows: number; readonly bytes: number };
  /**
   * Whether the search index is written with the records (default true): each record's `search_entry`, its postings
   * (`search_posting`) and new words (`search_word`). Off only to measure what keeping the search index costs (the
   * import benchmark's `--no-search-index`): the index is then stale.
   */
  readonly searchIndex?: boolean;
  /** Artist lists longer than this are kept apart, with anchors about this many entries apart (default 1,000). */
  readonly longList?: number;
  /**
   * Imports of at least this many records take the planner's statistics of the tables they wrote again before the
   * commit (default 10,000; smaller ones are left to autovacuum; see `analyze`).
   */
  readonly analyzeAfter?: number;
  /**
   * An import given its file's identity commits a checkpoint at the first boundary of a block of ids (16,384: the
   * search index's, so that no block's postings straddle two transactions) after this many records (default 50,000;
   * 0: never, the file is one transaction). See `checkpoint`.
   */
  readonly checkpointRecords?: number;
}

/** Records between checkpoints, unless told (see `SqlWriteOptions.checkpointRecords`). */
export const CHECKPOINT_RECORDS = 50_000;

interface TableSpec {
  readonly table: string;
  /** The kind's name in `search_entry` and its code in `search_posting`. */
  readonly searchKind: keyof typeof KIND_CODES;
  /**
   * Whether the kind's records have `search_entry` rows: not releases, whose results a search reads from their own
   * rows (see `SqlCatalogueSearch`).
   */
  readonly searchEntries: boolean;
  readonly staging: string;
  readonly columns: readonly string[];
  /** The other tables a file of the kind fills (the links of releases). */
  readonly links: readonly string[];
  /** The column holding the record's document: a stored record changes when it does. */
  readonly document: string;
  /**
   * The columns an update empties: the older forms of a release's document that its packed template replaces (the
   * compact document of rows written before templates, the template of rows written before packing).
   */
  readonly clears?: readonly string[];
}

const TABLES: Readonly<Record<DumpKind, TableSpec>> = {
  artists: { table: 'artist', searchKind: 'artist', searchEntries: true, staging: 'import_artist', columns: ARTIST_COLUMNS, links: [], document: 'data' },
  labels: { table: 'label', searchKind: 'label', searchEntries: true, staging: 'import_label', columns: LABEL_COLUMNS, links: [], document: 'data' },
  masters: { table: 'master', searchKind: 'master', searchEntries: true, staging: 'import_master', columns: MASTER_COLUMNS, links: [], document: 'data' },
  releases: {
    table: 'release',
    searchKind: 'release',
    searchEntries: false,
    staging: 'import_release',
    columns: RELEASE_COLUMNS,
    links: ['release_artist', 'release_label'],
    document: 'packed_document',
    clears: ['data', 'document'],
  },
};

/**
 * Vocabulary words an import remembers as written (their UTF-8 bytes: a few megabytes), before it empties that memory
 * (and may write some again: the words' table ignores a word it has).
 */
const WORDS_REMEMBERED = 200_000;

/** Imports of at least this many records take the statistics of the tables they wrote again (see `analyze`). */
const ANALYZE_AFTER = 10_000;

/**
 * Every import takes this transaction-level advisory lock, so two imports never interleave their upserts; the
 * PostgreSQL writer also holds it for the whole session (a session-level lock), across its checkpoints' commits.
 */
export const IMPORT_LOCK = 0x5_d15c_06;

/** A stored checkpoint (see `ImportCheckpointRow`). */
interface Checkpoint {
  readonly file: string;
  readonly size: number;
  readonly head: string;
  readonly records: number;
  readonly inserted: number;
  readonly updated: number;
  readonly written: number;
  readonly postingPart: number;
  readonly deferred: readonly DeferredIndex[];
  readonly savedAt: string;
  /** When the import finished (ISO 8601), or null for one stopped part-way. */
  readonly finishedAt: string | null;
}

const q = (name: string): string => `"${name}"`;
const NONE: ReadonlySet<number> = new Set();
/** A timestamp column as ISO 8601 text in UTC (null stays null). */
const iso = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * One round of writes: its records' rows, copied as they come into buffers that are reused round after round (the
 * encoded rows that came from a worker thread then die young, which the garbage collector likes).
 */
class Round {
  readonly ids = new Set<number>();
  /** The id of each row, in row order. */
  readonly order: number[] = [];
  /** The smallest and largest id in the round. */
  min = Infinity;
  max = 0;
  readonly rows = new BinaryCopyBuffer();
  readonly artistLinks = new BinaryCopyBuffer(1 << 16);
  readonly labelLinks = new BinaryCopyBuffer(1 << 16);
  readonly search = new BinaryCopyBuffer(1 << 18);
  /** `search_posting` rows and the block of each; `search_word` rows. */
  readonly postings = new BinaryCopyBuffer(1 << 18);
  readonly postingBlocks: number[] = [];
  readonly words = new BinaryCopyBuffer(1 << 12);

  /** Adds records `from`…`to` (exclusive) of encoded rows. */
  add(e: EncodedRows, from: number, to: number): void {
    this.rows.appendRows(e.rows, e.rowEnds, from, to);
    this.artistLinks.appendRows(e.artistLinks, e.artistLinkEnds, from, to);
    this.labelLinks.appendRows(e.labelLinks, e.labelLinkEnds, from, to);
    this.search.appendRows(e.search, e.searchEnds, from, to);
  }

  /** Where the posting rows of the blocks that end while this round is filled go. */
  readonly postingOutput = { rows: this.postings, blocks: this.postingBlocks };

  clear(): void {
    this.ids.clear();
    this.order.length = 0;
    this.min = Infinity;
    this.max = 0;
    this.rows.clear();
    this.artistLinks.clear();
    this.labelLinks.clear();
    this.search.clear();
    // A block's posting rows come every 16,384 ids, megabytes at once: not kept for the rounds in between.
    this.postings.clear(1 << 18);
    this.postingBlocks.length = 0;
    this.words.clear();
  }
}

/**
 * The write path shared by the PostgreSQL and PGlite writers, which differ only in how COPY data reaches the
 * database. Records come encoded as binary COPY rows (`CATALOGUE_ROW_ENCODER`, which the reader applies on its
 * worker threads; batches of records are encoded here) and are sent in rounds of a few thousand; a round is sent
 * while the caller reads the next one, and its buffers are reused. Per round: the ids already stored are looked up
 * (unless every id of the round is above the largest stored, as in a first import of a dump, which comes in id
 * order); new records are COPYed straight into their table, records already stored go through a temporary staging
 * table and one `INSERT … SELECT … ON CONFLICT (id) DO UPDATE` that changes a row (and its `date_changed`) only when
 * its data differ, keeping `date_added`, and returns the ids it changed. The rows derived from a record (a release's
 * links, the others' search entries) are written for the round's new records and replaced for its changed ones; an
 * unchanged record's stay (a monthly re-import changes a few percent of a dump: ADR 0004). Tables that are empty
 * when the file starts are filled without their indexes, built before the commit (`DeferredIndexes`).
 * A dated dump file is recorded in `dump_import` just before the commit.
 *
 * The search index (ADR 0017): each record's `search_entry` (but a release's: a search reads a release's result from
 * its row) goes with it like a link row; the workers' posting rows
 * go straight into `search_posting`, except those of blocks of ids that held postings of the kind before this import,
 * which wait in a staging table: before the commit, each such block is compacted (`compactBlock`: the re-imported
 * records' old postings dropped, one row per token written back). New vocabulary words are gathered in a staging
 * table and added to `search_word` at the end; so is the popularity of entries whose release is in collections.
 */
export class SqlCatalogueWriteSession implements CatalogueWriteSession {
  readonly encoder: RecordEncoder;
  private inserted = 0;
  private updated = 0;
  private written = 0;
  private round = new Round();
  private readonly free: Round[] = [];
  private sending: Promise<void> = Promise.resolve();
  private readonly spec: TableSpec;
  private readonly upsert: string;
  private readonly flushRecords: number;
  private readonly flushBytes: number;
  /**
   * The encoder of batches of records, made for the first such batch: when the reader encodes on its workers (a
   * dump's usual path) none comes, and an encoder holds megabytes of buffers and token tables.
   */
  private recordEncoder: RowEncoder | undefined;
  private readonly searchIndex: boolean;
  /** The postings of the current block of ids, and the vocabulary words written already (a bounded memory). */
  private readonly postings: PostingAccumulator | undefined;
  private readonly wordsWritten = new TokenTable();
  /** The ids written in each old block (see `oldBlocks`), as bits. */
  private readonly rewritten = new Map<number, Uint32Array>();
  readonly resumed: ResumePoint | undefined;
  readonly droppedCheckpoint: string | undefined;
  readonly imported: string | undefined;
  /** Records given to `write` so far, in file order (the ones left out when resuming included). */
  private consumed = 0;
  /** The records at the head of the file a stopped import wrote already (left out), and those since the last checkpoint. */
  private readonly skip: number;
  private sinceCheckpoint = 0;
  /** The records at the head of the file committed (see `CatalogueWriteSession.committed`). */
  committed: number;
  private readonly checkpointRecords: number;
  /** The id of the last record added (-1: none yet). */
  private lastId = -1;

  private constructor(
    private readonly kind: DumpKind,
    private readonly channel: SqlImportChannel,
    private readonly finish: (commit: boolean) => Promise<void>,
    private readonly dump: DumpFileDate | undefined,
    /** The largest id stored (0 when none), as far as this session knows: rounds above it need no look-up. */
    private highest: number,
    /** The indexes left out until the end, if the tables were empty. */
    private deferred: DeferredIndexes | undefined,
    /** The artist lists' keys and anchors, for an import of releases or masters. */
    private readonly lists: ArtistListKeys | undefined,
    /** The blocks of ids that held postings of the kind when the import started (see `compactBlock`). */
    private readonly oldBlocks: ReadonlySet<number>,
    private readonly options: SqlWriteOptions,
    private readonly file: ImportedFile | undefined,
    stored: { readonly resume?: Checkpoint; readonly dropped?: string; readonly imported?: string },
  ) {
    this.imported = stored.imported;
    this.spec = TABLES[kind];
    const resume = stored.resume;
    this.resumed = resume && { records: resume.records, savedAt: resume.savedAt };
    this.droppedCheckpoint = stored.dropped;
    this.skip = resume?.records ?? 0;
    this.committed = this.skip;
    if (resume) {
      this.inserted = resume.inserted;
      this.updated = resume.updated;
      this.written = resume.written;
    }
    this.checkpointRecords = file ? (options.checkpointRecords ?? CHECKPOINT_RECORDS) : 0;
    this.flushRecords = options.flushRecords ?? 2_000;
    this.flushBytes = options.flushBytes ?? 4_000_000;
    this.searchIndex = options.searchIndex !== false;
    this.encoder = this.searchIndex ? CATALOGUE_ROW_ENCODER : CATALOGUE_ROW_ENCODER_WITHOUT_SEARCH;
    this.postings = this.searchIndex ? new PostingAccumulator(this.spec.searchKind, resume?.postingPart) : undefined;
    const cols = this.spec.columns.map(q).join(', ');
    const set = this.spec.columns
      .filter((c) => c !== 'id')
      .map((c) => `${q(c)} = excluded.${q(c)}`)
      .concat((this.spec.clears ?? []).map((c) => `${q(c)} = NULL`))
      .join(', ');
    const doc = q(this.spec.document);
    // A release stored in an older form (compact document, or template not packed) counts as changed once.
    this.upsert =
      `INSERT INTO ${q(this.spec.table)} AS t (${cols}) SELECT ${cols} FROM ${this.spec.staging} ` +
      `ON CONFLICT (id) DO UPDATE SET ${set}, date_changed = now() ` +
      `WHERE t.${doc}::text IS DISTINCT FROM excluded.${doc}::text ` +
      `RETURNING t.id`;
  }

  /**
   * Takes the import lock and creates the staging table inside the transaction the channel is in; when the kind's
   * tables are empty, drops their indexes until the end (see `DeferredIndexes`).
   */
  static async start(
    kind: DumpKind,
    channel: SqlImportChannel,
    finish: (commit: boolean) => Promise<void>,
    dump: DumpFileDate | undefined,
    options: SqlWriteOptions = {},
    file?: ImportedFile,
  ): Promise<SqlCatalogueWriteSession> {
    const { table, links } = TABLES[kind];
    const searchIndex = options.searchIndex !== false;
    await SqlCatalogueWriteSession.prepare(channel, kind, searchIndex);
    // A checkpoint of the kind: resumed when it is this file's, else dropped (its indexes left out are this import's
    // to build: they are not there).
    // (The row of a finished import tells only whether this file is the last one imported.)
    const last = await SqlCatalogueWriteSession.storedCheckpoint(channel, kind);
    const same =
      last !== undefined && file !== undefined && file.restart !== true &&
      last.file === file.identity.name && last.size === file.identity.size && last.head === file.identity.head;
    const stored = last?.finishedAt === null ? last : undefined;
    const resume = same ? stored : undefined;
    if (stored && !same) await channel.query(`DELETE FROM import_checkpoint WHERE kind = ${literal(kind)}`);
    const linked = links.map((t) => ` OR EXISTS (SELECT 1 FROM ${q(t)})`).join('');
    const [state] = await channel.query(
      `SELECT coalesce(max(id), 0) AS highest, (false${linked}) AS linked FROM ${q(table)}`,
    );
    const highest = Number(state!.highest);
    const empty = highest === 0 && state!.linked !== true;
    const lists = await ArtistListKeys.start(channel, kind, options.longList);
    await lists?.adopt(resume !== undefined);
    const oldBlocks = new Set<number>();
    if (searchIndex) {
      // Every record holds the token '*': its rows tell the blocks that hold postings of the kind.
      const rows = await channel.query(
        `SELECT DISTINCT block FROM search_posting WHERE kind = ${KIND_CODES[TABLES[kind].searchKind]} AND token = '*'`,
      );
      for (const r of rows) oldBlocks.add(Number(r.block));
    }
    // The search index of the other kinds is indexed again with this kind's, from all the rows at once (the words'
    // primary key stays: new words are added to them by it); the entries only when the kind writes any.
    const search = searchIndex ? [...(TABLES[kind].searchEntries ? ['search_entry'] : []), 'search_posting', 'search_word'] : [];
    const deferred = stored
      ? DeferredIndexes.restore(channel, stored.deferred)
      : empty && oldBlocks.size === 0 && options.deferIndexes !== false
        ? await DeferredIndexes.drop(channel, [table, ...links, ...search], [table, ...(searchIndex ? ['search_word'] : [])])
        : undefined;
    return new SqlCatalogueWriteSession(kind, channel, finish, dump, highest, deferred, lists, oldBlocks, options, file, {
      ...(resume ? { resume } : {}),
      ...(stored && !same ? { dropped: stored.file } : {}),
      ...(same && last.finishedAt !== null ? { imported: last.finishedAt } : {}),
    });
  }

  /** The import lock and the temporary tables of each of the session's transactions (a checkpoint's commit drops them). */
  private static async prepare(channel: SqlImportChannel, kind: DumpKind, searchIndex: boolean): Promise<void> {
    const { table, staging, columns } = TABLES[kind];
    await channel.query(`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`);
    await channel.query(
      `CREATE TEMPORARY TABLE ${staging} ON COMMIT DROP AS SELECT ${columns.map(q).join(', ')} FROM ${q(table)} WITH NO DATA`,
    );
    if (searchIndex) {
      await channel.query(
        `CREATE TEMPORARY TABLE import_posting ON COMMIT DROP AS SELECT ${SEARCH_POSTING_COLUMNS.map(q).join(', ')} ` +
          'FROM search_posting WITH NO DATA',
      );
      await channel.query('CREATE TEMPORARY TABLE import_word (word text COLLATE "C" NOT NULL) ON COMMIT DROP');
    }
  }

  private static async storedCheckpoint(channel: SqlImportChannel, kind: DumpKind): Promise<Checkpoint | undefined> {
    const [row] = await channel.query(
      'SELECT file, size::text AS size, head, records, inserted, updated, written, posting_part, ' +
        `deferred_indexes::text AS deferred, ${iso('saved_at')} AS saved_at, ${iso('finished_at')} AS finished_at ` +
        `FROM import_checkpoint WHERE kind = ${literal(kind)}`,
    );
    if (!row) return undefined;
    return {
      file: String(row.file),
      size: Number(row.size),
      head: String(row.head),
      records: Number(row.records),
      inserted: Number(row.inserted),
      updated: Number(row.updated),
      written: Number(row.written),
      postingPart: Number(row.posting_part),
      deferred: row.deferred === null ? [] : (JSON.parse(String(row.deferred)) as DeferredIndex[]),
      savedAt: String(row.saved_at),
      finishedAt: row.finished_at === null ? null : String(row.finished_at),
    };
  }

  async latestDump(): Promise<DumpFileDate | null> {
    const [row] = await this.channel.query(
      `SELECT file, to_char(dump_date, 'YYYY-MM-DD') AS date FROM dump_import WHERE kind = ${literal(this.kind)} ` +
        'ORDER BY dump_date DESC, id DESC LIMIT 1',
    );
    return row ? { file: String(row.file), date: String(row.date) } : null;
  }

  async write(batch: DumpBatch | EncodedBatch): Promise<void> {
    if (batch.kind !== this.kind) throw new Error(`A ${batch.kind} batch cannot be written to a ${this.kind} import`);
    const count = 'records' in batch ? batch.records.length : batch.count;
    const base = this.consumed;
    this.consumed += count;
    // (When resuming: the records a stopped import wrote are left out.)
    const first = Math.min(count, Math.max(0, this.skip - base));
    if (first === count) return;
    if ('records' in batch) {
      const encoder = (this.recordEncoder ??= createRecordEncoder(this.kind, this.searchIndex));
      for (let i = first; i < count; i++) encoder.add(batch.records[i]!);
      await this.add(encoder.take(), 0, base + first);
    } else {
      await this.add(batch.encoded as EncodedRows, first, base);
    }
  }

  /** Adds records `start`… of encoded rows, whose record 0 is record `base` of the file (from 0). */
  private async add(rows: EncodedRows, start: number, base: number): Promise<void> {
    const ids = rows.ids;
    let from = start;
    let posted = start;
    const every = this.checkpointRecords;
    for (let i = start; i < ids.length; i++) {
      const id = ids[i]!;
      if (every > 0 && this.sinceCheckpoint >= every && this.lastId >= 0 && blockOf(id) !== blockOf(this.lastId)) {
        // A block of ids ends here: what came before it is committed, with the checkpoint.
        if (i > from) this.round.add(rows, from, i);
        this.postings?.add(rows, posted, i, this.round.postingOutput);
        from = posted = i;
        await this.checkpoint(base + i);
      }
      this.lastId = id;
      this.sinceCheckpoint++;
      if (this.round.ids.has(id)) {
        // The same id again: the round so far goes first, so that this later version then updates it.
        if (i > from) this.round.add(rows, from, i);
        from = i;
        await this.flush();
      }
      this.round.ids.add(id);
      this.round.order.push(id);
      if (id < this.round.min) this.round.min = id;
      if (id > this.round.max) this.round.max = id;
    }
    if (ids.length > from) this.round.add(rows, from, ids.length);
    if (this.postings) {
      this.postings.add(rows, posted, ids.length, this.round.postingOutput);
      this.addWords(rows);
    }
    const r = this.round;
    if (r.order.length >= this.flushRecords || r.rows.byteLength + r.postings.byteLength >= this.flushBytes) {
      await this.flush();
    }
  }

  /**
   * Queues the current round behind the one being sent and resolves once that earlier one is done; its buffers then
   * take the next round.
   */
  private async flush(): Promise<void> {
    const round = this.round;
    if (round.order.length === 0 && round.postings.rowCount === 0 && round.words.rowCount === 0) return;
    const previous = this.sending;
    this.sending = previous.then(() => this.send(round));
    // A failure is reported by the next write or by commit; until then it must not count as unhandled.
    this.sending.catch(() => undefined);
    await previous;
    this.round = this.free.pop() ?? new Round();
  }

  private async send(round: Round): Promise<void> {
    const order = round.order;
    // Dumps come in id order: a round above every id stored so far is all new records (a first import), else the
    // stored ones are looked up.
    let existing = NONE;
    if (round.min <= this.highest) {
      const found = await this.channel.query(
        `SELECT id FROM ${q(this.spec.table)} WHERE id = ANY(${intArray(order)})`,
      );
      if (found.length > 0) existing = new Set(found.map((r) => Number(r.id)));
    }
    if (round.max > this.highest) this.highest = round.max;
    // Updating stored records deletes their links by release id: that needs the indexes.
    if (existing.size > 0) await this.buildIndexes();
    // The stored records whose document differs, which the upsert changed: with the new ones, the records whose
    // derived rows (links, search entry, list keys) are written. An unchanged record's are left as they are: they come
    // from its document alone, and what they take from other records (a master's list keys) is kept up to date when
    // those records change (see `ArtistListKeys`).
    let changed = NONE;
    if (existing.size === 0) {
      await this.channel.copy(this.spec.table, this.spec.columns, round.rows.chunks());
    } else {
      if (existing.size < order.length) {
        await this.channel.copy(this.spec.table, this.spec.columns, round.rows.chunks((i) => !existing.has(order[i]!)));
      }
      await this.channel.copy(this.spec.staging, this.spec.columns, round.rows.chunks((i) => existing.has(order[i]!)));
      const updated = await this.channel.query(this.upsert);
      await this.channel.query(`TRUNCATE ${this.spec.staging}`);
      if (updated.length > 0) changed = new Set(updated.map((r) => Number(r.id)));
      this.updated += changed.size;
    }
    // (Each record's link and search entry rows are a record of their buffer, in the round's order.)
    const writes = existing.size === 0 ? undefined : (i: number): boolean => !existing.has(order[i]!) || changed.has(order[i]!);
    // An unchanged record stored without its search entry (imported without the search index, or by a version from
    // before it) is given one: a re-import of the same dump still builds the index of such a catalogue.
    let unindexed = NONE;
    if (this.searchIndex && this.spec.searchEntries && existing.size > changed.size) {
      const kept = [...existing].filter((id) => !changed.has(id));
      const missing = await this.channel.query(
        `SELECT u.id FROM unnest(${intArray(kept)}) AS u(id) WHERE NOT EXISTS ` +
          `(SELECT 1 FROM search_entry e WHERE e.kind = ${literal(this.spec.searchKind)} AND e.id = u.id)`,
      );
      if (missing.length > 0) unindexed = new Set(missing.map((r) => Number(r.id)));
    }
    const entries = unindexed.size === 0 ? writes : (i: number): boolean => writes!(i) || unindexed.has(order[i]!);
    const written = writes ? order.filter((_, i) => writes(i)) : order;
    if (this.kind === 'releases') {
      if (changed.size > 0) {
        await this.lists?.removeLinks(changed);
        await this.channel.query(`DELETE FROM release_label WHERE release_id = ANY(${intArray(changed)})`);
      }
      if (written.length > 0) {
        const links = round.artistLinks.holdsRows(writes) ? round.artistLinks.chunks(writes) : undefined;
        await this.lists?.writeLinks(links, written, this.deferred !== undefined);
      }
      if (round.labelLinks.holdsRows(writes)) {
        await this.channel.copy('release_label', RELEASE_LABEL_COLUMNS, round.labelLinks.chunks(writes));
      }
    }
    if (this.kind === 'masters' && written.length > 0) await this.lists?.mastersWritten(written);
    if (this.searchIndex) {
      if (changed.size > 0 && this.spec.searchEntries) {
        await this.channel.query(
          `DELETE FROM search_entry WHERE kind = ${literal(this.spec.searchKind)} AND id = ANY(${intArray(changed)})`,
        );
      }
      if (round.search.holdsRows(entries)) {
        await this.channel.copy('search_entry', SEARCH_ENTRY_COLUMNS, round.search.chunks(entries));
      }
      await this.sendIndexRows(round);
    }
    this.inserted += order.length - existing.size;
    this.written += order.length;
    round.clear();
    this.free.push(round);
  }

  /** The words of encoded rows not written yet, as `search_word` rows of the round. */
  private addWords(rows: EncodedRows): void {
    const seen = this.wordsWritten;
    const out = this.round.words;
    const bytes = rows.words;
    const ends = rows.wordEnds;
    for (let i = 0; i < ends.length; i++) {
      const from = i === 0 ? 0 : ends[i - 1]!;
      const to = ends[i]!;
      if (seen.count >= WORDS_REMEMBERED) seen.clear();
      // (A text value in binary COPY is its UTF-8 bytes.)
      if (seen.add(bytes, from, to)) out.row(1).bytea(bytes, from, to - from);
    }
  }

  /**
   * The round's posting rows (those of old blocks to the staging table, to be compacted), its words (to the staging
   * table), and which ids of old blocks it wrote.
   */
  private async sendIndexRows(round: Round): Promise<void> {
    const old = this.oldBlocks;
    const blocks = round.postingBlocks;
    if (round.postings.rowCount > 0) {
      const staged = old.size === 0 ? 0 : blocks.filter((b) => old.has(b)).length;
      if (staged < blocks.length) {
        const direct = staged === 0 ? undefined : (i: number) => !old.has(blocks[i]!);
        await this.channel.copy('search_posting', SEARCH_POSTING_COLUMNS, round.postings.chunks(direct));
      }
      if (staged > 0) {
        await this.channel.copy('import_posting', SEARCH_POSTING_COLUMNS, round.postings.chunks((i) => old.has(blocks[i]!)));
      }
    }
    if (round.words.rowCount > 0) await this.channel.copy('import_word', ['word'], round.words.chunks());
    if (old.size > 0) {
      for (const id of round.order) {
        const block = id >>> BLOCK_BITS;
        if (!old.has(block)) continue;
        let bits = this.rewritten.get(block);
        if (!bits) this.rewritten.set(block, (bits = new Uint32Array(BLOCK_SIZE / 32)));
        const at = id & (BLOCK_SIZE - 1);
        bits[at >>> 5]! |= 1 << (at & 31);
      }
    }
  }

  /**
   * Commits what is written so far with a checkpoint: `records` records of the file are written, and the ids go on
   * in another block, so the current block's postings are complete and written as they would be at the end of the
   * file. Before the commit, the search index's staged parts are finished (old blocks compacted, new words added) and
   * the artist lists' gatherings saved (`ArtistListKeys.save`); the checkpoint row holds the counts, the next part
   * number of the posting rows, and the indexes left out, for a resumed import to go on exactly as this one would
   * have. A new transaction then begins, with the import lock and the temporary tables again.
   */
  private async checkpoint(records: number): Promise<void> {
    this.postings?.flush(this.round.postingOutput);
    await this.flush();
    await this.sending;
    if (this.searchIndex) await this.finishIndex(false);
    await this.lists?.save();
    await this.saveCheckpoint(records, false);
    await this.channel.checkpoint();
    this.committed = records;
    await SqlCatalogueWriteSession.prepare(this.channel, this.kind, this.searchIndex);
    await this.lists?.prepare();
    this.sinceCheckpoint = 0;
  }

  /** Writes the kind's checkpoint row: `records` of the file committed with it, and whether the import is finished. */
  private async saveCheckpoint(records: number, finished: boolean): Promise<void> {
    const id = this.file!.identity;
    const deferred = this.deferred && !finished ? JSON.stringify(this.deferred.definitions()) : null;
    await this.channel.query(
      'INSERT INTO import_checkpoint (kind, file, size, head, records, inserted, updated, written, posting_part, deferred_indexes, finished_at) ' +
        `VALUES (${literal(this.kind)}, ${literal(id.name)}, ${id.size}, ${literal(id.head)}, ${records}, ${this.inserted}, ` +
        `${this.updated}, ${this.written}, ${this.postings?.nextPart ?? 1}, ${deferred === null ? 'NULL' : `${literal(deferred)}::jsonb`}, ` +
        `${finished ? 'now()' : 'NULL'}) ` +
        'ON CONFLICT (kind) DO UPDATE SET file = excluded.file, size = excluded.size, head = excluded.head, ' +
        'records = excluded.records, inserted = excluded.inserted, updated = excluded.updated, written = excluded.written, ' +
        'posting_part = excluded.posting_part, deferred_indexes = excluded.deferred_indexes, saved_at = now(), ' +
        'finished_at = excluded.finished_at',
    );
  }

  /**
   * The search index's end of an import (or of a checkpoint's part of it, `last` false): the old blocks this import
   * wrote to compacted, the new words added to the vocabulary. (After the indexes are built, `commit` makes the
   * popularity of entries whose release is in collections.)
   */
  private async finishIndex(last: boolean): Promise<void> {
    const kind = KIND_CODES[this.spec.searchKind];
    const touched = new Set<number>(this.rewritten.keys());
    if (this.oldBlocks.size > 0) {
      if (last) await this.channel.query('CREATE INDEX ON import_posting (block)');
      for (const r of await this.channel.query(`SELECT DISTINCT block FROM import_posting`)) touched.add(Number(r.block));
    }
    for (const block of [...touched].sort((a, b) => a - b)) {
      await compactBlock(this.channel, kind, block, this.rewritten.get(block), this.options.compaction);
    }
    this.rewritten.clear();
    await this.channel.query(
      'INSERT INTO search_word (word) SELECT DISTINCT word FROM import_word ON CONFLICT (word) DO NOTHING',
    );
    if (!last) {
      if (this.oldBlocks.size > 0) await this.channel.query('TRUNCATE import_posting');
      await this.channel.query('TRUNCATE import_word');
    }
  }

  /** Builds the indexes left out, if any (see `DeferredIndexes`). */
  private async buildIndexes(): Promise<void> {
    const deferred = this.deferred;
    this.deferred = undefined;
    await this.lists?.insertStaged();
    await deferred?.build();
  }

  async commit(): Promise<WriteCounts> {
    this.postings?.flush(this.round.postingOutput);
    await this.flush();
    await this.sending;
    if (this.searchIndex) await this.finishIndex(true);
    await this.buildIndexes();
    // The statistics before the statements that read the tables whole (the long lists, the popularity), so that they
    // are planned from them (an index scan for a few artists' links rather than a scan of every link).
    if (this.written >= (this.options.analyzeAfter ?? ANALYZE_AFTER)) await this.analyze();
    await this.lists?.finish();
    // A release stored by this import has no collection or wantlist counts yet: when every release was new, there is
    // nothing to look for (and no reason to read the whole release table for it).
    const countsToTake = this.kind === 'masters' || (this.kind === 'releases' && this.inserted < this.written);
    if (this.searchIndex && countsToTake) {
      // The popularity of the blocks holding entries whose release is in collections or wantlists, made again.
      // (A release's popularity is its own counts, read from its row alone; a master's, its main release's.)
      const [records, id] = this.spec.searchEntries
        ? [`search_entry e JOIN release r ON r.id = e.community_release WHERE e.kind = ${literal(this.spec.searchKind)} AND`, 'e.id']
        : ['release r WHERE', 'r.id'];
      await this.channel.query(
        `INSERT INTO search_popularity (kind, block, pops) ` +
          `SELECT ${KIND_CODES[this.spec.searchKind]}, ${id} >> ${BLOCK_BITS}, search_popularity_block(array_agg(${id}), array_agg(r.num_have + r.num_want)) ` +
          `FROM ${records} r.num_have + r.num_want > 0 ` +
          `GROUP BY ${id} >> ${BLOCK_BITS} ` +
          `ON CONFLICT (kind, block) DO UPDATE SET pops = excluded.pops`,
      );
    }
    if (this.file) await this.saveCheckpoint(this.consumed, true);
    if (this.dump) {
      await this.channel.query(
        `INSERT INTO dump_import (kind, dump_date, file) ` +
          `VALUES (${literal(this.kind)}, ${literal(this.dump.date)}, ${literal(this.dump.file)})`,
      );
    }
    await this.finish(true);
    return { inserted: this.inserted, updated: this.updated, unchanged: this.written - this.inserted - this.updated };
  }

  /**
   * The planner's statistics of the tables this import wrote, taken again before the commit (`ANALYZE` samples a few
   * thousand rows of each, whatever the table's size). Until autovacuum gets to tables just filled, PostgreSQL plans
   * without statistics: an import right after another, or the API's first queries, then plan a lookup of a round's
   * 2,000 ids as a scan of every row (a re-import of 200,000 releases right after the first import: 281 s without,
   * 71 s with).
   */
  private async analyze(): Promise<void> {
    const tables = new Set([this.spec.table, ...this.spec.links]);
    if (this.lists) tables.add('release_artist');
    if (this.searchIndex) {
      tables.add('search_posting');
      if (this.spec.searchEntries) tables.add('search_entry');
    }
    await this.channel.query(`ANALYZE ${[...tables].map(q).join(', ')}`);
  }

  async rollback(): Promise<void> {
    await this.sending.catch(() => undefined);
    await this.finish(false);
  }
}
