import { gradeWeight } from '../../domain/catalogue/search-facts.js';
import { QueryTimeExceeded } from '../errors.js';
import type { PostingRow, PostingSource } from '../ports/posting-source.js';
import { FoundRecords, kthLargest, orderKey, type RankedRecord } from './found-records.js';
import { BLOCK_BITS, BLOCK_SIZE, decodePostings, noPostings, sortPostings, type DecodedPostings } from './posting-codec.js';
import { grown } from './typed-arrays.js';

/*
 * A database search evaluated over posting lists (ADR 0017), apart from where the lists are kept: the question comes
 * planned as groups of tokens (`PlannedSearch`), the lists through a `PostingSource`; records are matched per kind and
 * block of ids, scored, counted and ordered here, and the page cut. Pure but for the source and the clock it is given.
 */

/**
 * One requirement: a record meets it when it holds one of `tokens` with a grade in `grades` (a bit per grade, 0b1111
 * any). A scored term adds the weight of the best such grade to the record's score (`gradeWeight`).
 */
export interface Term {
  readonly tokens: readonly string[];
  readonly grades: number;
  readonly scored: boolean;
  /** The word of the question the term stands for (folded, unstemmed): what a misspelling is corrected from. */
  readonly word?: string;
}

/** Every grade: a term that any posting meets. */
export const ANY_GRADE = 0b1111;

export interface PlannedSearch {
  /** The kinds asked (`KIND_CODES`), ascending. */
  readonly kinds: readonly number[];
  /** Terms every record found meets (field tokens, title words, `*` when nothing else limits the search). */
  readonly filters: readonly Term[];
  /** Free text: a record meets it when it meets every word term, or holds one of the code tokens. */
  readonly text?: { readonly words: readonly Term[]; readonly codes: readonly string[] };
  /** The exact-title token of the free text: +64. The code tokens are +128. */
  readonly titleToken?: string;
  /** Only these records, by kind and id; undefined: no such limit. */
  readonly records?: ReadonlyMap<number, ReadonlySet<number>>;
}


export interface EvaluationOptions {
  /** Results to skip and to return. */
  readonly offset: number;
  readonly limit: number;
  /** The clock and the time by which the evaluation must end (`QueryTimeExceeded` after). */
  readonly now: () => number;
  readonly deadline: number;
  /** How a misspelt word becomes a term again (the corrections' tokens, stemmed as the planner stems). */
  readonly correct?: (word: string, similar: readonly string[]) => Term | undefined;
  /**
   * Match every record and cut the page from all of them, never skipping blocks (ADR 0053): what the tests compare
   * the top-k evaluation with, and the benchmark's "before".
   */
  readonly exhaustive?: boolean;
  /**
   * A question of several lists whose candidate blocks hold at most this many postings of its tokens is matched
   * whole, so that its count is exact (ADR 0062; default `EXACT_COUNT_POSTINGS`): what the tests lower to 0.
   */
  readonly exactCountPostings?: number;
}

/**
 * The postings (of every token of the question, in its candidate blocks) up to which a question of several lists is
 * matched whole and counted exactly (ADR 0062): about 2 ms of decoding and matching on the 2-core machines.
 */
export const EXACT_COUNT_POSTINGS = 20_000;

/**
 * A search's page and count. `estimated`: the count is an estimate (ADR 0062), not the exact number of records
 * found: a question of several lists whose page was found without matching every block.
 */
export interface EvaluatedSearch {
  readonly total: number;
  readonly records: RankedRecord[];
  readonly estimated?: boolean;
}

/** A search's count as a `Page` carries it: `total`, and `estimated` only when it is an estimate. */
export const countOf = (found: EvaluatedSearch): { total: number; estimated?: true } =>
  found.estimated ? { total: found.total, estimated: true } : { total: found.total };

/** The scores of an exact code and an exact title (ADR 0017): above any sum of word weights a question can have. */
export const CODE_SCORE = 128;
export const TITLE_SCORE = 64;

/**
 * The page of a search and the number of records found. When free text finds nothing, each of its words of which no
 * record of the kinds asked holds the stem is replaced by the vocabulary words most like it (any of them), and the
 * search runs again.
 */
