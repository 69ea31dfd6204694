import type { BinaryCopyBuffer } from '../catalogue/binary-copy-buffer.js';
import { grown } from '../../../application/search/typed-arrays.js';
import type { SharedTokens } from './posting-tokenizer.js';
import { BLOCK_SIZE, blockOf, encodePostingKeys, KIND_CODES, MAX_POSTING_BYTES } from '../../../application/search/posting-codec.js';

/** The columns of a `search_posting` row, in the order `PostingAccumulator` writes them. */
export const SEARCH_POSTING_COLUMNS = ['kind', 'token', 'block', 'part', 'n', 'postings', 'grades'] as const;

/**
 * The postings of a run of records as the import's encoder gives them (see `EncodedRows`): per record (`ids`,
 * `postingEnds`) the number of each token it holds and its grade; the numbers are those of the encoder's token table,
 * whose bytes and hashes the run shares (`tokenTable`, see `SharedTokens`).
 */
export interface EncodedPostings {
  readonly ids: Int32Array;
  readonly tokenTable: SharedTokens;
  readonly postingEnds: Int32Array;
  readonly postingTokens: Int32Array;
  readonly postingGrades: Uint8Array;
}

/** An accumulator's numbers of the tokens of one token table (see `PostingAccumulator.sources`). */
interface TableNumbers {
  generation: number;
  stamps: Int32Array<ArrayBuffer>;
  local: Int32Array<ArrayBuffer>;
}

/** Where the rows written go: the COPY rows, and the block of each (to route re-imported blocks). */
export interface PostingOutput {
  readonly rows: BinaryCopyBuffer;
  readonly blocks: number[];
}

/**
 * The postings of the records of one kind as an import writes them, in its transaction's thread: the records' tokens
 * and grades are appended to compact typed arrays for the current block of ids (ids ascend through a dump), and
 * written as `search_posting` rows, one per token, when a record of another block arrives or at `flush`. Records out
 * of order only make more rows for a block, which a search merges; a record repeated in the block counts in its last
 * version only. Each row written gets a part number of its own (`firstPart` on), so that rows of one token and block
 * written apart keep keys of their own.
 */
export class PostingAccumulator {
  private block = -1;
  /** The block's tokens, by number: their UTF-8 bytes in a pool, and their hashes, in a table open addressed by hash. */
  private readonly tokens = new TokenTable();
  /**
   * Per posting: its token's number, and its key: its id as an offset in the block and its grade
   * (`offset << 2 | grade`, 16 bits: a block holds 2^14 ids); 6 bytes a posting.
   */
  private postToken = new Int32Array(1 << 16);
  private postKey = new Uint16Array(1 << 16);
  /** Per record of the block, in the order they came: its id and where its postings end (a record's are together). */
  private recordIds = new Int32Array(1 << 10);
  private recordEnds = new Int32Array(1 << 10);
  private count = 0;
  private records = 0;
  private lastId = -1;
  private inOrder = true;
  private scratch = new Uint8Array(1 << 16);
  /**
   * Per token table that runs came from (by `source`): the block's number of each of its tokens, valid when the
   * token's stamp is the current block's `serial` (a new one for each block), and the generation of the table they
   * are numbers of. A token is found by its bytes once per block and table, not once per run.
   */
  private readonly sources = new Map<number, TableNumbers>();
  private serial = 1;
  /** `flush`'s counting sort: where each token's postings start and the next free place, and the sorted keys. */
  private starts = new Int32Array(0);
  private fill = new Int32Array(0);
  private sortedKeys = new Uint16Array(0);
  private readonly kind: number;
  private part: number;

  constructor(kind: keyof typeof KIND_CODES, firstPart = 1) {
    this.kind = KIND_CODES[kind];
    this.part = firstPart;
  }

  /** The part number the next row written gets (an import's checkpoint keeps it, to go on from it when resumed). */
  get nextPart(): number {
    return this.part;
  }

