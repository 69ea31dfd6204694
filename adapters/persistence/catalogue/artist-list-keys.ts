import type { DumpKind } from '../../../application/ports/dump-reader.js';
import type { ArtistReleaseSort } from '../../../application/catalogue/read-models.js';
import { RELEASE_ARTIST_COLUMNS } from './catalogue-copy-rows.js';
import type { SqlImportChannel } from './sql-import-channel.js';
import { intArray } from './import-literals.js';

/**
 * What each sort of an artist's release list orders by, before the role (always ascending): for a long list, the
 * columns of the `artist_list_entry` index of that sort (see catalogue-rows.ts), so that entries come in order from it.
 */
export const ARTIST_SORT_KEYS: Readonly<Record<ArtistReleaseSort, readonly string[]>> = {
  year: ['entry_year', 'entry_title', 'entry_id', 'master_entry'],
  title: ['entry_title', 'entry_id', 'master_entry'],
  format: ['entry_format', 'entry_title', 'entry_id', 'master_entry'],
};

/** Lists of more entries than this are long: their entries are kept apart, with an anchor about every this many. */
export const LONG_LIST = 1_000;

const ENTRY_COLUMNS = 'artist_id, entry_id, master_entry, role, entry_year, entry_title, entry_format';

/**
 * The SQL that makes the long lists of `artists` (an SQL set of artist ids) anew from their link rows: `artist_list`
 * gets the number of entries of each list longer than `long`, `artist_list_entry` its entries, and
 * `artist_list_anchor` the keys of an entry about every `long` entries in each order and direction, with the entries
 * before it (see `MikroOrmCatalogueReader.artistReleases`). An anchor is always the first role of its entry, so the
 * roles of an entry, ascending in both directions, never straddle one.
 */
export function longListStatements(artists: string, long: number): string[] {
  const statements = [
    `DELETE FROM artist_list_anchor WHERE artist_id IN (${artists})`,
    `DELETE FROM artist_list_entry WHERE artist_id IN (${artists})`,
    `DELETE FROM artist_list WHERE artist_id IN (${artists})`,
    'INSERT INTO artist_list (artist_id, entries) SELECT artist_id, count(*) FROM ' +
      `(SELECT DISTINCT artist_id, entry_id, master_entry, role FROM release_artist WHERE artist_id IN (${artists})) e ` +
      `GROUP BY artist_id HAVING count(*) > ${long}`,
    `INSERT INTO artist_list_entry (${ENTRY_COLUMNS}) SELECT DISTINCT ${ENTRY_COLUMNS.replace(/(\w+)/g, 'ra.$1')} ` +
      `FROM release_artist ra JOIN artist_list l ON l.artist_id = ra.artist_id WHERE ra.artist_id IN (${artists})`,
  ];
  for (const sort of Object.keys(ARTIST_SORT_KEYS) as ArtistReleaseSort[]) {
    const keys = ARTIST_SORT_KEYS[sort];
    for (const descending of [false, true]) {
      const order = `${keys.map((k) => `${k}${descending ? ' DESC' : ''}`).join(', ')}, role`;
      statements.push(
        `WITH n AS (SELECT e.*, row_number() OVER (PARTITION BY artist_id ORDER BY ${order}) - 1 AS position, ` +
          `role = min(role) OVER (PARTITION BY artist_id, ${keys.join(', ')}) AS first_role ` +
          `FROM artist_list_entry e WHERE artist_id IN (${artists})), ` +
          `s AS (SELECT n.*, lag(position / ${long}) OVER (PARTITION BY artist_id ORDER BY position) AS previous FROM n WHERE first_role) ` +
          `INSERT INTO artist_list_anchor (artist_id, sort, descending, position, ${keys.join(', ')}) ` +
          `SELECT artist_id, '${sort}', ${descending}, position, ${keys.join(', ')} FROM s ` +
          `WHERE position / ${long} > coalesce(previous, 0)`,
      );
    }
  }
  return statements;
}

