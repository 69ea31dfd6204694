import type { MikroORM } from '@mikro-orm/postgresql';
import { QueryTimeExceeded } from '../../../application/errors.js';
import type { CatalogueSearch, SearchCriteria, SearchHit } from '../../../application/ports/catalogue-search.js';
import { pageOffset, type Page, type PageRequest } from '../../../application/shared/page.js';
import {
  codeOf,
  FIELD_PREFIXES,
  foldText,
  searchTokens,
  type SearchField,
  type SearchKind,
  type SearchResultFacts,
} from '../../../domain/catalogue/search-facts.js';
import { query } from '../mikro-orm-unit-of-work.js';
import { idArray, textArray } from '../sql-values.js';

export interface SqlSearchOptions {
  /** How long one search may take, in milliseconds, before it is cancelled (`QueryTimeExceeded`). */
  readonly timeoutMs: number;
  /**
   * How alike (0–1, pg_trgm's word similarity) a title must be to a query that no record holds every word of, to be
   * found anyway (default 0.5).
   */
  readonly similarity?: number;
}

/** Words longer than this are cut: no title word is longer, and tsquery refuses words of more than 2 KB. */
const MAX_WORD = 100;
/** PostgreSQL's code for a statement cancelled by `statement_timeout`. */
const QUERY_CANCELED = '57014';

/** The parts of one search as SQL: conditions with their parameters, and the relevance score. */
interface Plan {
  readonly where: string[];
  readonly params: unknown[];
  readonly score: string;
  readonly scoreParams: unknown[];
}

/** A tsquery of words (letters and digits only, so quoting them in single quotes is safe), each with `weights`. */
const tsquery = (words: readonly string[], weights = ''): string =>
  words.map((w) => `'${w.slice(0, MAX_WORD)}'${weights ? `:${weights}` : ''}`).join(' & ');
/** A text[] literal of tokens (letters, digits and a field prefix, so double quotes are safe). */
const tokenArray = (tokens: readonly string[]): string => textArray(tokens.map((t) => t.slice(0, MAX_WORD)));

/** What one page query returns per record. */
interface HitRow {
  kind: SearchKind;
  id: number;
  result: string;
  main_result: string | null;
  have: number | null;
  want: number | null;
}

/**
 * Database search on PostgreSQL (server or PGlite) over `search_entry`, which the import writes beside every
 * catalogue record: field filters as one GIN lookup of field tokens (`terms @> …`), words through the weighted,
 * English-stemmed `words` vector (a free query anywhere, `title` in the title and artists, `release_title` in the
 * title), a catalogue number or barcode as a whole code. Ranked by exact code match, then `ts_rank`, then an exact
 * title; when no record holds every word of a free query, it is asked again by trigram word similarity to the
 * titles (so `beatels abey road` finds The Beatles - Abbey Road). Ties go by popularity (the community release's
 * collection and wantlist counts, kept in the entry), then id and kind. The count and the page are read in one
 * transaction whose `statement_timeout` bounds each.
 */
export class SqlCatalogueSearch implements CatalogueSearch {
  constructor(
    private readonly orm: MikroORM,
    private readonly options: SqlSearchOptions,
  ) {}

  async search(criteria: SearchCriteria, request: PageRequest): Promise<Page<SearchHit>> {
    const empty: Page<SearchHit> = { items: [], total: 0, page: request.page, perPage: request.perPage };
    const exact = this.plan(criteria, false);
    if (exact === null) return empty;
    try {
      return await this.orm.em.transactional(async () => {
        await query(this.orm, `select set_config('statement_timeout', ?, true), set_config('pg_trgm.word_similarity_threshold', ?, true)`, [
          String(this.options.timeoutMs),
          String(this.options.similarity ?? 0.5),
        ]);
        let plan = exact;
        let { total, entries } = await this.count(plan);
        if (total === 0 && criteria.text !== undefined) {
          const similar = this.plan(criteria, true);
          if (similar === null) return empty;
          plan = similar;
          ({ total, entries } = await this.count(plan));
        }
        const offset = pageOffset(request);
        if (offset >= total) return { ...empty, total };
        const columns = `e.kind, e.id, e.result, e.community_release, e.popularity, ${plan.score} as score`;
        const where = plan.where.join(' and ');
        // Without words to rank by, the order is the popularity index's: PostgreSQL then walks that index and tests
        // each entry until the page is full, which for a filter few entries pass (a barcode, a catalogue number: 1 in
        // 1,000) means reading most of the table. When the count shows that reading the entries found costs less (an
        // entry found costs about ten index entries walked), they are found first and sorted.
        const found =
          plan.score === '0' && 10 * total * total < (offset + request.perPage) * entries
            ? `(with found as materialized (select ${columns} from search_entry e where ${where}) select * from found e`
            : `(select ${columns} from search_entry e where ${where}`;
        const rows = await query<HitRow>(
          this.orm,
          `select e.kind, e.id, e.result::text as result, m.result::text as main_result, r.num_have as have, r.num_want as want
             from ${found} order by score desc, e.popularity desc, e.id, e.kind limit ? offset ?) e
             left join release r on r.id = e.community_release
             left join search_entry m on e.kind = 'master' and m.kind = 'release' and m.id = e.community_release
            order by e.score desc, e.popularity desc, e.id, e.kind`,
          [...plan.scoreParams, ...plan.params, request.perPage, offset],
        );
        return { items: rows.map(hitOf), total, page: request.page, perPage: request.perPage };
      });
    } catch (err) {
      if ((err as { code?: unknown }).code === QUERY_CANCELED) throw new QueryTimeExceeded();
      throw err;
    }
  }

