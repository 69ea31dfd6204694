import { idArray } from '../sql-values.js';
import { isCatalogueId } from '../../../domain/catalogue/catalogue-ids.js';
import type { MikroORM } from '@mikro-orm/postgresql';
import type {
  ArtistReleaseEntry,
  ArtistReleasesQuery,
  LabelReleaseEntry,
  MasterVersion,
  MasterVersionsQuery,
  VersionFacetCounts,
  VersionFilters,
} from '../../../application/catalogue/read-models.js';
import { versionFacetCounts } from '../../../application/catalogue/version-facet-counts.js';
import { VERSION_FACETS, type VersionFacetId } from '../../../domain/catalogue/version-facets.js';
import { textArray } from '../sql-values.js';
import { masterWithMainTracklist } from '../../../application/catalogue/master-document.js';
import type { CatalogueReader, Stored, StoredMasterDocument, StoredReleaseDocument } from '../../../application/ports/catalogue-reader.js';
import { pageOffset, type Page, type PageRequest } from '../../../application/shared/page.js';
import type { Artist } from '../../../domain/catalogue/artist.js';
import type { Label } from '../../../domain/catalogue/label.js';
import type { Master } from '../../../domain/catalogue/master.js';
import type { Release } from '../../../domain/catalogue/release.js';
import { ormRows, type SqlRows } from './sql-rows.js';
import { ARTIST_SORT_KEYS } from './artist-list-keys.js';
import { expandArtist, expandLabel, expandMaster } from './catalogue-documents.js';
import {
  RELEASE_FIGURE_COLUMNS,
  releaseDocumentColumns,
  releaseFiguresOf,
  releaseForms,
  type ReleaseDocumentRow,
  type ReleaseFigureColumns,
  type ReleaseForms,
  type StoredReleaseFigures,
} from './release-forms.js';

type Row = Record<string, unknown>;
type Doc = Record<string, unknown>;

const VERSION_SORT_COLUMNS: Record<NonNullable<MasterVersionsQuery['sort']>, string> = {
  released: 'released',
  title: 'title',
  format: 'format_details',
  label: 'label',
  catno: 'catno',
  country: 'country',
};

const VERSION_FACET_IDS = VERSION_FACETS.map((f) => f.id);

/** Each facet's filter on a version `v` of the master (a text[] of lower-cased values as the parameter). */
const VERSION_FILTERS: Record<VersionFacetId, string> = {
  format: 'exists (select 1 from jsonb_array_elements_text(version_formats) x where lower(x) = any(?::text[]))',
  label: 'exists (select 1 from jsonb_array_elements_text(version_labels) x where lower(x) = any(?::text[]))',
  country: 'lower(country) = any(?::text[])',
  released: 'left(released, 4) = any(?::text[])',
};

/** Where each facet's values come from, for counting. */
const VERSION_FACET_SOURCES: Record<VersionFacetId, { value: string; from: string; where: string }> = {
  format: { value: 'x', from: ', jsonb_array_elements_text(version_formats) x', where: 'true' },
  label: { value: 'x', from: ', jsonb_array_elements_text(version_labels) x', where: 'true' },
  country: { value: 'country', from: '', where: "country <> ''" },
  released: { value: 'left(released, 4)', from: '', where: "released ~ '^[0-9]{4}'" },
};

const lowered = (values: readonly string[]): string => textArray(values.map((v) => v.toLowerCase()));

/**
 * The id of a master's most recent version, as a scalar subquery on the master id given (see
 * `CatalogueReader.mostRecentVersion`): dated versions first, then by the `released` text (in code-point order, so
 * `1999` < `1999-03-00` < `1999-03-15`), then by id.
 */
export const MOST_RECENT_VERSION = (masterId: string): string =>
  `(select v.id from release v where v.master_id = ${masterId}
     order by (v.released ~ '^[0-9]{4}') desc, v.released collate "C" desc, v.id desc limit 1)`;

/**
 * Reads catalogue documents by primary key (expanding their stored compact form, see catalogue-documents.ts) and the
 * derived lists with SQL over the link tables: through the ORM's connection by default, or as a server's
 * `PgCatalogueReader` has it read its lists, as prepared statements on its pool (`preparedRows`).
 */
