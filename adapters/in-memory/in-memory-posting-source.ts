import { postingTokens, vocabularyWords, type SearchFacts } from '../../domain/catalogue/search-facts.js';
import type { PostingRow, PostingSource } from '../../application/ports/posting-source.js';
import { BLOCK_SIZE, blockOf, encodePostings, KIND_CODES, MAX_POSTING_BYTES } from '../../application/search/posting-codec.js';

/**
 * Posting lists kept in memory, made from records' search facts as the import makes them (the same tokens, grades and
 * stream format, `rowsPerKey` rows per token and block, as workers writing apart would leave them): a `PostingSource`
 * for evaluating searches without a database.
 */
export class InMemoryPostingSource implements PostingSource {
  private readonly rowsByKey = new Map<string, PostingRow[]>();
  private readonly pops = new Map<string, Int32Array>();
  private readonly vocabulary = new Set<string>();

  constructor(records: readonly SearchFacts[], stem: (word: string) => string, rowsPerKey = 1) {
    const lists = new Map<string, { kind: number; token: string; block: number; ids: number[]; grades: number[] }>();
    const sorted = [...records].sort((a, b) => a.id - b.id);
    for (const f of sorted) {
      const kind = KIND_CODES[f.kind];
      for (const [token, grade] of postingTokens(f, stem, new Map())) {
        const key = `${kind} ${token} ${blockOf(f.id)}`;
        let list = lists.get(key);
        if (!list) lists.set(key, (list = { kind, token, block: blockOf(f.id), ids: [], grades: [] }));
        list.ids.push(f.id);
        list.grades.push(grade);
      }
      vocabularyWords(f, this.vocabulary);
    }
    for (const [key, list] of lists) {
      const rows: PostingRow[] = [];
      // Rows written apart: every `rowsPerKey`-th posting in each.
      for (let part = 0; part < Math.min(rowsPerKey, list.ids.length); part++) {
        const ids = list.ids.filter((_, i) => i % rowsPerKey === part);
        const grades = list.grades.filter((_, i) => i % rowsPerKey === part);
        const out = new Uint8Array(ids.length * MAX_POSTING_BYTES);
        const end = encodePostings(list.block, ids, grades, 0, ids.length, out, 0);
        rows.push({ kind: list.kind, token: list.token, block: list.block, n: ids.length, postings: out.subarray(0, end) });
      }
      this.rowsByKey.set(key, rows);
    }
  }

  /** Sets a record's popularity (its community release's collection and wantlist counts). */
  setPopularity(kind: keyof typeof KIND_CODES, id: number, popularity: number): void {
    const key = `${KIND_CODES[kind]} ${blockOf(id)}`;
    let pops = this.pops.get(key);
    if (!pops) this.pops.set(key, (pops = new Int32Array(BLOCK_SIZE)));
    pops[id % BLOCK_SIZE] = popularity;
  }

  async rows(kinds: readonly number[], tokens: readonly string[]): Promise<readonly PostingRow[]> {
    return this.select(kinds, tokens, undefined).map(({ kind, token, block, n }) => ({ kind, token, block, n }));
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

  /** Every vocabulary word sharing a letter pair with `word`, those sharing most first (a stand-in for trigrams). */
  async similarWords(word: string): Promise<readonly string[]> {
    const pairs = (w: string): Set<string> => new Set(Array.from({ length: Math.max(0, w.length - 1) }, (_, i) => w.slice(i, i + 2)));
    const mine = pairs(word);
    const shared = (w: string): number => [...pairs(w)].filter((p) => mine.has(p)).length;
    return [...this.vocabulary].filter((w) => shared(w) > 0).sort((a, b) => shared(b) - shared(a) || (a < b ? -1 : 1));
  }

  private select(kinds: readonly number[], tokens: readonly string[], blocks: ReadonlySet<number> | undefined): PostingRow[] {
    const out: PostingRow[] = [];
    for (const [key, rows] of this.rowsByKey) {
      const [kind, token, block] = [Number(key.slice(0, key.indexOf(' '))), key.slice(key.indexOf(' ') + 1, key.lastIndexOf(' ')), Number(key.slice(key.lastIndexOf(' ') + 1))];
      if (!kinds.includes(kind) || !tokens.includes(token) || (blocks && !blocks.has(block))) continue;
      out.push(...rows);
    }
    return out;
  }
}
