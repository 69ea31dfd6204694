import { postingTokens, vocabularyWords, type SearchFacts } from '../../domain/catalogue/search-facts.js';
import type { PostingRow, PostingSource } from '../../application/ports/posting-source.js';
import { BLOCK_SIZE, blockOf, encodePostings, KIND_CODES, MAX_POSTING_BYTES } from '../../application/search/posting-codec.js';

/** The records of one kind and block holding one token: id → best grade, and the rows made of them (until a change). */
interface PostingList {
  readonly kind: number;
  readonly token: string;
  readonly block: number;
  readonly grades: Map<number, number>;
  rows?: PostingRow[];
}

/** How alike (pg_trgm's `similarity`, 0–1) a vocabulary word must be to be a candidate, as the SQL search asks (0.15). */
const SIMILARITY_THRESHOLD = 0.15;
/** Candidates for one misspelt word, the most alike first, as the SQL search reads them (50). */
const SIMILAR_WORDS = 50;

/**
 * Posting lists kept in memory, made from records' search facts as the import makes them (the same tokens, grades and
 * stream format, `rowsPerKey` rows per token and block, as workers writing apart would leave them): a `PostingSource`
 * for evaluating searches without a database. Records may be put again at any time (`put`): a record put replaces its
 * postings, as the import's upsert replaces a record's. It also keeps each record's community release (the release
 * whose collection and wantlist counts make its popularity), for a popularity read at search time.
 */
export class InMemoryPostingSource implements PostingSource {
  private readonly lists = new Map<string, Map<number, PostingList>>();
  private readonly tokensOf = new Map<string, readonly string[]>();
  private readonly communityReleases = new Map<string, Map<number, number>>();
  private readonly pops = new Map<string, Int32Array>();
  private readonly vocabulary = new Set<string>();

  constructor(
    records: readonly SearchFacts[],
    private readonly stem: (word: string) => string,
    private readonly rowsPerKey = 1,
  ) {
    for (const f of records) this.put(f);
  }

  /** Adds a record's postings, replacing those it had (its words, fields and title), and its vocabulary words. */
  put(f: SearchFacts): void {
    const kind = KIND_CODES[f.kind];
    const block = blockOf(f.id);
    const record = `${kind} ${f.id}`;
    for (const token of this.tokensOf.get(record) ?? []) {
      const list = this.lists.get(`${kind} ${token}`)?.get(block);
      if (!list) continue;
      list.grades.delete(f.id);
      list.rows = undefined;
      if (list.grades.size === 0) this.lists.get(`${kind} ${token}`)!.delete(block);
    }
    const tokens = postingTokens(f, this.stem, new Map());
    for (const [token, grade] of tokens) {
      let blocks = this.lists.get(`${kind} ${token}`);
      if (!blocks) this.lists.set(`${kind} ${token}`, (blocks = new Map()));
      let list = blocks.get(block);
      if (!list) blocks.set(block, (list = { kind, token, block, grades: new Map() }));
      list.grades.set(f.id, grade);
      list.rows = undefined;
    }
    this.tokensOf.set(record, [...tokens.keys()]);
    const blockKey = `${kind} ${block}`;
    let releases = this.communityReleases.get(blockKey);
    if (!releases) this.communityReleases.set(blockKey, (releases = new Map()));
    if (f.communityRelease === null) releases.delete(f.id);
    else releases.set(f.id, f.communityRelease);
    vocabularyWords(f, this.vocabulary);
  }

  /** Sets a record's popularity (its community release's collection and wantlist counts). */
  setPopularity(kind: keyof typeof KIND_CODES, id: number, popularity: number): void {
    const key = `${KIND_CODES[kind]} ${blockOf(id)}`;
    // A new array each time, as a changed row is a new array from the SQL source: a search may remember what it read.
    const pops = Int32Array.from(this.pops.get(key) ?? new Int32Array(BLOCK_SIZE));
    pops[id % BLOCK_SIZE] = popularity;
    this.pops.set(key, pops);
  }

  /** The records of a kind (`KIND_CODES`) in a block that have a community release: id → that release. */
  communityReleasesIn(kind: number, block: number): ReadonlyMap<number, number> {
    return this.communityReleases.get(`${kind} ${block}`) ?? new Map();
  }

  async rows(kinds: readonly number[], tokens: readonly string[]): Promise<readonly PostingRow[]> {
    return this.select(kinds, tokens, undefined).map(({ kind, token, block, n, grades }) => ({ kind, token, block, n, grades }));
  }

  async postings(kinds: readonly number[], tokens: readonly string[], blocks: readonly number[]): Promise<readonly PostingRow[]> {
    return this.select(kinds, tokens, new Set(blocks));
  }

  async popularity(blocks: ReadonlyMap<number, readonly number[]>): Promise<ReadonlyMap<number, ReadonlyMap<number, Int32Array>>> {
    const out = new Map<number, Map<number, Int32Array>>();
    for (const [kind, list] of blocks) {
      const found = new Map<number, Int32Array>();
      for (const b of list) {
        const pops = this.pops.get(`${kind} ${b}`);
        if (pops) found.set(b, pops);
      }
      out.set(kind, found);
    }
    return out;
  }

  /**
   * The vocabulary words most like `word` by trigram similarity as pg_trgm computes it (the word's distinct
   * three-letter pieces, padded with two spaces before and one after; shared over all), at least 0.15 alike, the most
   * alike first (ties by word), at most 50: what the SQL search reads from `search_word`.
   */
  async similarWords(word: string): Promise<readonly string[]> {
    const mine = trigrams(word);
    const scored: Array<{ word: string; similarity: number }> = [];
    for (const w of this.vocabulary) {
      const theirs = trigrams(w);
      let shared = 0;
      for (const t of theirs) if (mine.has(t)) shared++;
      const similarity = shared / (mine.size + theirs.size - shared);
      if (similarity >= SIMILARITY_THRESHOLD) scored.push({ word: w, similarity });
    }
    scored.sort((a, b) => b.similarity - a.similarity || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
    return scored.slice(0, SIMILAR_WORDS).map((s) => s.word);
  }

  private select(kinds: readonly number[], tokens: readonly string[], blocks: ReadonlySet<number> | undefined): PostingRow[] {
    const out: PostingRow[] = [];
    for (const kind of kinds) {
      for (const token of new Set(tokens)) {
        for (const [block, list] of this.lists.get(`${kind} ${token}`) ?? []) {
          if (blocks && !blocks.has(block)) continue;
          out.push(...this.rowsOf(list));
        }
      }
    }
    return out;
  }

  /** A list's rows: its postings in ascending id order, every `rowsPerKey`-th in each row (rows written apart). */
  private rowsOf(list: PostingList): PostingRow[] {
    if (list.rows) return list.rows;
    const ids = [...list.grades.keys()].sort((a, b) => a - b);
    const rows: PostingRow[] = [];
    for (let part = 0; part < Math.min(this.rowsPerKey, ids.length); part++) {
      const these = ids.filter((_, i) => i % this.rowsPerKey === part);
      const grades = these.map((id) => list.grades.get(id)!);
      const out = new Uint8Array(these.length * MAX_POSTING_BYTES);
      const end = encodePostings(list.block, these, grades, 0, these.length, out, 0);
      const mask = grades.reduce((m, g) => m | (1 << g), 0);
      rows.push({ kind: list.kind, token: list.token, block: list.block, n: these.length, postings: out.subarray(0, end), grades: mask });
    }
    list.rows = rows;
    return rows;
  }
}

/** A word's distinct trigrams as pg_trgm makes them: of the word padded with two spaces before and one after. */
function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}