  /** Adds the postings of records `from`…`to` (exclusive) of `e`, writing each block's rows to `out` when it ends. */
  add(e: EncodedPostings, from: number, to: number, out: PostingOutput): void {
    if (to <= from) return;
    // (The run's arrays read once: runs come in objects of more than one shape.)
    const ids = e.ids;
    const ends = e.postingEnds;
    const refs = e.postingTokens;
    const grades = e.postingGrades;
    const table = e.tokenTable;
    const tokenEnds = table.ends;
    const bytes = table.bytes;
    const hashes = table.hashes;
    const source = this.source(table);
    const stamps = source.stamps;
    const local = source.local;
    for (let r = from; r < to; r++) {
      const id = ids[r]!;
      const block = blockOf(id);
      if (block !== this.block) {
        this.flush(out);
        this.block = block;
      }
      if (id <= this.lastId) this.inOrder = false;
      this.lastId = id;
      const start = r === 0 ? 0 : ends[r - 1]!;
      const end = ends[r]!;
      this.reserve(end - start);
      const postToken = this.postToken;
      const postKey = this.postKey;
      const offset = (id - block * BLOCK_SIZE) << 2;
      const serial = this.serial;
      let n = this.count;
      for (let p = start; p < end; p++) {
        const t = refs[p]!;
        let g: number;
        if (stamps[t] === serial) g = local[t]!;
        else {
          g = local[t] = this.tokens.intern(bytes, t === 0 ? 0 : tokenEnds[t - 1]!, tokenEnds[t]!, hashes[t]!);
          stamps[t] = serial;
        }
        postToken[n] = g;
        postKey[n] = offset | (grades[p]! & 3);
        n++;
      }
      this.count = n;
      this.endRecord(id, n);
    }
  }

  /** Writes the postings held (one row per token of the current block) and starts afresh. */
  flush(out: PostingOutput): void {
    const count = this.count;
    if (count === 0) {
      this.records = 0;
      return;
    }
    const tokenCount = this.tokens.count;
    const keep = this.inOrder ? undefined : this.lastVersions();
    // Postings grouped by token (a counting sort, stable: each token's postings stay in the order they came), in
    // arrays kept from block to block: megabytes allocated and freed per block would fragment the process's heap.
    if (this.starts.length < tokenCount + 1) {
      this.starts = new Int32Array(tokenCount + 1 + (tokenCount >> 1));
      this.fill = new Int32Array(this.starts.length);
    }
    if (this.sortedKeys.length < count) this.sortedKeys = new Uint16Array(this.postKey.length);
    const starts = this.starts.fill(0, 0, tokenCount + 1);
    for (let i = 0; i < count; i++) if (!keep || keep[i]) starts[this.postToken[i]! + 1]!++;
    for (let t = 0; t < tokenCount; t++) starts[t + 1]! += starts[t]!;
    const fill = this.fill;
    fill.set(starts.subarray(0, tokenCount));
    const keys = this.sortedKeys;
    const block = this.block;
    for (let i = 0; i < count; i++) {
      if (keep && !keep[i]) continue;
      keys[fill[this.postToken[i]!]!++] = this.postKey[i]!;
    }
    for (let t = 0; t < tokenCount; t++) {
      const from = starts[t]!;
      const to = starts[t + 1]!;
      if (to === from) continue;
      // (A record holds a token once, so keys sorted as numbers are its postings in id order.)
      if (!this.inOrder) keys.subarray(from, to).sort();
      if (this.scratch.length < (to - from) * MAX_POSTING_BYTES) this.scratch = new Uint8Array((to - from) * MAX_POSTING_BYTES * 2);
      const bytes = encodePostingKeys(block, keys, from, to, this.scratch, 0);
      let grades = 0;
      for (let i = from; i < to; i++) grades |= 1 << (keys[i]! & 3);
      out.rows.row(7).int2(this.kind).bytea(this.tokens.pool, this.tokens.start(t), this.tokens.length(t)).int4(block).int4(this.part++).int4(to - from).bytea(this.scratch, 0, bytes).int2(grades);
      out.blocks.push(block);
    }
    this.tokens.clear();
    this.serial++;
    this.count = 0;
    this.records = 0;
    this.lastId = -1;
    this.inOrder = true;
    // The arrays keep the size a block needed, unless far larger than a block of releases needs.
    if (this.postKey.length > BLOCK_SIZE * 512) {
      this.grow(1 << 16, true);
      this.sortedKeys = new Uint16Array(0);
    }
  }

  /** The block's numbers of the tokens of `table`, room made for all it holds. */
  private source(table: SharedTokens): TableNumbers {
    let source = this.sources.get(table.source);
    if (source === undefined) {
      source = { generation: table.generation, stamps: new Int32Array(1 << 10), local: new Int32Array(1 << 10) };
      this.sources.set(table.source, source);
    } else if (source.generation !== table.generation) {
      // The table was emptied and numbers its tokens again.
      source.generation = table.generation;
      source.stamps.fill(0);
    }
    const n = table.ends.length;
    if (n > source.stamps.length) {
      source.stamps = grown(source.stamps, n);
      source.local = grown(source.local, n);
    }
    return source;
  }