/**
 * The artist links staged in `from` become `release_artist` rows with the keys of the entry each makes in the artist's
 * release list: the master's (year, title, its main release's format) when the release's master is stored, else the
 * release's own, which the workers wrote beside each link. The masters the links name are looked up once each (a
 * round's links name a few hundred), not once per link. `late`, when given, is a statement over `s` (the links with
 * their master's keys) that runs beside the insert, and `where` keeps the links it leaves out.
 */
const insertArtistLinks = (from: string, held?: { readonly late: string; readonly where: string }): string =>
  'WITH k AS (SELECT m.id AS m_id, m.year AS m_year, m.title AS m_title, mr.id AS mr_id, mr.format AS mr_format ' +
  `FROM master m LEFT JOIN release mr ON mr.id = m.main_release WHERE m.id IN (SELECT master_id FROM ${from})), ` +
  `s AS (SELECT s.*, k.* FROM ${from} s LEFT JOIN k ON k.m_id = s.master_id), ` +
  (held ? `late AS (${held.late}), ` : '') +
  'i AS (INSERT INTO release_artist (release_id, artist_id, role, master_entry, entry_id, entry_year, entry_title, entry_format) ' +
  'SELECT release_id, artist_id, role, m_id IS NOT NULL, coalesce(m_id, release_id), coalesce(m_year, year), ' +
  "coalesce(m_title, title), CASE WHEN m_id IS NULL THEN format ELSE coalesce(mr_format, '') END " +
  `FROM s${held ? ` WHERE ${held.where}` : ''} RETURNING artist_id) ` +
  'INSERT INTO import_touched_artist (artist_id, links) SELECT artist_id, count(*) FROM i GROUP BY artist_id';

/**
 * A first import's round of links (see `ArtistListKeys.writeLinks`): those whose keys are final now (no stored master,
 * or a master whose main release is stored) become `release_artist` rows; the links of versions of a master whose main
 * release is not stored yet wait in `import_late_release_artist`, for that release's format, until `insertStaged`.
 */
const INSERT_ROUND_LINKS = insertArtistLinks('import_release_artist', {
  late:
    'INSERT INTO import_late_release_artist SELECT release_id, artist_id, role, master_id, year, title, format ' +
    'FROM s WHERE m_id IS NOT NULL AND mr_id IS NULL',
  where: 'm_id IS NULL OR mr_id IS NOT NULL',
});

/** Notes the artists of the link rows a statement (`… RETURNING artist_id`) changed or removed. */
const touching = (statement: string): string =>
  `WITH t AS (${statement} RETURNING ra.artist_id) INSERT INTO import_touched_artist (artist_id, links) ` +
  'SELECT artist_id, 0 FROM t GROUP BY artist_id';

/**
 * The entry format of the links of the versions of masters `WHERE`: their main release's, which may have been written
 * after them (or changed).
 */
const refreshMainFormats = (where: string): string =>
  touching(
    'UPDATE release_artist ra SET entry_format = mr.format ' +
      'FROM master m JOIN release mr ON mr.id = m.main_release JOIN release v ON v.master_id = m.id ' +
      `WHERE ${where} AND ra.release_id = v.id AND ra.master_entry AND ra.entry_format <> mr.format`,
  );

/** The links of the versions of masters `WHERE` take the masters' keys (a master written after its releases, or changed). */
const refreshMasterEntries = (where: string): string =>
  touching(
    'UPDATE release_artist ra SET master_entry = true, entry_id = m.id, entry_year = m.year, entry_title = m.title, ' +
      "entry_format = coalesce(mr.format, '') " +
      'FROM master m JOIN release v ON v.master_id = m.id LEFT JOIN release mr ON mr.id = m.main_release ' +
      `WHERE ${where} AND ra.release_id = v.id ` +
      'AND (ra.master_entry, ra.entry_id, ra.entry_year, ra.entry_title, ra.entry_format) ' +
      "IS DISTINCT FROM (true, m.id, m.year, m.title, coalesce(mr.format, ''))",
  );


/**
 * Keeps, inside an import's transaction, what the artist lists are read by: the list keys of `release_artist` rows,
 * which come from a release, its master and the master's main release, whichever of them is written first, and the
 * long lists (entries, length, anchors), made anew at the commit for the artists whose lists the import changed that
 * are long or were given more than `LONG_LIST` links (as a first import gives every long list), or hold more with the
 * links of unchanged releases, which a re-import keeps.
 */
