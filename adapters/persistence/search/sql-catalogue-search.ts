import { IsolationLevel } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import { QueryTimeExceeded } from '../../../application/errors.js';
import type { CatalogueSearch, SearchCriteria, SearchHit } from '../../../application/ports/catalogue-search.js';
import { pageOffset, type Page, type PageRequest } from '../../../application/shared/page.js';
import { releaseSearchEntry, type SearchKind, type SearchResultFacts } from '../../../domain/catalogue/search-facts.js';
import type { Image } from '../../../domain/catalogue/media.js';
import { expandImage } from '../catalogue/catalogue-documents.js';
import { holdsReleaseRecord, releaseForms } from '../catalogue/release-forms.js';
import { query } from '../mikro-orm-unit-of-work.js';
import { idArray, textArray } from '../sql-values.js';
import type { PostingRow, PostingSource } from '../../../application/ports/posting-source.js';
import { countOf, evaluateSearch } from '../../../application/search/evaluate-search.js';
import { KIND_NAMES } from '../../../application/search/posting-codec.js';
import { Porter2Stemmer } from './porter2-stemmer.js';
import { correctedTerm, planSearch } from '../../../application/search/plan-search.js';

export interface SqlSearchOptions {
  /** How long one search may take, in milliseconds, before it is cancelled (`QueryTimeExceeded`). */
  readonly timeoutMs: number;
  /**
   * How alike (0–1, pg_trgm's `similarity`) a vocabulary word must be to a misspelt word of a question to be a
   * candidate for it (default 0.15: a swapped pair of letters in a word of five, `dacne`, is 0.2; the candidates are
   * then kept by their typing distance, see `correctedTerm`).
   */
  readonly similarity?: number;
  /** Candidates read for one misspelt word, the most alike first (default 50). */
  readonly candidates?: number;
  /** Blocks of popularity kept in memory between searches, 64 KB each (default 512). */
  readonly popularityBlocks?: number;
  /** Match every record, never skipping blocks (ADR 0053): the tests' and benchmark's reference. Default false. */
  readonly exhaustive?: boolean;
  /**
   * Postings up to which a question of several lists is matched whole for an exact count (ADR 0062; default
   * `EXACT_COUNT_POSTINGS`); the tests set 0 to take the top-k path on the small demo catalogue.
   */
  readonly exactCountPostings?: number;
  /** Told the postings of every posting stream a search reads (the benchmark's count of the work a question does). */
  readonly onPostings?: (postings: number) => void;
}

/** PostgreSQL's code for a statement cancelled by `statement_timeout`. */
const QUERY_CANCELED = '57014';

/**
 * What the page query returns per record: an entry's result (artists, labels, masters), and the record's community
 * release (a release itself; a master's main release) with its counts and, for releases and masters, the row its
 * values are read from (see `releaseForms`); a master's, artist's or label's images (a release's are in its row).
 */
interface HitRow {
  kind: SearchKind;
  id: number;
  result: string | null;
  have: number | null;
  want: number | null;
  packed_document: Uint8Array | null;
  document: string | null;
  data: Record<string, unknown> | string | null;
  is_main_release: boolean | null;
  images: string | null;
}

/**
 * Database search on PostgreSQL (server or PGlite) over the posting lists the catalogue import keeps
 * (`search_posting`, ADR 0017): the question planned as groups of tokens (`planSearch`), the lists it needs read in
 * one transaction (repeatable read, so every statement sees the same catalogue, bounded by `statement_timeout`),
 * matched, scored, counted and ordered in `evaluateSearch`, and the page's results read with their community figures.
 * A misspelt word is replaced by the vocabulary words (`search_word`) most like it by pg_trgm. Popularity arrays are
 * kept in memory between searches while their row is the same version.
 */
export class SqlCatalogueSearch implements CatalogueSearch {
  private readonly stemmer = new Porter2Stemmer();
  private readonly popularity: PopularityCache;

  constructor(
    private readonly orm: MikroORM,
    private readonly options: SqlSearchOptions,
  ) {
    this.popularity = new PopularityCache(options.popularityBlocks ?? 512);
  }