  /** The entries the plan finds, and about how many entries there are (the table's statistics; 0 when unknown). */
  private async count(plan: Plan): Promise<{ total: number; entries: number }> {
    const [row] = await query<{ total: number; entries: number }>(
      this.orm,
      `select count(*)::int as total,
              (select greatest(reltuples, 0)::float8 from pg_class where oid = 'search_entry'::regclass) as entries
         from search_entry e where ${plan.where.join(' and ')}`,
      plan.params,
    );
    return { total: Number(row?.total ?? 0), entries: Number(row?.entries ?? 0) };
  }

  /**
   * The search as SQL, or null when nothing can match (a field value without a word, a submitter without records).
   * With `similar`, the free text is matched by trigram similarity to the titles instead of by words.
   */
  private plan(c: SearchCriteria, similar: boolean): Plan | null {
    const where: string[] = [];
    const params: unknown[] = [];
    if (c.kind !== undefined) {
      where.push('e.kind = ?');
      params.push(c.kind);
    }
    const terms: string[] = [];
    for (const [field, value] of Object.entries(c.fields) as [SearchField, string][]) {
      const prefix = FIELD_PREFIXES[field];
      if (field === 'catno' || field === 'barcode') {
        const code = codeOf(value);
        if (code === '') return null;
        terms.push(prefix + code);
      } else {
        const tokens = searchTokens(value);
        if (tokens.length === 0) return null;
        for (const t of tokens) terms.push(prefix + t);
      }
    }
    if (terms.length > 0) {
      where.push('e.terms @> ?::text[]');
      params.push(tokenArray([...new Set(terms)]));
    }
    if (c.records !== undefined) {
      if (c.records.length === 0) return null;
      where.push('(e.kind, e.id) in (select * from unnest(?::text[], ?::int[]))');
      params.push(tokenArray(c.records.map((r) => r.kind)), idArray(c.records.map((r) => r.id)));
    }
    // The words every result must hold, for the rank; the title's and release title's are weighted to where they are.
    const ranked: string[] = [];
    for (const [text, weights] of [
      [c.title, 'AB'],
      [c.releaseTitle, 'A'],
    ] as const) {
      if (text === undefined) continue;
      const words = searchTokens(text);
      if (words.length === 0) return null;
      const query = tsquery(words, weights);
      where.push(`e.words @@ to_tsquery('english', ?)`);
      params.push(query);
      ranked.push(query);
    }
    let score = '0';
    const scoreParams: unknown[] = [];
    if (c.text !== undefined) {
      const folded = foldText(c.text).trim();
      if (similar) {
        if (folded === '') return null;
        where.push('e.phrase %> ?');
        params.push(folded);
        score = 'word_similarity(?, e.phrase)';
        scoreParams.push(folded);
      } else {
        const words = searchTokens(c.text);
        if (words.length === 0) return null;
        const query = tsquery(words);
        const code = codeOf(c.text);
        const codes = tokenArray([FIELD_PREFIXES.catno + code, FIELD_PREFIXES.barcode + code]);
        where.push(`(e.words @@ to_tsquery('english', ?) or e.terms && ?::text[])`);
        params.push(query, codes);
        ranked.push(query);
        score = `(case when e.terms && ?::text[] then 4 else 0 end) + (case when e.phrase = ? then 1 else 0 end)`;
        scoreParams.push(codes, folded);
      }
    }
    if (ranked.length > 0) {
      score = `${score} + ts_rank(e.words, to_tsquery('english', ?))`;
      scoreParams.push(ranked.join(' & '));
    }
    if (where.length === 0) where.push('true');
    return { where, params, score, scoreParams };
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

/** A found record; a master shows its main release's labels, formats, country and catalogue number. */
function hitOf(row: HitRow): SearchHit {
  const r = JSON.parse(row.result) as StoredResult;
  const main = row.main_result === null ? null : (JSON.parse(row.main_result) as StoredResult);
  const result: SearchResultFacts = {
    title: r.title,
    year: r.year,
    country: main?.country ?? r.country,
    format: main?.format ?? r.format,
    label: main?.label ?? r.label,
    genre: r.genre,
    style: r.style,
    catno: main?.catno ?? r.catno,
    ...(r.barcode !== undefined ? { barcode: r.barcode } : {}),
    ...(r.master_id !== undefined ? { masterId: r.master_id } : {}),
    thumb: r.thumb,
    uri: r.uri,
  };
  return { kind: row.kind, id: Number(row.id), result, have: Number(row.have ?? 0), want: Number(row.want ?? 0) };
}
