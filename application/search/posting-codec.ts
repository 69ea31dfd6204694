/*
 * Posting lists as the search index stores them (`search_posting.postings`): for the records of one block of ids that
 * hold one token, in ascending id order, a stream of unsigned LEB128 varints, each `((id − previous id) << 2) | grade`,
 * the first id counted from the block's first id (`block << BLOCK_BITS`). Two bits of grade (A 3 … D 0), so a delta
 * below 32 takes one byte and one below 4,096 two.
 */

/** Ids per block: a block is `id >> BLOCK_BITS`. */
export const BLOCK_BITS = 14;
export const BLOCK_SIZE = 1 << BLOCK_BITS;

/** The block of an id. */
export const blockOf = (id: number): number => id >>> BLOCK_BITS;

/** Writes the varint of `value` (a non-negative integer below 2^53) at `at`; returns where it ends. */
function putVarint(out: Uint8Array, at: number, value: number): number {
  while (value >= 0x80) {
    out[at++] = (value % 0x80) | 0x80;
    value = Math.floor(value / 0x80);
  }
  out[at++] = value;
  return at;
}

/** The most bytes one posting takes (ids below 2^31: a delta below 2^33 with the grade). */
export const MAX_POSTING_BYTES = 5;

/**
 * Encodes `count` postings (`ids` ascending, all in `block`, and their grades 0–3) into `out` from `at`, which must have
 * room for `count * MAX_POSTING_BYTES` bytes; returns where the stream ends. Throws on ids out of order or outside the
 * block, which would make a stream that decodes to other records.
 */
export function encodePostings(
  block: number,
  ids: ArrayLike<number>,
  grades: ArrayLike<number>,
  from: number,
  to: number,
  out: Uint8Array,
  at: number,
): number {
  let previous = block * BLOCK_SIZE;
  const end = previous + BLOCK_SIZE;
  for (let i = from; i < to; i++) {
    const id = ids[i]!;
    if (id < previous || id >= end || (i > from && id === previous)) {
      throw new Error(`posting ids must ascend within block ${block}: ${id} after ${previous}`);
    }
    at = putVarint(out, at, (id - previous) * 4 + (grades[i]! & 3));
    previous = id;
  }
  return at;
}

/**
 * The same stream from postings given as keys of 16 bits, `(id − the block's first id) << 2 | grade`, ascending (as the
 * import gathers a block's postings): `encodePostings` of the ids and grades the keys hold.
 */
export function encodePostingKeys(block: number, keys: ArrayLike<number>, from: number, to: number, out: Uint8Array, at: number): number {
  let previous = 0;
  for (let i = from; i < to; i++) {
    const key = keys[i]!;
    const offset = key >>> 2;
    if (key > 0xffff || offset < previous || (i > from && offset === previous)) {
      throw new Error(`posting ids must ascend within block ${block}: offset ${offset} after ${previous}`);
    }
    at = putVarint(out, at, (offset - previous) * 4 + (key & 3));
    previous = offset;
  }
  return at;
}

/** Postings decoded: ids ascending, each with its grade. */
export interface DecodedPostings {
  ids: Int32Array;
  grades: Uint8Array;
  length: number;
}

/**
 * Decodes a stream of `block` (see above) into `into` from `into.length` on, growing its arrays as needed. A stream cut
 * short or with a posting outside the block is refused (it was not written by `encodePostings`).
 */
export function decodePostings(block: number, bytes: Uint8Array, into: DecodedPostings): DecodedPostings {
  let n = into.length;
  // A posting takes a byte at least: room for as many as there are bytes.
  if (into.ids.length < n + bytes.length) {
    const size = Math.max(into.ids.length * 2, n + bytes.length, 16);
    const ids = new Int32Array(size);
    ids.set(into.ids.subarray(0, n));
    const grades = new Uint8Array(size);
    grades.set(into.grades.subarray(0, n));
    into.ids = ids;
    into.grades = grades;
  }
  const ids = into.ids;
  const grades = into.grades;
  let previous = block * BLOCK_SIZE;
  const end = previous + BLOCK_SIZE;
  let i = 0;
  const length = bytes.length;
  while (i < length) {
    let b = bytes[i++]!;
    let value = b & 0x7f;
    let scale = 0x80;
    while (b >= 0x80) {
      if (i >= length) throw new Error(`a posting list of block ${block} ends inside a posting`);
      b = bytes[i++]!;
      value += (b & 0x7f) * scale;
      scale *= 0x80;
    }
    const id = previous + Math.floor(value / 4);
    if (id >= end) throw new Error(`a posting list of block ${block} holds id ${id}, outside the block`);
    ids[n] = id;
    grades[n] = value & 3;
    n++;
    previous = id;
  }
  into.length = n;
  return into;
}

/** An empty `DecodedPostings` to decode into. */
export const noPostings = (): DecodedPostings => ({ ids: new Int32Array(0), grades: new Uint8Array(0), length: 0 });

/**
 * The kinds of record as the search tables number them (`kind smallint`), in the order results break ties by kind
 * (the order of the API's names: artist, label, master, release).
 */
export const KIND_CODES = { artist: 0, label: 1, master: 2, release: 3 } as const;
export const KIND_NAMES = ['artist', 'label', 'master', 'release'] as const;

/**
 * Puts postings decoded from several rows of one token and block (written apart: by two workers, by two imports) in
 * ascending id order, each id once with its best grade.
 */
export function sortPostings(p: DecodedPostings): DecodedPostings {
  const n = p.length;
  let ascending = true;
  for (let i = 1; i < n && ascending; i++) ascending = p.ids[i]! > p.ids[i - 1]!;
  if (ascending) return p;
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = p.ids[i]! * 4 + p.grades[i]!;
  keys.sort();
  let m = 0;
  for (let i = 0; i < n; i++) {
    const id = Math.floor(keys[i]! / 4);
    // Equal ids come together, the best grade last.
    if (m > 0 && p.ids[m - 1] === id) m--;
    p.ids[m] = id;
    p.grades[m] = keys[i]! % 4;
    m++;
  }
  p.length = m;
  return p;
}
