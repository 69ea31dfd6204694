import type pg from 'pg';
import type {
  ArtistReleaseEntry,
  ArtistReleasesQuery,
  LabelReleaseEntry,
  MasterVersion,
  MasterVersionsQuery,
  VersionFacetCounts,
  VersionFilters,
} from '../../../application/catalogue/read-models.js';
import type { CatalogueReader, Stored, StoredMasterDocument, StoredReleaseDocument } from '../../../application/ports/catalogue-reader.js';
import type { Page, PageRequest } from '../../../application/shared/page.js';
import type { Artist } from '../../../domain/catalogue/artist.js';
import type { Label } from '../../../domain/catalogue/label.js';
import type { Master } from '../../../domain/catalogue/master.js';
import type { Release } from '../../../domain/catalogue/release.js';
import { isCatalogueId } from '../../../domain/catalogue/catalogue-ids.js';
import { expandArtist, expandLabel, expandMaster } from './catalogue-documents.js';
import { MOST_RECENT_VERSION } from './mikro-orm-catalogue-reader.js';
import {
  RELEASE_FIGURE_COLUMNS,
  releaseFiguresOf,
  holdsReleaseRecord,
  releaseDocumentColumns,
  releaseForms,
  type ReleaseDocumentRow,
  type ReleaseFigureColumns,
} from './release-forms.js';
import { RowsById, type RowsByIdStatement } from '../rows-by-id.js';

type Doc = Record<string, unknown>;

/**
 * One named prepared statement per table, reading the records asked for in one turn of the event loop (`RowsById`):
 * PostgreSQL plans it once per connection.
 */
const BY_ID = (table: string): RowsByIdStatement => ({
  name: `spindle_${table}s_by_id`,
  text: `select id, data, date_added, date_changed from "${table}" where id = any($1::int4[])`,
});
const RELEASES_BY_ID: RowsByIdStatement = {
  name: 'spindle_release_documents_by_id',
  // The times as whole milliseconds since 1970 (what a Date holds): parsing a number costs far less than a timestamp.
  // date_part's double, not extract's numeric (slower arithmetic): a time cut to whole milliseconds is within a
  // rounding error of its number of milliseconds, which the cast to int8 rounds to.
  text:
    `select id, ${releaseDocumentColumns()}, ${RELEASE_FIGURE_COLUMNS}, ` +
    "(date_part('epoch', date_trunc('milliseconds', date_added)) * 1000)::int8 as added_ms, " +
    "(date_part('epoch', date_trunc('milliseconds', date_changed)) * 1000)::int8 as changed_ms " +
    'from "release" where id = any($1::int4[])',
};
/**
 * A master's page in one statement: the master, its main release's template (in any of its forms) for the tracklist,
 * and the market figures over its versions (copies for sale, the lowest price in each currency), which the
 * `release_master_for_sale_idx` partial index makes cheap whatever the number of versions.
 */
const MASTER_DOCUMENTS_BY_ID: RowsByIdStatement = {
  name: 'spindle_master_documents_by_id',
  text: `select m.id, m.data, m.date_added, m.date_changed, r.packed_document as main_packed_document,
                r.document as main_document, r.data as main_data,
                (select coalesce(sum(v.num_for_sale), 0)::int from release v where v.master_id = m.id and v.num_for_sale > 0) as num_for_sale,
                (select jsonb_object_agg(p.key, p.lowest) from (
                   select e.key, min(e.value::text::bigint)::text as lowest
                     from release v cross join lateral jsonb_each(v.lowest_prices) e
                    where v.master_id = m.id and v.num_for_sale > 0
                    group by e.key) p) as lowest_prices,
                ${MOST_RECENT_VERSION('m.id')} as most_recent_release
           from master m left join release r on r.id = m.main_release and m.main_release > 0
          where m.id = any($1::int4[])`,
};

const STATEMENTS = {
  master: BY_ID('master'),
  artist: BY_ID('artist'),
  label: BY_ID('label'),
} as const;

type ReleaseRow = ReleaseDocumentRow &
  ReleaseFigureColumns & { readonly id: number; readonly added_ms: string; readonly changed_ms: string };

const datesOf = (row: ReleaseRow): { dateAdded: Date; dateChanged: Date } => ({
  dateAdded: new Date(Number(row.added_ms)),
  dateChanged: new Date(Number(row.changed_ms)),
});

interface MasterDocumentRow {
  readonly id: number;
  readonly data: Doc | string;
  readonly date_added: Date;
  readonly date_changed: Date;
  readonly main_packed_document: Uint8Array | null;
  readonly main_document: string | null;
  readonly main_data: Doc | string | null;
  readonly num_for_sale: number | string;
  readonly lowest_prices: Record<string, string> | null;
  readonly most_recent_release: number | null;
}

interface DatedRow {
  readonly date_added: Date;
  readonly date_changed: Date;
}

interface DocumentRow extends DatedRow {
  readonly id: number;
  readonly data: Doc | string;
}