/** A release row read with its figures as the stored release forms (the template and the domain release). */
function storedReleaseForms(row: Record<string, unknown>): Stored<ReleaseForms> & StoredReleaseFigures {
  return {
    record: releaseForms(row as unknown as ReleaseDocumentRow),
    dateAdded: new Date(row.date_added as string),
    dateChanged: new Date(row.date_changed as string),
    ...releaseFiguresOf(row as unknown as ReleaseFigureColumns),
  };
}

export class MikroOrmCatalogueReader implements CatalogueReader {
  constructor(
    orm: MikroORM,
    private readonly rows: SqlRows = ormRows(orm),
  ) {}

  private async document<T>(table: string, id: number, expand: (doc: Doc) => T): Promise<Stored<T> | null> {
    const [row] = await this.rows(
      `select data, date_added, date_changed from "${table}" where id = ?`,
      [id],
    );
    if (!row) return null;
    return {
      record: expand((typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Doc),
      dateAdded: new Date(row.date_added as string),
      dateChanged: new Date(row.date_changed as string),
    };
  }

  private async releaseRow(id: number): Promise<(Stored<ReleaseForms> & StoredReleaseFigures) | null> {
    const [row] = await this.rows(
      `select ${releaseDocumentColumns()}, ${RELEASE_FIGURE_COLUMNS}, date_added, date_changed from "release" where id = ?`,
      [id],
    );
    return row ? storedReleaseForms(row) : null;
  }

  async releasesOf(ids: readonly number[]): Promise<ReadonlyMap<number, Stored<Release>>> {
    const wanted = [...new Set(ids)].filter(isCatalogueId);
    if (wanted.length === 0) return new Map();
    const rows = await this.rows(
      `select id, ${releaseDocumentColumns()}, ${RELEASE_FIGURE_COLUMNS}, date_added, date_changed from "release" where id = any(?::int[])`,
      [idArray(wanted)],
    );
    return new Map(
      rows.map((row) => {
        const stored = storedReleaseForms(row);
        return [Number(row.id), { ...stored, record: stored.record.release() }];
      }),
    );
  }

  async release(id: number): Promise<Stored<Release> | null> {
    const stored = await this.releaseRow(id);
    return stored && { ...stored, record: stored.record.release() };
  }

  async releaseDocument(id: number): Promise<StoredReleaseDocument | null> {
    const stored = await this.releaseRow(id);
    return stored && { ...stored, record: stored.record.template() };
  }

  master(id: number): Promise<Stored<Master> | null> {
    return this.document('master', id, expandMaster);
  }

  masterDocument(id: number): Promise<StoredMasterDocument | null> {
    return masterWithMainTracklist(this, id);
  }

  artist(id: number): Promise<Stored<Artist> | null> {
    return this.document('artist', id, expandArtist);
  }

  label(id: number): Promise<Stored<Label> | null> {
    return this.document('label', id, expandLabel);
  }

  async masterVersions(masterId: number, query: MasterVersionsQuery): Promise<Page<MasterVersion>> {
    const where = ['master_id = ?'];
    const params: unknown[] = [masterId];
    for (const facet of VERSION_FACET_IDS) {
      const values = query[facet];
      if (values !== undefined && values.length > 0) {
        where.push(VERSION_FILTERS[facet]);
        params.push(lowered(values));
      }
    }
    const filter = where.join(' and ');
    const dir = query.sortOrder === 'desc' ? 'desc' : 'asc';
    const column = VERSION_SORT_COLUMNS[query.sort ?? 'released'];
    const order = (t: string) => `${t}${column} ${dir}, ${t}id ${dir}`;
    // The count and the page's ids come from the master's entries in release_master_id_idx, which holds every column
    // the versions are filtered and sorted by (index-only scans; in the default order the page is cut straight from
    // the index); only the page's releases are read.
    const [count] = await this.rows(`select count(*)::int as n from release where ${filter}`, params);
    const rows = await this.rows(
      `select r.id, r.status, r.title, r.label, r.catno, r.country, r.format_details, r.released, r.major_formats, r.thumb
         from (select id, ${column} from release where ${filter} order by ${order('')} limit ? offset ?) p
         join release r on r.id = p.id
        order by ${order('p.')}`,
      [...params, query.perPage, pageOffset(query)],
    );
    return {
      items: rows.map((r) => ({
        id: Number(r.id),
        status: String(r.status),
        title: String(r.title),
        label: String(r.label),
        catno: String(r.catno),
        country: String(r.country),
        format: String(r.format_details),
        released: String(r.released),
        majorFormats: jsonArray(r.major_formats),
        thumb: String(r.thumb),
      })),
      total: Number(count?.n ?? 0),
      page: query.page,
      perPage: query.perPage,
    };
  }

  async masterVersionFacets(masterId: number, filters: VersionFilters): Promise<VersionFacetCounts> {
    // One statement: the master's versions (its entries in release_master_id_idx, then their rows), each facet's
    // values counted over the versions that pass the other facets' filters.
    const given = VERSION_FACET_IDS.filter((f) => (filters[f]?.length ?? 0) > 0);
    const params: unknown[] = [masterId];
    const others = (facet: VersionFacetId): string => {
      const conditions = given.filter((f) => f !== facet).map((f) => {
        params.push(lowered(filters[f]!));
        return VERSION_FILTERS[f];
      });
      return conditions.length ? ` and ${conditions.join(' and ')}` : '';
    };
    const parts = VERSION_FACET_IDS.map((facet) => {
      const source = VERSION_FACET_SOURCES[facet];
      return `select '${facet}' as facet, ${source.value} as value, count(*)::int as n from v${source.from} where ${source.where}${others(facet)} group by 2`;
    });
    const rows = await this.rows(
      `with v as materialized (select country, released, version_formats, version_labels from release where master_id = ?) ${parts.join(' union all ')}`,
      params,
    );
    return versionFacetCounts(rows.map((r) => ({ facet: String(r.facet) as VersionFacetId, value: String(r.value), count: Number(r.n) })));
  }

  async mostRecentVersion(masterId: number): Promise<number | null> {
    const [row] = await this.rows(`select ${MOST_RECENT_VERSION('?')} as id`, [masterId]);
    return row?.id === null || row?.id === undefined ? null : Number(row.id);
  }

  async artistReleases(artistId: number, query: ArtistReleasesQuery): Promise<Page<ArtistReleaseEntry>> {
    // One entry per master (or per release without a stored master) and role, as the artist's discography lists
    // them. Each link row carries its entry and the entry's sort keys (kept by the import). A short list is read
    // through the index by artist, its distinct entries sorted, the page and the total from that one pass. A long
    // list (`artist_list`, more than 1,000 entries) has its entries kept apart, one row each, indexed in every order,
    // its length, and anchors about every thousand entries: the page's index scan starts at the last anchor before
    // it, so a page deep in the list costs about what the first one does. Only the page's entries are joined to their
    // records. Descending orders read the index backwards; the role, always ascending, is put right within each entry
    // (an incremental sort).
    const sort = query.sort ?? 'year';
    const keys = ARTIST_SORT_KEYS[sort];
    const descending = query.sortOrder === 'desc';
    const offset = pageOffset(query);
    const [list] = await this.rows(
      `select l.entries, a.position, ${keys.map((k) => `a.${k}`).join(', ')}
         from artist_list l
         left join lateral (select * from artist_list_anchor a
                             where a.artist_id = l.artist_id and a.sort = ? and a.descending = ? and a.position <= ?::bigint
                             order by a.position desc limit 1) a on true
        where l.artist_id = ?`,
      [sort, descending, offset, artistId],
    );
    const anchor = list && list.position !== null ? { position: Number(list.position), keys: keys.map((k) => list[k]) } : undefined;
    const rows = await this.artistPage(artistId, keys, descending, {
      long: list !== undefined,
      anchor: anchor?.keys,
      offset: offset - (anchor?.position ?? 0),
      limit: query.perPage,
    });
    return {
      items: rows.map((r): ArtistReleaseEntry => {
        const common = {
          id: Number(r.entry_id),
          title: String(r.title),
          year: Number(r.year),
          thumb: String(r.thumb),
          artist: String(r.artist),
          role: String(r.role),
        };
        return r.master_entry === true
          ? { type: 'master', ...common, mainRelease: Number(r.main_release) }
          : { type: 'release', ...common, format: String(r.format), label: String(r.label), status: String(r.status) };
      }),
      // A short list's total comes with its page; a page past the end has no row to carry it, so only then is it
      // counted on its own.
      total: list ? Number(list.entries) : rows.length > 0 ? Number(rows[0]!.total) : await this.artistEntryCount(artistId),
      page: query.page,
      perPage: query.perPage,
    };
  }

  /**
   * A page of an artist's entries in the order of `keys`: of a long list from its entries, from the start or from the
   * entry whose keys are `anchor` (that entry's first role); of a short list from its link rows, with the number of
   * its entries on each row.
   */
  private async artistPage(
    artistId: number,
    keys: readonly string[],
    descending: boolean,
    page: { long: boolean; anchor: readonly unknown[] | undefined; offset: number; limit: number },
  ): Promise<Row[]> {
    const dir = descending ? 'desc' : 'asc';
    const order = (t: string, roleDir = '') => `${keys.map((k) => `${t}${k} ${dir}`).join(', ')}, ${t}role${roleDir}`;
    const from = page.anchor ? ` and (${keys.join(', ')}) ${descending ? '<=' : '>='} (${keys.map(() => '?').join(', ')})` : '';
    const entries = page.long
      ? `select e.*, 0 as total
           from (select ${keys.join(', ')}, role from artist_list_entry
                  where artist_id = ?${from}
                  order by ${order('', ` ${dir}`)}) e`
      : `select e.*, count(*) over () as total
           from (select distinct ${keys.join(', ')}, role from release_artist where artist_id = ?) e`;
    return this.rows(
      `select p.master_entry, p.entry_id, p.role, p.total,
              coalesce(m.title, r.title) as title,
              coalesce(m.year, r.year) as year,
              coalesce(r.thumb, mr.thumb, '') as thumb,
              coalesce(r.artist, mr.artist, '') as artist,
              coalesce(r.format, mr.format, '') as format,
              coalesce(r.label, '') as label,
              coalesce(r.status, '') as status,
              coalesce(m.main_release, 0) as main_release
         from (${entries} order by ${order('')} limit ? offset ?) p
         left join master m on p.master_entry and m.id = p.entry_id
         left join release mr on mr.id = m.main_release
         left join release r on not p.master_entry and r.id = p.entry_id
        order by ${order('p.')}`,
      [artistId, ...(page.anchor ?? []), page.limit, page.offset],
    );
  }

  private async artistEntryCount(artistId: number): Promise<number> {
    const [count] = await this.rows(
      'select count(*)::int as n from (select distinct entry_id, master_entry, role from release_artist where artist_id = ?) e',
      [artistId],
    );
    return Number(count?.n ?? 0);
  }

  async labelReleases(labelId: number, page: PageRequest): Promise<Page<LabelReleaseEntry>> {
    // The count and the page both from the (label_id, release_id, position) index (index-only scans); only the
    // page's rows are read, joined to their releases: the last page of a label with tens of thousands of releases
    // costs about what the first does.
    const [count] = await this.rows(`select count(*)::int as n from release_label where label_id = ?`, [labelId]);
    const rows = await this.rows(
      `select r.id, r.title, r.artist, l.catno, r.format, r.year, r.status, r.thumb
         from (select release_id, position from release_label
                where label_id = ?
                order by release_id, position
                limit ? offset ?) p
         join release_label l on l.release_id = p.release_id and l.position = p.position
         join release r on r.id = p.release_id
        order by p.release_id, p.position`,
      [labelId, page.perPage, pageOffset(page)],
    );
    return {
      items: rows.map((r) => ({
        id: Number(r.id),
        title: String(r.title),
        artist: String(r.artist),
        catno: String(r.catno),
        format: String(r.format),
        year: Number(r.year),
        status: String(r.status),
        thumb: String(r.thumb),
      })),
      total: Number(count?.n ?? 0),
      page: page.page,
      perPage: page.perPage,
    };
  }
}

function jsonArray(value: unknown): string[] {
  const v = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(v) ? v.map(String) : [];
}
