/**
 * A set of ids (whole numbers from 1 to 2^31 − 1) kept as bits, in pages of 65,536 ids made as they are needed: its
 * memory follows the range the ids span (8 KB a page), not how many there are, so an upload of any size keeps the
 * ids it has seen in a few MB at most (Discogs' release ids span some 35 million: 4 MB), and they come back in
 * ascending order.
 */
export class IdBits {
  private readonly pages = new Map<number, Uint32Array>();

  add(id: number): void {
    if (!Number.isSafeInteger(id) || id < 1 || id > 2147483647) throw new RangeError(`Not an id: ${id}`);
    let bits = this.pages.get(id >>> 16);
    if (!bits) {
      bits = new Uint32Array(2048);
      this.pages.set(id >>> 16, bits);
    }
    const at = id & 0xffff;
    bits[at >>> 5]! |= 1 << (at & 31);
  }

  has(id: number): boolean {
    if (!Number.isSafeInteger(id) || id < 1 || id > 2147483647) return false;
    const bits = this.pages.get(id >>> 16);
    const at = id & 0xffff;
    return bits !== undefined && (bits[at >>> 5]! & (1 << (at & 31))) !== 0;
  }

  /** The ids in ascending order, in arrays of at most `size`. */
  *chunks(size: number): Iterable<number[]> {
    let chunk: number[] = [];
    for (const page of [...this.pages.keys()].sort((a, b) => a - b)) {
      const bits = this.pages.get(page)!;
      for (let w = 0; w < bits.length; w++) {
        for (let word = bits[w]!; word !== 0; word &= word - 1) {
          chunk.push(page * 65536 + w * 32 + (31 - Math.clz32(word & -word)));
          if (chunk.length >= size) {
            yield chunk;
            chunk = [];
          }
        }
      }
    }
    if (chunk.length > 0) yield chunk;
  }
}