export async function evaluateSearch(
  search: PlannedSearch,
  source: PostingSource,
  options: EvaluationOptions,
): Promise<EvaluatedSearch> {
  const first = await evaluate(search, source, options);
  if (first.total > 0 || !search.text || !options.correct) return first;
  const words: Term[] = [];
  let corrected = false;
  for (const term of search.text.words) {
    if (first.held.has(term) || term.word === undefined) {
      words.push(term);
      continue;
    }
    const similar = await source.similarWords(term.word);
    checkTime(options);
    const replacement = options.correct(term.word, similar);
    if (!replacement) return first;
    words.push(replacement);
    corrected = true;
  }
  if (!corrected) return first;
  return evaluate({ ...search, text: { ...search.text, words } }, source, options);
}

function checkTime(options: EvaluationOptions): void {
  if (options.now() > options.deadline) throw new QueryTimeExceeded();
}

/** Blocks holding each token in each kind (`kind` → `token` → block → postings). */
type Stats = Map<number, Map<string, Map<number, number>>>;

interface Found extends EvaluatedSearch {
  /** The terms some record of the kinds asked meets a token of (for corrections). */
  held: Set<Term>;
}

async function evaluate(search: PlannedSearch, source: PostingSource, options: EvaluationOptions): Promise<Found> {
  const text = search.text;
  const terms = [...search.filters, ...(text?.words ?? [])];
  const tokens = new Set<string>();
  for (const t of terms) for (const token of t.tokens) tokens.add(token);
  for (const code of text?.codes ?? []) tokens.add(code);
  const stats: Stats = new Map();
  // The grades each token has in each kind and block (`${kind} ${token} ${block}`), a bit per grade.
  const grades = new Map<string, number>();
  const asked = search.titleToken === undefined || options.exhaustive ? [...tokens] : [...tokens, search.titleToken];
  for (const row of await source.rows(search.kinds, asked)) {
    const at = `${row.kind} ${row.token} ${row.block}`;
    grades.set(at, (grades.get(at) ?? 0) | (row.grades ?? ANY_GRADE));
    let byToken = stats.get(row.kind);
    if (!byToken) stats.set(row.kind, (byToken = new Map()));
    let blocks = byToken.get(row.token);
    if (!blocks) byToken.set(row.token, (blocks = new Map()));
    blocks.set(row.block, (blocks.get(row.block) ?? 0) + row.n);
  }
  checkTime(options);
  const held = new Set<Term>();
  for (const t of terms) if (t.tokens.some((token) => search.kinds.some((k) => stats.get(k)?.has(token)))) held.add(t);

  // The blocks where each kind may have records found: those holding every filter, the text and the records asked.
  const blocksOf = (kind: number, term: readonly string[]): Set<number> => {
    const out = new Set<number>();
    for (const token of term) for (const b of stats.get(kind)?.get(token)?.keys() ?? []) out.add(b);
    return out;
  };
  const candidateBlocks = new Map<number, number[]>();
  for (const kind of search.kinds) {
    let blocks: Set<number> | undefined;
    const narrow = (to: Set<number>): void => {
      blocks = blocks === undefined ? to : new Set([...blocks].filter((b) => to.has(b)));
    };
    for (const t of search.filters) narrow(blocksOf(kind, t.tokens));
    if (text) {
      let words: Set<number> | undefined;
      for (const t of text.words) {
        const these = blocksOf(kind, t.tokens);
        words = words === undefined ? these : new Set([...words].filter((b) => these.has(b)));
      }
      const either = new Set([...(words ?? []), ...blocksOf(kind, text.codes)]);
      narrow(either);
    }
    if (search.records) narrow(new Set([...(search.records.get(kind) ?? [])].map((id) => id >>> BLOCK_BITS)));
    if (blocks && blocks.size > 0) candidateBlocks.set(kind, [...blocks].sort((a, b) => a - b));
  }
  if (candidateBlocks.size === 0) return { total: 0, records: [], held };

  const alike = await pageOfAlike(search, stats, candidateBlocks, source, options);
  if (alike) return { ...alike, held };
  const question: TopKQuestion = { search, stats, grades, candidateBlocks, source, options };
  const topK = options.exhaustive ? undefined : ((await pageOfOneList(question)) ?? (await pageOfManyLists(question)));
  if (topK) return { ...topK, held };

  // The streams of every token that matters, in the candidate blocks only; the exact title's too, for the score.
  const allBlocks = [...new Set([...candidateBlocks.values()].flat())].sort((a, b) => a - b);
  const kinds = [...candidateBlocks.keys()];
  if (search.titleToken !== undefined) tokens.add(search.titleToken);
  const streams = new Map<string, PostingRow[]>();
  const key = (kind: number, block: number, token: string): string => `${kind} ${block} ${token}`;
  for (const row of await source.postings(kinds, [...tokens], allBlocks)) {
    const k = key(row.kind, row.block, row.token);
    const list = streams.get(k);
    if (list) list.push(row);
    else streams.set(k, [row]);
  }
  checkTime(options);

  const filtersOf = rarestFirst(search, stats, kinds);
  const matcher = new BlockMatcher(search, key);
  const found = new FoundRecords();
  for (const block of allBlocks) {
    const here = kinds.filter((k) => candidateBlocks.get(k)!.includes(block));
    const base = block * BLOCK_SIZE;
    if (here.length === 1) {
      const m = matcher.match(here[0]!, block, filtersOf.get(here[0]!)!, streams);
      for (let i = 0; i < m.length; i++) found.push(here[0]!, base + m.offsets[i]!, m.scores[i]!);
    } else {
      // In (id, kind) order: the kinds' records merged offset by offset.
      const lists = here.map((kind) => {
        const m = matcher.match(kind, block, filtersOf.get(kind)!, streams);
        return { kind, offsets: m.offsets.slice(0, m.length), scores: m.scores.slice(0, m.length), at: 0 };
      });
      for (;;) {
        let next: (typeof lists)[number] | undefined;
        for (const l of lists) if (l.at < l.offsets.length && (!next || l.offsets[l.at]! < next.offsets[next.at]!)) next = l;
        if (!next) break;
        found.push(next.kind, base + next.offsets[next.at]!, next.scores[next.at]!);
        next.at++;
      }
    }
    checkTime(options);
  }
  if (found.length === 0) return { total: 0, records: [], held };

  // Popularity, of the blocks with records found.
  const pops = await source.popularity(candidateBlocks);
  checkTime(options);
  const records = found.page(pops, options.offset, options.limit);
  return { total: found.length, records, held };
}

