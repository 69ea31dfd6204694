import { BLOCK_BITS, BLOCK_SIZE } from './posting-codec.js';

/** A record found, in the order of the results. */
export interface RankedRecord {
  readonly kind: number;
  readonly id: number;
  readonly score: number;
}

/** Popularity above this is this, in the order (nothing is that popular; it keeps the order key exact). */
const MAX_POPULARITY = 2 ** 23 - 1;

/** A record's key in the order of results (score, then popularity, both descending; ties by id and kind). */
export const orderKey = (score: number, popularity: number): number =>
  score * (MAX_POPULARITY + 1) + Math.min(Math.max(popularity, 0), MAX_POPULARITY);

/** The records found, in (id, kind) order, with their scores; cut into the page by score, popularity, id and kind. */
export class FoundRecords {
  private kinds = new Uint8Array(1024);
  private ids = new Int32Array(1024);
  private scores = new Int32Array(1024);
  length = 0;

  push(kind: number, id: number, score: number): void {
    if (this.length === this.ids.length) {
      const grow = <T extends Uint8Array | Int32Array>(a: T, make: (n: number) => T): T => {
        const b = make(a.length * 2);
        b.set(a);
        return b;
      };
      this.kinds = grow(this.kinds, (n) => new Uint8Array(n));
      this.ids = grow(this.ids, (n) => new Int32Array(n));
      this.scores = grow(this.scores, (n) => new Int32Array(n));
    }
    this.kinds[this.length] = kind;
    this.ids[this.length] = id;
    this.scores[this.length] = score;
    this.length++;
  }

  /**
   * Records `offset`…`offset + limit` in the order: score, then popularity (both descending), then id and kind. The
   * records are in (id, kind) order already, so the order key is score and popularity only, ties kept in place: the
   * records above the key of the last one the page needs are sorted, those at that key taken in place.
   */
  page(pops: ReadonlyMap<number, ReadonlyMap<number, Int32Array>>, offset: number, limit: number): RankedRecord[] {
    const n = this.length;
    if (offset >= n || limit <= 0) return [];
    const keys = new Float64Array(n);
    let min = Infinity;
    let max = -Infinity;
    const anyPopularity = [...pops.values()].some((m) => m.size > 0);
    // (Records come block by block: the popularity array of the last kind and block is kept at hand.)
    let lastKind = -1;
    let lastBlock = -1;
    let blockPops: Int32Array | undefined;
    for (let i = 0; i < n; i++) {
      let pop = 0;
      if (anyPopularity) {
        const id = this.ids[i]!;
        const kind = this.kinds[i]!;
        const block = id >>> BLOCK_BITS;
        if (kind !== lastKind || block !== lastBlock) {
          lastKind = kind;
          lastBlock = block;
          blockPops = pops.get(kind)?.get(block);
        }
        if (blockPops) pop = blockPops[id & (BLOCK_SIZE - 1)]!;
      }
      const k = orderKey(this.scores[i]!, pop);
      keys[i] = k;
      if (k < min) min = k;
      if (k > max) max = k;
    }
    const needed = Math.min(n, offset + limit);
    let order: number[];
    if (min === max) {
      order = [];
      for (let i = offset; i < needed; i++) order.push(i);
      return order.map((i) => this.at(i));
    }
    // The key of the `needed`-th record in the order, and how many records lie above it.
    const threshold = kthLargest(keys, needed);
    const above: number[] = [];
    for (let i = 0; i < n; i++) if (keys[i]! > threshold) above.push(i);
    above.sort((a, b) => keys[b]! - keys[a]! || a - b);
    order = above;
    for (let i = 0; i < n && order.length < needed; i++) if (keys[i] === threshold) order.push(i);
    return order.slice(offset, needed).map((i) => this.at(i));
  }

  private at(i: number): RankedRecord {
    return { kind: this.kinds[i]!, id: this.ids[i]!, score: this.scores[i]! };
  }
}

/** The k-th largest value of `values` (1 ≤ k ≤ length), by quickselect on a copy. */
export function kthLargest(values: Float64Array, k: number): number {
  const a = Float64Array.from(values);
  let lo = 0;
  let hi = a.length - 1;
  const target = k - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >>> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! > pivot) i++;
      while (a[j]! < pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else return a[target]!;
  }
  return a[target]!;
}
