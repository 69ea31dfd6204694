import { postingTokens, vocabularyWords, type SearchFacts } from '../../../domain/catalogue/search-facts.js';
import type { BinaryCopyBuffer } from '../catalogue/binary-copy-buffer.js';
import { BLOCK_SIZE, blockOf, encodePostings, KIND_CODES, MAX_POSTING_BYTES } from './posting-codec.js';
import type { Porter2Stemmer } from './porter2-stemmer.js';

/**
 * The columns of a `search_posting` row, in the order `PostingAccumulator` writes them. `part` comes last, written 0
 * here: the import numbers the rows it copies (`numberParts`), so that rows of one token and block written apart
 * have keys of their own.
 */
export const SEARCH_POSTING_COLUMNS = ['kind', 'token', 'block', 'n', 'postings', 'part'] as const;

/** Numbers posting rows (see `SEARCH_POSTING_COLUMNS`): the row ending at `ends[i]` gets part `first + i`. */
export function numberParts(rows: Uint8Array, ends: Int32Array, first: number): void {
  const view = new DataView(rows.buffer, rows.byteOffset, rows.byteLength);
  for (let i = 0; i < ends.length; i++) view.setInt32(ends[i]! - 4, first + i);
}

/** Where the rows written go: the COPY rows, where each ends, and the block of each (to route re-imported blocks). */
export interface PostingOutput {
  readonly rows: BinaryCopyBuffer;
  readonly ends: { push(value: number): void };
  readonly blocks: { push(value: number): void };
}

/** Words remembered as written already, per accumulator, before the memory is emptied and they may be written again. */
const WORDS_REMEMBERED = 200_000;

/**
 * The postings of the records of one kind as they come (one accumulator per worker thread and kind, kept across
 * pieces): each record's tokens (`postingTokens`) and grades are appended to compact typed arrays for the current
 * block of ids, and written as `search_posting` rows, one per token, when a record of another block arrives or at
 * `flush` (the end of the file). Dumps come in id order, so a block is written once per accumulator; records out of
 * order only make more rows, which a search merges. Also collects the new vocabulary words (`vocabularyWords`),
 * remembering a bounded number already written.
 */
export class PostingAccumulator {
  private block = -1;
  private readonly tokenIds = new Map<string, number>();
  private tokens: string[] = [];
  private postToken = new Int32Array(1 << 16);
  private postId = new Int32Array(1 << 16);
  private postGrade = new Uint8Array(1 << 16);
  private count = 0;
  private lastId = -1;
  private inOrder = true;
  private readonly recordTokens = new Map<string, number>();
  private readonly recordWords = new Set<string>();
  private readonly wordsWritten = new Set<string>();
  private scratch = new Uint8Array(1 << 16);
  private readonly kind: number;

  constructor(
    kind: keyof typeof KIND_CODES,
    private readonly stemmer: Porter2Stemmer,
  ) {
    this.kind = KIND_CODES[kind];
  }

  /** Adds a record's postings (writing the block before, if the record is of another block) and its new words. */
  add(facts: SearchFacts, out: PostingOutput, words: { text(word: string): void }): void {
    const id = facts.id;
    const block = blockOf(id);
    if (block !== this.block) {
      this.flush(out);
      this.block = block;
    }
    if (id <= this.lastId) this.inOrder = false;
    this.lastId = id;
    const tokens = this.recordTokens;
    tokens.clear();
    postingTokens(facts, this.stemmer.fn, tokens);
    this.reserve(tokens.size);
    const ids = this.tokenIds;
    let n = this.count;
    for (const [token, grade] of tokens) {
      let t = ids.get(token);
      if (t === undefined) {
        t = this.tokens.length;
        ids.set(token, t);
        this.tokens.push(token);
      }
      this.postToken[n] = t;
      this.postId[n] = id;
      this.postGrade[n] = grade;
      n++;
    }
    this.count = n;
    const fresh = this.recordWords;
    fresh.clear();
    vocabularyWords(facts, fresh);
    for (const word of fresh) {
      if (this.wordsWritten.has(word)) continue;
      if (this.wordsWritten.size >= WORDS_REMEMBERED) this.wordsWritten.clear();
      this.wordsWritten.add(word);
      words.text(word);
    }
  }