/** The records of one kind and block a search found: their places in the block, ascending, and their scores. */
interface BlockMatch {
  readonly offsets: Int32Array;
  readonly scores: Int32Array;
  readonly length: number;
}

/**
 * The page of a search that is one field token and nothing else (`genre=Rock`, `type=release` alone: every record
 * found scores 0) when none of its records has a popularity: the order is then (id, kind), the count is the sum of the
 * lists' lengths, and only the blocks that hold the page are read. Undefined when the search is not such a one.
 */
async function pageOfAlike(
  search: PlannedSearch,
  stats: Stats,
  candidateBlocks: ReadonlyMap<number, number[]>,
  source: PostingSource,
  options: EvaluationOptions,
): Promise<{ total: number; records: RankedRecord[] } | undefined> {
  const only = search.filters[0];
  if (search.text || search.records || search.filters.length !== 1 || only!.tokens.length !== 1 || only!.scored) return undefined;
  const token = only!.tokens[0]!;
  const pops = await source.popularity(candidateBlocks);
  checkTime(options);
  for (const byBlock of pops.values()) if (byBlock.size > 0) return undefined;
  // Records per block, every kind together, blocks ascending.
  const perBlock = new Map<number, number>();
  for (const [kind, blocks] of candidateBlocks) {
    for (const b of blocks) perBlock.set(b, (perBlock.get(b) ?? 0) + (stats.get(kind)?.get(token)?.get(b) ?? 0));
  }
  const blocks = [...perBlock.keys()].sort((a, b) => a - b);
  const total = blocks.reduce((n, b) => n + perBlock.get(b)!, 0);
  const end = Math.min(total, options.offset + options.limit);
  let before = 0;
  const wanted: number[] = [];
  let first = 0;
  for (const b of blocks) {
    const n = perBlock.get(b)!;
    if (before + n > options.offset && before < end) {
      if (wanted.length === 0) first = before;
      wanted.push(b);
    }
    before += n;
  }
  if (wanted.length === 0) return { total, records: [] };
  const kinds = [...candidateBlocks.keys()];
  const rows = await source.postings(kinds, [token], wanted);
  checkTime(options);
  const records: RankedRecord[] = [];
  const decoded = noPostings();
  for (const b of wanted) {
    const here: RankedRecord[] = [];
    for (const kind of kinds) {
      decoded.length = 0;
      const mine = rows.filter((r) => r.kind === kind && r.block === b);
      for (const r of mine) decodePostings(b, r.postings!, decoded);
      if (mine.length > 1) sortPostings(decoded);
      for (let i = 0; i < decoded.length; i++) here.push({ kind, id: decoded.ids[i]!, score: 0 });
    }
    here.sort((x, y) => x.id - y.id || x.kind - y.kind);
    records.push(...here);
  }
  return { total, records: records.slice(options.offset - first, end - first) };
}