export class ArtistListKeys {
  /** Whether links were held back while the indexes are left out (see `writeLinks`), to be inserted before they are built. */
  private staged = false;

  private constructor(
    private readonly channel: SqlImportChannel,
    private readonly kind: DumpKind,
    /** Whether the records the keys come from are stored (masters, for releases; link rows, for masters). */
    private readonly keysToKeep: boolean,
    private readonly long: number,
    /**
     * Whether an import of releases found links stored: then it may add links to lists of which it writes only part
     * (an unchanged release keeps its links), and `finish` counts their entries whole.
     */
    private readonly linked: boolean,
  ) {}

  /** For an import of releases or masters (the others change no list key), inside its transaction. */
  static async start(channel: SqlImportChannel, kind: DumpKind, long = LONG_LIST): Promise<ArtistListKeys | undefined> {
    if (kind !== 'releases' && kind !== 'masters') return undefined;
    const [keys] = await channel.query(
      `SELECT EXISTS (SELECT 1 FROM ${kind === 'releases' ? 'master' : 'release_artist'}) AS stored, ` +
        'EXISTS (SELECT 1 FROM release_artist) AS linked',
    );
    const lists = new ArtistListKeys(channel, kind, keys?.stored === true, long, kind === 'releases' && keys?.linked === true);
    await lists.prepare();
    return lists;
  }

  /** Creates the temporary tables of a transaction of the import (each checkpoint's commit drops them). */
  async prepare(): Promise<void> {
    await this.channel.query('CREATE TEMPORARY TABLE import_touched_artist (artist_id int, links int) ON COMMIT DROP');
    if (this.kind === 'releases') {
      for (const table of ['import_release_artist', 'import_late_release_artist']) {
        await this.channel.query(
          `CREATE TEMPORARY TABLE ${table} (release_id int, artist_id int, role text, master_id int, ` +
            'year int, title text, format text) ON COMMIT DROP',
        );
      }
    }
  }

  /**
   * Before a checkpoint's commit: what the import gathers for its end (the artists touched, the links held back) is
   * moved to tables that outlive the transaction (`import_saved_…`), where `restore` takes it back.
   */
  async save(): Promise<void> {
    await this.channel.query(
      `INSERT INTO import_saved_touched_artist (kind, artist_id, links) SELECT '${this.kind}', artist_id, sum(links) ` +
        'FROM import_touched_artist GROUP BY artist_id ' +
        'ON CONFLICT (kind, artist_id) DO UPDATE SET links = import_saved_touched_artist.links + excluded.links',
    );
    await this.channel.query('TRUNCATE import_touched_artist');
    if (this.staged) {
      await this.channel.query(
        'INSERT INTO import_saved_late_link SELECT * FROM import_late_release_artist ON CONFLICT DO NOTHING',
      );
      await this.channel.query('TRUNCATE import_late_release_artist');
    }
  }

  /**
   * At the start of an import: the links held back by a stopped import of the kind are its own when it resumes that
   * import (`resumed`), else they are dropped (the import writes every release again).
   */
  async adopt(resumed: boolean): Promise<void> {
    if (this.kind !== 'releases') return;
    if (resumed) this.staged = true;
    else await this.channel.query('TRUNCATE import_saved_late_link');
  }

  /** Takes back what `save` kept: the artists touched, and (with `late`) the links held back. */
  private async restore(late: boolean): Promise<void> {
    if (late) {
      await this.channel.query('INSERT INTO import_late_release_artist SELECT * FROM import_saved_late_link');
      // Truncated, not deleted: the links held back through a first import of the releases file (a row for each
      // version of a master whose main release comes later, about 130 bytes a release with its key) would stay on
      // disk as dead rows and a bloated index until a vacuum; the import holds the table alone (its lock).
      await this.channel.query('TRUNCATE import_saved_late_link');
      return;
    }
    await this.channel.query(
      `INSERT INTO import_touched_artist (artist_id, links) SELECT artist_id, links FROM import_saved_touched_artist WHERE kind = '${this.kind}'`,
    );
    await this.channel.query(`DELETE FROM import_saved_touched_artist WHERE kind = '${this.kind}'`);
  }

