/*
 * Where a database search's posting lists come from (ADR 0017): the SQL catalogue's tables, or the in-memory source
 * built from records (tests, the memory family). The search itself is evaluated by application/search/evaluate-search.ts.
 */

/** A row of posting lists: `n` postings of `token` in `block` of records of `kind` (the stream, when asked for). */
export interface PostingRow {
  readonly kind: number;
  readonly token: string;
  readonly block: number;
  readonly n: number;
  readonly postings?: Uint8Array;
  /** The grades of its postings, a bit per grade (`1 << grade`); null or absent when unknown (any grade). */
  readonly grades?: number | null;
}

/** Where the posting lists come from. */
export interface PostingSource {
  /** The rows of these tokens in these kinds, without their streams (which blocks hold them, and how many). */
  rows(kinds: readonly number[], tokens: readonly string[]): Promise<readonly PostingRow[]>;
  /** The rows of these tokens in these kinds and blocks, with their streams. */
  postings(kinds: readonly number[], tokens: readonly string[], blocks: readonly number[]): Promise<readonly PostingRow[]>;
  /**
   * The popularity of the records of these blocks of each kind (kind → block → array indexed by the id's place in the
   * block); a block without one: all 0.
   */
  popularity(blocks: ReadonlyMap<number, readonly number[]>): Promise<ReadonlyMap<number, ReadonlyMap<number, Int32Array>>>;
  /** Vocabulary words most like `word` (trigram similarity), best first; the planner makes them terms. */
  similarWords(word: string): Promise<readonly string[]>;
}