/**
 * What the top-k evaluations of a search are given: the planned search, the lists' statistics and block grades, the
 * candidate blocks of each kind, where postings are read, and the page asked for.
 */
interface TopKQuestion {
  readonly search: PlannedSearch;
  readonly stats: Stats;
  readonly grades: ReadonlyMap<string, number>;
  readonly candidateBlocks: ReadonlyMap<number, number[]>;
  readonly source: PostingSource;
  readonly options: EvaluationOptions;
}

/**
 * The page of a search whose records are those of one posting list (one term of one token: a single word, a single
 * field; no code with postings, no records asked), by block-max top-k (ADR 0053). The count is the list's length,
 * exact when every block's grades (`search_posting.grades`) are grades the term takes. Each block of each kind has a
 * bound on its records' order keys: the weight of its best grade of the term, +64 when it holds the exact title, and its
 * highest popularity; `bestFirst` matches them. Undefined when the search is not such a one, a block's grades are
 * unknown or partly outside the term's, or the page ends deeper than `TOP_K_DEPTH`.
 */
async function pageOfOneList(question: TopKQuestion): Promise<EvaluatedSearch | undefined> {
  const { search, stats, grades, candidateBlocks, source, options } = question;
  const text = search.text;
  const terms = [...search.filters, ...(text?.words ?? [])];
  if (search.records || terms.length !== 1 || terms[0]!.tokens.length !== 1) return undefined;
  const term = terms[0]!;
  const token = term.tokens[0]!;
  for (const code of text?.codes ?? []) if ([...candidateBlocks.keys()].some((k) => stats.get(k)?.has(code))) return undefined;
  let total = 0;
  for (const [kind, blocks] of candidateBlocks) {
    for (const block of blocks) {
      if (((grades.get(`${kind} ${token} ${block}`) ?? ANY_GRADE) & ~term.grades) !== 0) return undefined;
      total += stats.get(kind)?.get(token)?.get(block) ?? 0;
    }
  }
  const need = Math.min(total, options.offset + options.limit);
  if (need <= options.offset) return { total, records: [] };
  // A deep page keeps too many records for this path's ordering to beat the exhaustive one's (ADR 0053).
  if (need > TOP_K_DEPTH) return undefined;
  const units: Unit[] = [];
  const pops = await source.popularity(candidateBlocks);
  checkTime(options);
  for (const [kind, blocks] of candidateBlocks) {
    for (const block of blocks) {
      const mask = grades.get(`${kind} ${token} ${block}`) ?? ANY_GRADE;
      const n = stats.get(kind)?.get(token)?.get(block) ?? 0;
      const best = 31 - Math.clz32(mask & term.grades);
      const titled = search.titleToken !== undefined && stats.get(kind)?.get(search.titleToken)?.has(block) === true;
      const score = (term.scored ? gradeWeight(best) : 0) + (titled ? TITLE_SCORE : 0);
      const blockPops = pops.get(kind)?.get(block);
      units.push({ kind, block, n, bound: orderKey(score, blockPops ? highest(blockPops) : 0) });
    }
  }
  const decoded = noPostings();
  const titles = noPostings();
  const titled = new Int32Array(BLOCK_SIZE);
  let generation = 0;
  const streamTokens = search.titleToken === undefined ? [token] : [token, search.titleToken];
  const { records } = await bestFirst(units, need, streamTokens, source, options, (u, streams, keep) => {
    // The records of the list in this block, scored from their grades (and the exact title).
    const read = (t: string, into: DecodedPostings): DecodedPostings => {
      into.length = 0;
      const rows = streams.get(`${u.kind} ${u.block} ${t}`) ?? [];
      for (const row of rows) decodePostings(u.block, row.postings!, into);
      return rows.length > 1 ? sortPostings(into) : into;
    };
    const base = u.block * BLOCK_SIZE;
    const gen = ++generation;
    if (search.titleToken !== undefined) {
      const t = read(search.titleToken, titles);
      for (let i = 0; i < t.length; i++) titled[t.ids[i]! - base] = gen;
    }
    const p = read(token, decoded);
    const blockPops = pops.get(u.kind)?.get(u.block);
    for (let i = 0; i < p.length; i++) {
      const grade = p.grades[i]!;
      if ((term.grades & (1 << grade)) === 0) continue;
      const offset = p.ids[i]! - base;
      const score = (term.scored ? gradeWeight(grade) : 0) + (titled[offset] === gen ? TITLE_SCORE : 0);
      keep(base + offset, score, orderKey(score, blockPops ? blockPops[offset]! : 0));
    }
  });
  return { total, records: records.slice(options.offset, need) };
}