  /** Removes the link rows of releases stored before, which the import writes again. */
  async removeLinks(releases: Iterable<number>): Promise<void> {
    await this.channel.query(touching(`DELETE FROM release_artist ra WHERE ra.release_id = ANY(${intArray(releases)})`));
  }

  /**
   * Writes the artist links (`RELEASE_ARTIST_COLUMNS` rows, as COPY data; none when they have none) of a round's new
   * and changed `releases`, written already, with their entries' keys. (An unchanged release keeps its links: their
   * keys change only with its master, which `mastersWritten` follows, or with its master's main release, which this
   * follows.) A master's entries sort by its main release's format, so when `releases` holds main releases, the links
   * of their masters' other versions take it. With the indexes left out (`deferred`, a first import, which cannot
   * look the versions up by master cheaply), the links whose master's main release is not stored yet are held back:
   * `insertStaged` writes them once every release, main releases included, is stored; the others are written now,
   * while the reader parses the next round, rather than all at the end.
   */
  async writeLinks(links: readonly Buffer[] | undefined, releases: readonly number[], deferred: boolean): Promise<void> {
    if (links) await this.channel.copy('import_release_artist', RELEASE_ARTIST_COLUMNS, links);
    if (deferred) {
      if (!links) return;
      this.staged = true;
      await this.channel.query(INSERT_ROUND_LINKS);
      await this.channel.query('TRUNCATE import_release_artist');
      return;
    }
    if (links) {
      await this.channel.query(insertArtistLinks('import_release_artist'));
      await this.channel.query('TRUNCATE import_release_artist');
    }
    // (A main release without artist links still gives its format to its master's entries.)
    if (this.keysToKeep && releases.length > 0) {
      await this.channel.query(refreshMainFormats(`m.main_release = ANY(${intArray(releases)})`));
    }
  }

  /** Writes the links held back while the indexes were left out (before they are built). */
  async insertStaged(): Promise<void> {
    if (!this.staged) return;
    this.staged = false;
    await this.restore(true);
    await this.channel.query(insertArtistLinks('import_late_release_artist'));
    await this.channel.query('TRUNCATE import_late_release_artist');
  }

  /** After a round of masters is written (the new and changed ones): the links of their versions take their keys. */
  async mastersWritten(masters: readonly number[]): Promise<void> {
    if (this.keysToKeep) await this.channel.query(refreshMasterEntries(`m.id = ANY(${intArray(masters)})`));
  }

  /** Before the commit, with every index in place: the long lists the import changed, made anew. */
  async finish(): Promise<void> {
    await this.restore(false);
    // An artist given few links by an import of releases that found links stored may have more than `long` with the
    // ones it kept: its links are counted (up to `long` + 1, by the index by artist).
    const whole = this.linked
      ? ` OR (SELECT count(*) FROM (SELECT FROM release_artist ra WHERE ra.artist_id = t.artist_id LIMIT ${this.long + 1}) n) > ${this.long}`
      : '';
    const artists =
      'SELECT artist_id FROM import_touched_artist t GROUP BY artist_id ' +
      `HAVING sum(links) > ${this.long} OR EXISTS (SELECT 1 FROM artist_list l WHERE l.artist_id = t.artist_id)${whole}`;
    // (The touched artists are read once; a table with their statistics, so that the links of a handful of artists
    // are read through the index by artist.)
    await this.channel.query(`CREATE TEMPORARY TABLE import_long_artist ON COMMIT DROP AS ${artists}`);
    const [touched] = await this.channel.query('SELECT EXISTS (SELECT 1 FROM import_long_artist) AS any');
    if (touched?.any !== true) return;
    await this.channel.query('ANALYZE import_long_artist');
    for (const sql of longListStatements('SELECT artist_id FROM import_long_artist', this.long)) {
      await this.channel.query(sql);
    }
  }
}
