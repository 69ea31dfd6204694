import type { MikroORM } from '@mikro-orm/postgresql';
import type {
  ArtistReleaseEntry,
  ArtistReleasesQuery,
  LabelReleaseEntry,
  MasterVersion,
  MasterVersionsQuery,
} from '../../../application/catalogue/read-models.js';
import { masterWithMainTracklist } from '../../../application/catalogue/master-document.js';
import type { CatalogueReader, Stored, StoredMasterDocument, StoredReleaseDocument } from '../../../application/ports/catalogue-reader.js';
import { pageOffset, type Page, type PageRequest } from '../../../application/shared/page.js';
import type { Artist } from '../../../domain/catalogue/artist.js';
import type { Label } from '../../../domain/catalogue/label.js';
import type { Master } from '../../../domain/catalogue/master.js';
import type { Release } from '../../../domain/catalogue/release.js';
import { query as runSql } from '../mikro-orm-unit-of-work.js';
import { expandArtist, expandLabel, expandMaster } from './catalogue-documents.js';
import {
  RELEASE_FIGURE_COLUMNS,
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

const ARTIST_SORT_COLUMNS: Record<NonNullable<ArtistReleasesQuery['sort']>, string> = {
  year: 'year',
  title: 'title',
  format: 'format',
};

/**
 * Reads catalogue documents by primary key (expanding their stored compact form, see catalogue-documents.ts) and the
 * derived lists with SQL over the link tables.
 */
export class MikroOrmCatalogueReader implements CatalogueReader {
  constructor(private readonly orm: MikroORM) {}

  private async rows(sql: string, params: unknown[]): Promise<Row[]> {
    return runSql<Row>(this.orm, sql, params);
  }

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
      `select document, data, is_main_release, ${RELEASE_FIGURE_COLUMNS}, date_added, date_changed from "release" where id = ?`,
      [id],
    );
    if (!row) return null;
    return {
      record: releaseForms(row as unknown as ReleaseDocumentRow),
      dateAdded: new Date(row.date_added as string),
      dateChanged: new Date(row.date_changed as string),
      ...releaseFiguresOf(row as unknown as ReleaseFigureColumns),
    };
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
    if (query.format !== undefined) {
      where.push('exists (select 1 from jsonb_array_elements_text(major_formats) f where lower(f) = lower(?))');
      params.push(query.format);
    }
    if (query.label !== undefined) {
      where.push('lower(label) = lower(?)');
      params.push(query.label);
    }
    if (query.released !== undefined) {
      where.push('left(released, 4) = ?');
      params.push(query.released);
    }
    if (query.country !== undefined) {
      where.push('lower(country) = lower(?)');
      params.push(query.country);
    }
    const filter = where.join(' and ');
    const dir = query.sortOrder === 'desc' ? 'desc' : 'asc';
    const order = query.sort ? `${VERSION_SORT_COLUMNS[query.sort]} ${dir}, id ${dir}` : `released ${dir}, id ${dir}`;
    const [count] = await this.rows(`select count(*)::int as n from release where ${filter}`, params);
    const rows = await this.rows(
      `select id, status, title, label, catno, country, format_details, released, major_formats, thumb
         from release where ${filter} order by ${order} limit ? offset ?`,
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

  async artistReleases(artistId: number, query: ArtistReleasesQuery): Promise<Page<ArtistReleaseEntry>> {
    // One entry per master (or per release without a master) and role, as the artist's discography lists them.
    const entries = `
      with entries as (
        select distinct
          case when m.id is null then 'release' else 'master' end as type,
          coalesce(m.id, r.id) as id,
          ra.role
        from release_artist ra
        join release r on r.id = ra.release_id
        left join master m on m.id = r.master_id
        where ra.artist_id = ?
      )`;
    const dir = query.sortOrder === 'desc' ? 'desc' : 'asc';
    const sort = ARTIST_SORT_COLUMNS[query.sort ?? 'year'];
    // The page and the total in one pass over the entries (a window count); a page past the end has no row to
    // carry the total, so only then is it counted on its own.
    const rows = await this.rows(
      `${entries}
       select * from (
         select e.type, e.id, e.role, count(*) over () as total,
                coalesce(m.title, r.title) as title,
                coalesce(m.year, r.year) as year,
                coalesce(r.thumb, mr.thumb, '') as thumb,
                coalesce(r.artist, mr.artist, '') as artist,
                coalesce(r.format, mr.format, '') as format,
                coalesce(r.label, '') as label,
                coalesce(r.status, '') as status,
                coalesce(m.main_release, 0) as main_release
           from entries e
           left join master m on e.type = 'master' and m.id = e.id
           left join release mr on mr.id = m.main_release
           left join release r on e.type = 'release' and r.id = e.id
       ) x
       order by ${sort} ${dir}, title ${dir}, id ${dir}, role
       limit ? offset ?`,
      [artistId, query.perPage, pageOffset(query)],
    );
    return {
      items: rows.map((r): ArtistReleaseEntry => {
        const common = {
          id: Number(r.id),
          title: String(r.title),
          year: Number(r.year),
          thumb: String(r.thumb),
          artist: String(r.artist),
          role: String(r.role),
        };
        return r.type === 'master'
          ? { type: 'master', ...common, mainRelease: Number(r.main_release) }
          : { type: 'release', ...common, format: String(r.format), label: String(r.label), status: String(r.status) };
      }),
      total: rows.length ? Number(rows[0]!.total) : await this.artistEntryCount(entries, artistId),
      page: query.page,
      perPage: query.perPage,
    };
  }

  private async artistEntryCount(entries: string, artistId: number): Promise<number> {
    const [count] = await this.rows(`${entries} select count(*)::int as n from entries`, [artistId]);
    return Number(count?.n ?? 0);
  }

  async labelReleases(labelId: number, page: PageRequest): Promise<Page<LabelReleaseEntry>> {
    const [count] = await this.rows(`select count(*)::int as n from release_label where label_id = ?`, [labelId]);
    // The page is cut from the link table through its (label_id, release_id) index first, then only its rows are
    // joined to their releases: the last page of a label with tens of thousands of releases costs what the first does.
    const rows = await this.rows(
      `select r.id, r.title, r.artist, p.catno, r.format, r.year, r.status, r.thumb
         from (select release_id, position, catno from release_label
                where label_id = ?
                order by release_id, position
                limit ? offset ?) p
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