  /** Notes the end of a record's postings. */
  private endRecord(id: number, end: number): void {
    const r = this.records++;
    if (r === this.recordIds.length) {
      this.recordIds = grown(this.recordIds, r + 1);
      this.recordEnds = grown(this.recordEnds, r + 1);
    }
    this.recordIds[r] = id;
    this.recordEnds[r] = end;
  }

  /** Which postings belong to the last version of their record (a record may come twice in a block). */
  private lastVersions(): Uint8Array {
    const keep = new Uint8Array(this.count);
    const seen = new Set<number>();
    for (let r = this.records - 1; r >= 0; r--) {
      const id = this.recordIds[r]!;
      if (seen.has(id)) continue;
      seen.add(id);
      keep.fill(1, r === 0 ? 0 : this.recordEnds[r - 1]!, this.recordEnds[r]!);
    }
    return keep;
  }

  private reserve(more: number): void {
    if (this.count + more > this.postKey.length) this.grow(Math.max(this.postKey.length * 2, this.count + more), false);
  }

  private grow(size: number, empty: boolean): void {
    const keep = empty ? 0 : this.count;
    const grown = <T extends Int32Array | Uint16Array>(a: T, make: (n: number) => T): T => {
      const b = make(size);
      b.set(a.subarray(0, keep));
      return b;
    };
    this.postToken = grown(this.postToken, (n) => new Int32Array(n));
    this.postKey = grown(this.postKey, (n) => new Uint16Array(n));
  }
}

/**
 * A set of byte strings (a block's tokens; the vocabulary words an import wrote): numbered as they come, their bytes
 * kept in one pool, found again by hash and bytes, without a string made for any of them.
 */
export class TokenTable {
  pool = new Uint8Array(1 << 16);
  private used = 0;
  private ends = new Int32Array(1 << 12);
  private hashes = new Int32Array(1 << 12);
  /** Token number + 1 per slot, 0 when free; at most half full. */
  private slots = new Int32Array(1 << 13);
  count = 0;

  start(t: number): number {
    return t === 0 ? 0 : this.ends[t - 1]!;
  }

  length(t: number): number {
    return this.ends[t]! - this.start(t);
  }

  /** The number of the token whose bytes are `bytes[from…to)` (and hash `hash`), given a new one if it is new. */
  intern(bytes: Uint8Array, from: number, to: number, hash: number): number {
    const slots = this.slots;
    const mask = slots.length - 1;
    let i = hash & mask;
    for (let s = slots[i]!; s !== 0; s = slots[i]!) {
      const t = s - 1;
      if (this.hashes[t] === hash && this.same(t, bytes, from, to)) return t;
      i = (i + 1) & mask;
    }
    const t = this.count++;
    if (t === this.ends.length) {
      this.ends = grown(this.ends, t + 1);
      this.hashes = grown(this.hashes, t + 1);
    }
    const n = to - from;
    if (this.used + n > this.pool.length) {
      const pool = new Uint8Array(Math.max(this.pool.length * 2, this.used + n));
      pool.set(this.pool.subarray(0, this.used));
      this.pool = pool;
    }
    // (A loop, not `set` of a `subarray`: tokens are short, and a view per token is garbage.)
    const pool = this.pool;
    for (let k = 0, at = this.used; k < n; k++) pool[at + k] = bytes[from + k]!;
    this.used += n;
    this.ends[t] = this.used;
    this.hashes[t] = hash;
    slots[i] = t + 1;
    if (this.count * 2 > slots.length) this.rehash(slots.length * 2);
    return t;
  }

  /** Adds the byte string `bytes[from…to)`, hashed here (FNV-1a of its bytes), unless held; whether it was new. */
  add(bytes: Uint8Array, from: number, to: number): boolean {
    let hash = 0x811c9dc5;
    for (let k = from; k < to; k++) hash = Math.imul(hash ^ bytes[k]!, 0x01000193);
    const held = this.count;
    return this.intern(bytes, from, to, hash | 0) === held;
  }

  clear(): void {
    this.count = 0;
    this.used = 0;
    this.slots.fill(0);
  }

  private same(t: number, bytes: Uint8Array, from: number, to: number): boolean {
    const start = this.start(t);
    if (this.ends[t]! - start !== to - from) return false;
    const pool = this.pool;
    for (let k = 0; k < to - from; k++) if (pool[start + k] !== bytes[from + k]) return false;
    return true;
  }

  private rehash(size: number): void {
    const slots = new Int32Array(size);
    const mask = size - 1;
    for (let t = 0; t < this.count; t++) {
      let i = this.hashes[t]! & mask;
      while (slots[i] !== 0) i = (i + 1) & mask;
      slots[i] = t + 1;
    }
    this.slots = slots;
  }
}