/**
 * The page of a search of several lists (several words, a word and fields, fields together, codes, records asked),
 * by block-max top-k (ADR 0062): each candidate block of each kind has a bound on its records' order keys — the sum,
 * over the scored terms, of the weight of the best grade the block holds of the term (`search_posting.grades`), +128
 * when it holds a code of the text, +64 when it holds the exact title, then its highest popularity — and `bestFirst`
 * matches the blocks (all the question's lists, `BlockMatcher`, as the exhaustive evaluation does) best bound first
 * until no block left can reach the page. The page is the exhaustive evaluation's; the count is exact when every
 * candidate block was matched, else an estimate (`estimated`): the records of the blocks matched, plus, for each block
 * not matched, its most possible records (its shortest list's length) times the share of their most possible records
 * the matched blocks had, and at least one (so the page links to a next one while blocks are left unread).
 * Undefined (the exhaustive path, an exact count) when the candidate blocks hold at most `exactCountPostings`
 * postings, or the page ends deeper than `TOP_K_DEPTH`.
 */
async function pageOfManyLists(question: TopKQuestion): Promise<EvaluatedSearch | undefined> {
  const { search, stats, grades, candidateBlocks, source, options } = question;
  const need = options.offset + options.limit;
  if (need > TOP_K_DEPTH || options.limit <= 0) return undefined;
  const text = search.text;
  const tokens = new Set<string>();
  for (const t of [...search.filters, ...(text?.words ?? [])]) for (const token of t.tokens) tokens.add(token);
  for (const code of text?.codes ?? []) tokens.add(code);
  const inBlock = (kind: number, token: string, block: number): number => stats.get(kind)?.get(token)?.get(block) ?? 0;
  const postingsOf = (kind: number, term: readonly string[], block: number): number =>
    term.reduce((n, token) => n + inBlock(kind, token, block), 0);
  let work = 0;
  for (const [kind, blocks] of candidateBlocks) for (const block of blocks) work += postingsOf(kind, [...tokens], block);
  if (work <= (options.exactCountPostings ?? EXACT_COUNT_POSTINGS)) return undefined;

  const pops = await source.popularity(candidateBlocks);
  checkTime(options);
  // The weight of the best grade of a term a block holds (-1: the block holds none of its tokens in its grades).
  const bestWeight = (kind: number, term: Term, block: number): number => {
    let best = -1;
    for (const token of term.tokens) {
      if (inBlock(kind, token, block) === 0) continue;
      const mask = (grades.get(`${kind} ${token} ${block}`) ?? ANY_GRADE) & term.grades;
      if (mask !== 0) best = Math.max(best, 31 - Math.clz32(mask));
    }
    return best < 0 ? -1 : term.scored ? gradeWeight(best) : 0;
  };
  const units: Unit[] = [];
  for (const [kind, blocks] of candidateBlocks) {
    // The records asked (`submitter`, `contributor`) per block.
    let asked: Map<number, number> | undefined;
    for (const id of search.records?.get(kind) ?? []) {
      asked ??= new Map();
      asked.set(id >>> BLOCK_BITS, (asked.get(id >>> BLOCK_BITS) ?? 0) + 1);
    }
    if (search.records && !asked) continue;
    for (const block of blocks) {
      let score = 0;
      let most = Infinity;
      let possible = true;
      for (const f of search.filters) {
        const w = bestWeight(kind, f, block);
        if (w < 0) possible = false;
        score += Math.max(w, 0);
        most = Math.min(most, postingsOf(kind, f.tokens, block));
      }
      if (text) {
        let wordsMet = true;
        let wordsMost = text.words.length > 0 ? Infinity : 0;
        for (const t of text.words) {
          const w = bestWeight(kind, t, block);
          if (w < 0) wordsMet = false;
          score += Math.max(w, 0);
          wordsMost = Math.min(wordsMost, postingsOf(kind, t.tokens, block));
        }
        const codes = postingsOf(kind, text.codes, block);
        if (codes > 0) score += CODE_SCORE;
        if (text.words.length === 0 || !wordsMet) wordsMost = 0;
        if (wordsMost + codes === 0) possible = false;
        most = Math.min(most, wordsMost + codes);
      }
      if (asked) most = Math.min(most, asked.get(block) ?? 0);
      if (!possible || most === 0) continue;
      if (search.titleToken !== undefined && inBlock(kind, search.titleToken, block) > 0) score += TITLE_SCORE;
      const blockPops = pops.get(kind)?.get(block);
      units.push({ kind, block, n: most === Infinity ? BLOCK_SIZE : most, bound: orderKey(score, blockPops ? highest(blockPops) : 0) });
    }
  }
  if (units.length === 0) return { total: 0, records: [] };

  const filtersOf = rarestFirst(search, stats, [...candidateBlocks.keys()]);
  const matcher = new BlockMatcher(search, (kind, block, token) => `${kind} ${block} ${token}`);
  if (search.titleToken !== undefined) tokens.add(search.titleToken);
  let counted = 0;
  let mostMatched = 0;
  const { records, matched } = await bestFirst(units, need, [...tokens], source, options, (u, streams, keep) => {
    const m = matcher.match(u.kind, u.block, filtersOf.get(u.kind)!, streams);
    counted += m.length;
    mostMatched += u.n;
    const base = u.block * BLOCK_SIZE;
    const blockPops = pops.get(u.kind)?.get(u.block);
    for (let i = 0; i < m.length; i++) {
      const offset = m.offsets[i]!;
      keep(base + offset, m.scores[i]!, orderKey(m.scores[i]!, blockPops ? blockPops[offset]! : 0));
    }
  });
  const page = records.slice(options.offset, need);
  if (matched === units.length) return { total: counted, records: page };
  let mostLeft = 0;
  for (const u of units.slice(matched)) mostLeft += u.n;
  // At least one more than the records matched: blocks not read may hold more, so the page links to a next one.
  const share = mostMatched > 0 ? counted / mostMatched : 0;
  return { total: counted + Math.max(1, Math.round(mostLeft * share)), records: page, estimated: true };
}