  /** Writes the postings held (one row per token of the current block) and starts afresh. */
  flush(out: PostingOutput): void {
    const count = this.count;
    if (count === 0) return;
    const tokenCount = this.tokens.length;
    // Postings grouped by token (a counting sort, stable: each token's postings stay in the order they came).
    const starts = new Int32Array(tokenCount + 1);
    for (let i = 0; i < count; i++) starts[this.postToken[i]! + 1]++;
    for (let t = 0; t < tokenCount; t++) starts[t + 1]! += starts[t]!;
    const fill = starts.slice(0, tokenCount);
    const ids = new Int32Array(count);
    const grades = new Uint8Array(count);
    for (let i = 0; i < count; i++) {
      const at = fill[this.postToken[i]!]!++;
      ids[at] = this.postId[i]!;
      grades[at] = this.postGrade[i]!;
    }
    const block = this.block;
    for (let t = 0; t < tokenCount; t++) {
      let from = starts[t]!;
      let to = starts[t + 1]!;
      if (to === from) continue;
      if (!this.inOrder) {
        const sorted = sortedUnique(ids, grades, from, to);
        ids.set(sorted.ids, from);
        grades.set(sorted.grades, from);
        to = from + sorted.ids.length;
      }
      if (this.scratch.length < (to - from) * MAX_POSTING_BYTES) this.scratch = new Uint8Array((to - from) * MAX_POSTING_BYTES * 2);
      const bytes = encodePostings(block, ids, grades, from, to, this.scratch, 0);
      out.rows.row(6).int2(this.kind).text(this.tokens[t]!).int4(block).int4(to - from).bytea(this.scratch, 0, bytes).int4(0);
      out.ends.push(out.rows.byteLength);
      out.blocks.push(block);
      from = to;
    }
    this.tokenIds.clear();
    this.tokens = [];
    this.count = 0;
    this.lastId = -1;
    this.inOrder = true;
    // A block's worth of postings is what the arrays grew to: they are kept for the next block, unless far larger.
    if (this.postId.length > 4 * BLOCK_SIZE * 128) this.grow(1 << 16, true);
  }

  private reserve(more: number): void {
    if (this.count + more > this.postId.length) this.grow(Math.max(this.postId.length * 2, this.count + more), false);
  }

  private grow(size: number, empty: boolean): void {
    const token = new Int32Array(size);
    const id = new Int32Array(size);
    const grade = new Uint8Array(size);
    if (!empty) {
      token.set(this.postToken.subarray(0, this.count));
      id.set(this.postId.subarray(0, this.count));
      grade.set(this.postGrade.subarray(0, this.count));
    }
    this.postToken = token;
    this.postId = id;
    this.postGrade = grade;
  }
}

/** The postings `from`…`to` in ascending id order, each id once (with its best grade). */
function sortedUnique(ids: Int32Array, grades: Uint8Array, from: number, to: number): { ids: Int32Array; grades: Uint8Array } {
  const order = Array.from({ length: to - from }, (_, i) => from + i).sort((a, b) => ids[a]! - ids[b]!);
  const outIds: number[] = [];
  const outGrades: number[] = [];
  for (const i of order) {
    const last = outIds.length - 1;
    if (last >= 0 && outIds[last] === ids[i]) {
      if (grades[i]! > outGrades[last]!) outGrades[last] = grades[i]!;
    } else {
      outIds.push(ids[i]!);
      outGrades.push(grades[i]!);
    }
  }
  return { ids: Int32Array.from(outIds), grades: Uint8Array.from(outGrades) };
}