  async search(criteria: SearchCriteria, request: PageRequest): Promise<Page<SearchHit>> {
    const empty: Page<SearchHit> = { items: [], total: 0, page: request.page, perPage: request.perPage };
    const stem = this.stemmer.fn;
    const plan = planSearch(criteria, stem);
    if (plan === null) return empty;
    const started = Date.now();
    try {
      return await this.orm.em.transactional(
        async () => {
          await query(this.orm, `select set_config('statement_timeout', ?, true), set_config('pg_trgm.similarity_threshold', ?, true)`, [
            String(this.options.timeoutMs),
            String(this.options.similarity ?? 0.15),
          ]);
          const found = await evaluateSearch(plan, this.source(), {
            offset: pageOffset(request),
            limit: request.perPage,
            now: () => Date.now(),
            deadline: started + this.options.timeoutMs,
            correct: (word, similar) => correctedTerm(word, similar, stem),
            exhaustive: this.options.exhaustive,
            exactCountPostings: this.options.exactCountPostings,
          });
          const counted = countOf(found);
          if (found.records.length === 0) return { ...empty, ...counted };
          // A release's result is read from its row (it has no entry); a master shows its main release's labels,
          // formats, country and catalogue number, read from that release's row.
          const rows = await query<HitRow>(
            this.orm,
            `select p.kind, p.id, e.result::text as result, r.num_have as have, r.num_want as want,
                    case when p.kind in ('release', 'master') then r.packed_document end as packed_document,
                    case when p.kind in ('release', 'master') then r.document end as document,
                    case when p.kind in ('release', 'master') then r.data end as data,
                    r.is_main_release,
                    (case p.kind when 'master' then m.data when 'artist' then a.data when 'label' then l.data end -> 'images')::text as images
               from unnest(?::text[], ?::int[]) with ordinality as p(kind, id, n)
               left join search_entry e on p.kind <> 'release' and e.kind = p.kind and e.id = p.id
               left join release r on r.id = case when p.kind = 'release' then p.id else e.community_release end
               left join master m on p.kind = 'master' and m.id = p.id
               left join artist a on p.kind = 'artist' and a.id = p.id
               left join label l on p.kind = 'label' and l.id = p.id
              where e.id is not null or (p.kind = 'release' and r.id is not null)
              order by p.n`,
            [textArray(found.records.map((r) => KIND_NAMES[r.kind]!)), idArray(found.records.map((r) => r.id))],
          );
          return { items: rows.map(hitOf), ...counted, page: request.page, perPage: request.perPage };
        },
        { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
      );
    } catch (err) {
      if ((err as { code?: unknown }).code === QUERY_CANCELED) throw new QueryTimeExceeded();
      throw err;
    }
  }

  /** The posting lists, popularity and vocabulary as the search's transaction reads them. */
  private source(): PostingSource {
    const orm = this.orm;
    const kindsAndTokens = (kinds: readonly number[], tokens: readonly string[]) => [idArray([...kinds]), textArray([...tokens])];
    return {
      rows: async (kinds, tokens) =>
        (
          await query<PostingRow>(
            orm,
            `select kind, token, block, n, grades from search_posting where kind = any(?::int2[]) and token = any(?::text[])`,
            kindsAndTokens(kinds, tokens),
          )
        ).map((r) => ({ kind: Number(r.kind), token: r.token, block: Number(r.block), n: Number(r.n), grades: r.grades == null ? null : Number(r.grades) })),
      postings: async (kinds, tokens, blocks) => {
        const rows = (
          await query<PostingRow>(
            orm,
            `select kind, token, block, n, postings from search_posting
              where kind = any(?::int2[]) and token = any(?::text[]) and block = any(?::int[])`,
            [...kindsAndTokens(kinds, tokens), idArray([...blocks])],
          )
        ).map((r) => ({ kind: Number(r.kind), token: r.token, block: Number(r.block), n: Number(r.n), postings: r.postings! }));
        this.options.onPostings?.(rows.reduce((n, r) => n + r.n, 0));
        return rows;
      },
      popularity: (blocks) => this.popularity.read(orm, blocks),
      similarWords: async (word) =>
        (
          await query<{ word: string }>(
            orm,
            `select word from search_word where word % ? order by similarity(word, ?) desc, word limit ?`,
            [word, word, this.options.candidates ?? 50],
          )
        ).map((r) => r.word),
    };
  }
}

/**
 * Popularity arrays (`search_popularity`) kept between searches, each with the version of the row it was read from
 * (`xmin` and `ctid`: any change to the row makes a new version): a search reads the versions of the blocks it needs,
 * which is cheap, and the arrays only of blocks whose row changed. At most `capacity` blocks, the least used dropped.
 */
class PopularityCache {
  private readonly blocks = new Map<string, { version: string; pops: Int32Array }>();