/** A kind's block to match in a top-k evaluation: at most `n` records, none ranking before `bound` (an order key). */
interface Unit {
  readonly kind: number;
  readonly block: number;
  readonly n: number;
  readonly bound: number;
}

/**
 * Block-max top-k (ADR 0053, 0062): matches the units (kinds' blocks) best bound first, in batches (the first as many
 * as would fill the page, then at least twice as many as the batch before, so that a search whose bounds skip little
 * reads its blocks in a few statements, not one per block), keeping only the records that rank before the page's
 * last record so far (`keep`, cut to `need` records by quickselect: only the ties are sorted). It stops when the next
 * unit's bound ranks after that record (ties by id: a block starting after its id cannot come before it); the units
 * after it are never read from the source nor decoded. Gives the first `need` records in the order, and how many
 * units (of `units` in their sorted order) were matched.
 */
async function bestFirst(
  units: Unit[],
  need: number,
  tokens: readonly string[],
  source: PostingSource,
  options: EvaluationOptions,
  match: (u: Unit, streams: ReadonlyMap<string, PostingRow[]>, keep: (id: number, score: number, key: number) => void) => void,
): Promise<{ records: RankedRecord[]; matched: number }> {
  units.sort((a, b) => b.bound - a.bound || a.block - b.block || a.kind - b.kind);
  // The records matched so far (kind, id, score, order key), and the place of the page's last one once known.
  let found: Array<{ kind: number; id: number; score: number; key: number }> = [];
  const before = (a: (typeof found)[number], b: (typeof found)[number]): number => b.key - a.key || a.id - b.id || a.kind - b.kind;
  let last: (typeof found)[number] | undefined;
  // Whether a unit's records could come before the page's last record.
  const mayReach = (u: Unit): boolean =>
    last === undefined || u.bound > last.key || (u.bound === last.key && (u.block * BLOCK_SIZE < last.id || (u.block * BLOCK_SIZE === last.id && u.kind < last.kind)));
  const cut = (): void => {
    const threshold = kthLargest(Float64Array.from(found, (f) => f.key), need);
    const above = found.filter((f) => f.key > threshold);
    const at = found.filter((f) => f.key === threshold).sort(before);
    last = at[need - above.length - 1];
    found = above.concat(at.slice(0, need - above.length));
  };
  let kind = 0;
  const keep = (id: number, score: number, key: number): void => {
    if (last !== undefined && (key < last.key || (key === last.key && (id > last.id || (id === last.id && kind > last.kind))))) return;
    found.push({ kind, id, score, key });
  };
  let next = 0;
  let previous = 0;
  while (next < units.length && mayReach(units[next]!)) {
    const batch: Unit[] = [];
    let records = 0;
    const enough = last === undefined ? need - found.length : 0;
    const units0 = Math.max(1, previous * 2);
    while (next < units.length && mayReach(units[next]!) && (batch.length < units0 || records < enough)) {
      batch.push(units[next]!);
      records += units[next]!.n;
      next++;
    }
    previous = batch.length;
    const streams = new Map<string, PostingRow[]>();
    const kinds = [...new Set(batch.map((u) => u.kind))];
    const blocks = [...new Set(batch.map((u) => u.block))];
    for (const row of await source.postings(kinds, tokens, blocks)) {
      const k = `${row.kind} ${row.block} ${row.token}`;
      const list = streams.get(k);
      if (list) list.push(row);
      else streams.set(k, [row]);
    }
    checkTime(options);
    for (const u of batch) {
      kind = u.kind;
      match(u, streams, keep);
      if (found.length >= 2 * need) cut();
    }
    checkTime(options);
    if (found.length >= need) cut();
  }
  found.sort(before);
  return { records: found.slice(0, need).map(({ kind, id, score }) => ({ kind, id, score })), matched: next };
}