/**
 * The catalogue reader on a PostgreSQL server: records by id straight through `pg` with named prepared statements
 * (the hot path: indexed rows, no ORM in between; the ids asked for in one turn of the event loop read together, see
 * `RowsById` and ADR 0027), the derived lists through the reader it wraps. Catalogue data is written only by the bulk
 * import, so reading it outside a unit of work's transaction loses nothing.
 */
export class PgCatalogueReader implements CatalogueReader {
  /** Records by id, the reads of one turn of the event loop in one statement each. */
  private readonly releases: RowsById<ReleaseRow>;
  private readonly masterDocuments: RowsById<MasterDocumentRow>;
  private readonly masters: RowsById<DocumentRow>;
  private readonly artists: RowsById<DocumentRow>;
  private readonly labels: RowsById<DocumentRow>;

  constructor(
    pool: pg.Pool,
    private readonly lists: CatalogueReader,
  ) {
    this.releases = new RowsById(pool, RELEASES_BY_ID);
    this.masterDocuments = new RowsById(pool, MASTER_DOCUMENTS_BY_ID);
    this.masters = new RowsById(pool, STATEMENTS.master);
    this.artists = new RowsById(pool, STATEMENTS.artist);
    this.labels = new RowsById(pool, STATEMENTS.label);
  }

  private async document<T>(rows: RowsById<DocumentRow>, id: number, expand: (doc: Doc) => T): Promise<Stored<T> | null> {
    if (!isCatalogueId(id)) return null;
    const row = await rows.load(id);
    if (!row) return null;
    return {
      record: expand(typeof row.data === 'string' ? (JSON.parse(row.data) as Doc) : row.data),
      dateAdded: row.date_added,
      dateChanged: row.date_changed,
    };
  }

  /** The release's row (none for an id no row can have: no statement then), as a promise awaited once, by the caller. */
  private releaseRow(id: number): Promise<ReleaseRow | undefined> | undefined {
    return isCatalogueId(id) ? this.releases.load(id) : undefined;
  }

  async release(id: number): Promise<Stored<Release> | null> {
    const row = await this.releaseRow(id);
    return row ? { record: releaseForms(row).release(), ...datesOf(row), ...releaseFiguresOf(row) } : null;
  }

  async releasesOf(ids: readonly number[]): Promise<ReadonlyMap<number, Stored<Release>>> {
    // Every id goes into the same turn's statement (RowsById), so a page of ids is one read.
    const distinct = [...new Set(ids)];
    const read = await Promise.all(distinct.map((id) => this.release(id)));
    return new Map(distinct.flatMap((id, i) => (read[i] ? [[id, read[i]] as const] : [])));
  }

  /** The hottest read of the API (`GET /releases/{id}`): the row's template as it is, with no form built around it. */
  async releaseDocument(id: number): Promise<StoredReleaseDocument | null> {
    const row = await this.releaseRow(id);
    if (!row) return null;
    const { holdings, ratings, market, people } = releaseFiguresOf(row);
    return {
      record: releaseForms(row).template(),
      dateAdded: new Date(Number(row.added_ms)),
      dateChanged: new Date(Number(row.changed_ms)),
      holdings,
      ratings,
      market,
      people,
    };
  }

  master(id: number): Promise<Stored<Master> | null> {
    return this.document(this.masters, id, expandMaster);
  }

  async masterDocument(id: number): Promise<StoredMasterDocument | null> {
    if (!isCatalogueId(id)) return null;
    const row = await this.masterDocuments.load(id);
    if (!row) return null;
    return {
      record: expandMaster(typeof row.data === 'string' ? (JSON.parse(row.data) as Doc) : row.data),
      dateAdded: row.date_added,
      dateChanged: row.date_changed,
      mainTracklist:
        !holdsReleaseRecord({ packed_document: row.main_packed_document, document: row.main_document, data: row.main_data })
          ? []
          : releaseForms({
              packed_document: row.main_packed_document,
              document: row.main_document,
              data: row.main_data,
              is_main_release: true,
            }).tracklist(),
      market: { numForSale: Number(row.num_for_sale), lowestPrices: row.lowest_prices },
      mostRecentRelease: row.most_recent_release === null ? null : Number(row.most_recent_release),
    };
  }

  artist(id: number): Promise<Stored<Artist> | null> {
    return this.document(this.artists, id, expandArtist);
  }

  label(id: number): Promise<Stored<Label> | null> {
    return this.document(this.labels, id, expandLabel);
  }

  masterVersions(masterId: number, query: MasterVersionsQuery): Promise<Page<MasterVersion>> {
    return this.lists.masterVersions(masterId, query);
  }

  masterVersionFacets(masterId: number, filters: VersionFilters): Promise<VersionFacetCounts> {
    return this.lists.masterVersionFacets(masterId, filters);
  }

  mostRecentVersion(masterId: number): Promise<number | null> {
    return this.lists.mostRecentVersion(masterId);
  }

  artistReleases(artistId: number, query: ArtistReleasesQuery): Promise<Page<ArtistReleaseEntry>> {
    return this.lists.artistReleases(artistId, query);
  }

  labelReleases(labelId: number, page: PageRequest): Promise<Page<LabelReleaseEntry>> {
    return this.lists.labelReleases(labelId, page);
  }
}