  constructor(private readonly capacity: number) {}

  async read(
    orm: MikroORM,
    blocks: ReadonlyMap<number, readonly number[]>,
  ): Promise<ReadonlyMap<number, ReadonlyMap<number, Int32Array>>> {
    const out = new Map<number, Map<number, Int32Array>>();
    const kinds: number[] = [];
    const numbers: number[] = [];
    for (const [kind, list] of blocks) {
      out.set(kind, new Map());
      for (const b of list) {
        kinds.push(kind);
        numbers.push(b);
      }
    }
    if (kinds.length === 0) return out;
    const versions = await query<{ kind: number; block: number; version: string }>(
      orm,
      `select kind, block, xmin::text || ctid::text as version from search_popularity
        where (kind, block) in (select * from unnest(?::int2[], ?::int[]))`,
      [idArray(kinds), idArray(numbers)],
    );
    const staleKinds: number[] = [];
    const staleBlocks: number[] = [];
    for (const v of versions) {
      const [kind, block] = [Number(v.kind), Number(v.block)];
      const key = `${kind} ${block}`;
      const known = this.blocks.get(key);
      if (known && known.version === v.version) {
        this.blocks.delete(key);
        this.blocks.set(key, known);
        out.get(kind)!.set(block, known.pops);
      } else {
        staleKinds.push(kind);
        staleBlocks.push(block);
      }
    }
    if (staleKinds.length > 0) {
      const rows = await query<{ kind: number; block: number; version: string; pops: number[] | string }>(
        orm,
        `select kind, block, xmin::text || ctid::text as version, pops from search_popularity
          where (kind, block) in (select * from unnest(?::int2[], ?::int[]))`,
        [idArray(staleKinds), idArray(staleBlocks)],
      );
      for (const r of rows) {
        const [kind, block] = [Number(r.kind), Number(r.block)];
        const values = typeof r.pops === 'string' ? r.pops.slice(1, -1).split(',').map(Number) : r.pops;
        const pops = Int32Array.from(values);
        const key = `${kind} ${block}`;
        this.blocks.delete(key);
        this.blocks.set(key, { version: r.version, pops });
        out.get(kind)!.set(block, pops);
        while (this.blocks.size > this.capacity) this.blocks.delete(this.blocks.keys().next().value!);
      }
    }
    return out;
  }
}

/** The result values of a stored entry (compact JSON, see `writeSearchEntryRow`). */
interface StoredResult {
  title: string;
  year: string;
  country: string;
  format: string[];
  label: string[];
  genre: string[];
  style: string[];
  catno: string;
  barcode?: string[];
  master_id?: number | null;
  thumb: string;
  uri: string;
}

/** A release read from its row (its template, or an older form of it). */
function releaseOf(row: HitRow) {
  return releaseForms({ ...row, is_main_release: row.is_main_release === true }).release();
}

/** The images of a master, artist or label (the `images` of its stored document). */
function imagesOf(row: HitRow): Image[] {
  if (row.images === null) return [];
  const list = JSON.parse(row.images) as unknown;
  return Array.isArray(list) ? list.map((d) => expandImage(d as Record<string, unknown>)) : [];
}

/** A found record; a master shows its main release's labels, formats, country, catalogue number and barcodes. */
function hitOf(row: HitRow): SearchHit {
  const figures = { have: Number(row.have ?? 0), want: Number(row.want ?? 0) };
  if (row.kind === 'release') {
    const release = releaseOf(row);
    return { kind: row.kind, id: Number(row.id), result: releaseSearchEntry(release).result, ...figures, images: release.images };
  }
  const r = JSON.parse(row.result!) as StoredResult;
  const main = holdsReleaseRecord(row) ? releaseSearchEntry(releaseOf(row)).result : null;
  const barcode = main?.barcode ?? r.barcode;
  const result: SearchResultFacts = {
    title: r.title,
    year: r.year,
    country: main?.country ?? r.country,
    format: main?.format ?? r.format,
    label: main?.label ?? r.label,
    genre: r.genre,
    style: r.style,
    catno: main?.catno ?? r.catno,
    ...(barcode !== undefined ? { barcode } : {}),
    ...(r.master_id !== undefined ? { masterId: r.master_id } : {}),
    thumb: r.thumb,
    uri: r.uri,
  };
  return { kind: row.kind, id: Number(row.id), result, ...figures, images: imagesOf(row) };
}