/** Each kind's filters, the rarest first: its records are the candidates the others are counted for. */
function rarestFirst(search: PlannedSearch, stats: Stats, kinds: readonly number[]): Map<number, Term[]> {
  const filtersOf = new Map<number, Term[]>();
  for (const kind of kinds) {
    const size = (t: Term): number =>
      t.tokens.reduce((n, token) => n + [...(stats.get(kind)?.get(token)?.values() ?? [])].reduce((a, b) => a + b, 0), 0);
    filtersOf.set(kind, [...search.filters].sort((a, b) => size(a) - size(b)));
  }
  return filtersOf;
}

/**
 * The most records a top-k page keeps (its offset and limit): 20 pages of 50. Deeper pages are cut from every match
 * (measured in ADR 0053: at 100,000 records kept, all ties, the top-k path took twice the exhaustive one's time).
 */
export const TOP_K_DEPTH = 1_000;

/** The highest value of a block's popularity array (remembered per array: arrays are kept between searches). */
const highestPopularity = new WeakMap<Int32Array, number>();
function highest(pops: Int32Array): number {
  let max = highestPopularity.get(pops);
  if (max === undefined) {
    max = 0;
    for (let i = 0; i < pops.length; i++) if (pops[i]! > max) max = pops[i]!;
    highestPopularity.set(pops, max);
  }
  return max;
}

/**
 * Matches the records of one kind and block against a planned search, reading each posting list of the block once
 * (the intersection of all the terms' lists, on arrays indexed by the id's place in the block, marked by generation
 * so that nothing is cleared between terms and blocks): the records the first list names are the candidates, each
 * other list counts for those it names.
 */
class BlockMatcher {
  private readonly met = new Uint16Array(BLOCK_SIZE);
  private readonly wordsMet = new Uint16Array(BLOCK_SIZE);
  private readonly coded = new Int32Array(BLOCK_SIZE);
  private readonly sum = new Int32Array(BLOCK_SIZE);
  /** The generation in which each place was last made a candidate, and the term that last counted it. */
  private readonly candidate = new Int32Array(BLOCK_SIZE);
  private readonly lastTerm = new Int32Array(BLOCK_SIZE);
  private readonly lastWeight = new Int32Array(BLOCK_SIZE);
  private readonly titled = new Int32Array(BLOCK_SIZE);
  private generation = 0;
  private term = 0;
  private readonly decoded: DecodedPostings = noPostings();
  private readonly allowed = new Int32Array(BLOCK_SIZE);
  private places = new Int32Array(1024);
  private out = { offsets: new Int32Array(1024), scores: new Int32Array(1024), length: 0 };

  private streams: ReadonlyMap<string, PostingRow[]> = new Map();

  constructor(
    private readonly search: PlannedSearch,
    private readonly key: (kind: number, block: number, token: string) => string,
  ) {}

  /** The records of a kind and block found (from `streams`, keyed by `key`), valid until the next call. */
  match(kind: number, block: number, filters: readonly Term[], streams: ReadonlyMap<string, PostingRow[]>): BlockMatch {
    this.streams = streams;
    const gen = ++this.generation;
    const base = block * BLOCK_SIZE;
    const { met, wordsMet, coded, sum, candidate } = this;
    const search = this.search;
    const text = search.text;
    // The candidates: the records of the first filter, or of the free text (its first word, or a code).
    let places = 0;
    const mark = (off: number): void => {
      if (candidate[off] === gen) return;
      candidate[off] = gen;
      met[off] = 0;
      wordsMet[off] = 0;
      sum[off] = 0;
      if (places === this.places.length) this.places = grown(this.places, places + 1);
      this.places[places++] = off;
    };
    const count = (term: Term, counter: Uint16Array, first: boolean): void => {
      const t = ++this.term;
      for (const token of term.tokens) {
        const p = this.read(kind, block, token);
        const ids = p.ids;
        const grades = p.grades;
        for (let i = 0; i < p.length; i++) {
          const grade = grades[i]!;
          if ((term.grades & (1 << grade)) === 0) continue;
          const off = ids[i]! - base;
          if (first) mark(off);
          else if (candidate[off] !== gen) continue;
          const weight = term.scored ? gradeWeight(grade) : 0;
          if (this.lastTerm[off] !== t) {
            this.lastTerm[off] = t;
            this.lastWeight[off] = weight;
            counter[off]!++;
            sum[off]! += weight;
          } else if (weight > this.lastWeight[off]!) {
            sum[off]! += weight - this.lastWeight[off]!;
            this.lastWeight[off] = weight;
          }
        }
      }
    };
    if (filters.length > 0) {
      count(filters[0]!, met, true);
      for (let f = 1; f < filters.length; f++) count(filters[f]!, met, false);
    }
    if (text) {
      const fromText = filters.length === 0;
      for (const code of text.codes) {
        const p = this.read(kind, block, code);
        for (let i = 0; i < p.length; i++) {
          const off = p.ids[i]! - base;
          if (fromText) mark(off);
          coded[off] = gen;
        }
      }
      text.words.forEach((term, w) => count(term, wordsMet, fromText && w === 0));
    }
    const records = search.records?.get(kind);
    if (records) for (const id of records) if (id >>> BLOCK_BITS === block) this.allowed[id - base] = gen;
    if (search.titleToken !== undefined) {
      const p = this.read(kind, block, search.titleToken);
      for (let i = 0; i < p.length; i++) this.titled[p.ids[i]! - base] = gen;
    }
    // The candidates that meet everything, in place order, with their scores.
    const list = this.places.subarray(0, places).sort();
    const filterCount = filters.length;
    const wordCount = text?.words.length ?? 0;
    const out = this.out;
    if (out.offsets.length < places) out.offsets = new Int32Array(places * 2);
    if (out.scores.length < places) out.scores = new Int32Array(places * 2);
    let n = 0;
    for (let i = 0; i < places; i++) {
      const off = list[i]!;
      if (met[off] !== filterCount) continue;
      const isCoded = coded[off] === gen;
      if (text && wordsMet[off] !== wordCount && !isCoded) continue;
      if (records && this.allowed[off] !== gen) continue;
      out.offsets[n] = off;
      out.scores[n] = sum[off]! + (isCoded ? CODE_SCORE : 0) + (this.titled[off] === gen ? TITLE_SCORE : 0);
      n++;
    }
    out.length = n;
    return out;
  }

  /** The postings of a token in a kind and block, its rows merged. Valid until the next read. */
  private read(kind: number, block: number, token: string): DecodedPostings {
    const d = this.decoded;
    d.length = 0;
    const rows = this.streams.get(this.key(kind, block, token));
    if (!rows) return d;
    for (const row of rows) decodePostings(block, row.postings!, d);
    return rows.length > 1 ? sortPostings(d) : d;
  }
}
