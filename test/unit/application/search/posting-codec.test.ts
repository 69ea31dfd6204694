import { expect } from 'chai';
import {
  BLOCK_SIZE,
  blockOf,
  decodePostings,
  encodePostingKeys,
  encodePostings,
  MAX_POSTING_BYTES,
  noPostings,
  sortPostings,
} from '../../../../application/search/posting-codec.js';

const encode = (block: number, ids: number[], grades: number[]): Uint8Array => {
  const out = new Uint8Array(ids.length * MAX_POSTING_BYTES);
  return out.subarray(0, encodePostings(block, ids, grades, 0, ids.length, out, 0));
};
const decode = (block: number, bytes: Uint8Array): Array<[number, number]> => {
  const d = decodePostings(block, bytes, noPostings());
  return Array.from({ length: d.length }, (_, i) => [d.ids[i]!, d.grades[i]!]);
};

describe('posting lists (varints of id deltas and grades)', () => {
  it('blocks are 16,384 ids', () => {
    expect(BLOCK_SIZE).to.equal(16_384);
    expect([0, 16_383, 16_384, 1_000_000].map(blockOf)).to.deep.equal([0, 0, 1, 61]);
  });

  it('writes ((id − previous) << 2) | grade as LEB128, the first id counted from the block', () => {
    // Block 1 starts at 16,384: 16,384 → delta 0, grade 3 → 3; 16,400 → 16 << 2 | 1 = 65; 16,400 + 40 → 160 | 2 = 162 (two bytes).
    expect([...encode(1, [16_384, 16_400, 16_440], [3, 1, 2])]).to.deep.equal([3, 65, 0xa2, 0x01]);
  });

  it('round-trips ids and grades in any spacing within a block', () => {
    for (const block of [0, 1, 61, 131_071]) {
      const first = block * BLOCK_SIZE;
      const ids = [first, first + 1, first + 2, first + 127, first + 128, first + 5_000, first + BLOCK_SIZE - 1].filter((id) => id > 0 || block > 0);
      const grades = ids.map((_, i) => i % 4);
      expect(decode(block, encode(block, ids, grades))).to.deep.equal(ids.map((id, i) => [id, grades[i]]));
    }
  });

  it('refuses ids out of order or outside the block, and streams cut short or reaching past it', () => {
    expect(() => encode(0, [5, 3], [0, 0])).to.throw(/ascend/);
    expect(() => encode(0, [5, 5], [0, 0])).to.throw(/ascend/);
    expect(() => encode(1, [5], [0])).to.throw(/ascend/);
    expect(() => encode(0, [BLOCK_SIZE], [0])).to.throw(/ascend/);
    expect(() => decode(0, Uint8Array.from([0x80]))).to.throw(/ends inside/);
    expect(() => decode(0, Uint8Array.from([0x80, 0x80, 0x04]))).to.throw(/outside the block/);
  });

  it('writes the same stream from keys of 16 bits (offset in the block << 2 | grade), and refuses them out of order', () => {
    for (const block of [0, 1, 61, 131_071]) {
      const first = block * BLOCK_SIZE;
      const offsets = [0, 1, 2, 31, 32, 127, 128, 4_095, 4_096, 9_999, BLOCK_SIZE - 1];
      const grades = offsets.map((o) => (o * 7) % 4);
      const keys = Uint16Array.from(offsets.map((o, i) => (o << 2) | grades[i]!));
      const out = new Uint8Array(keys.length * MAX_POSTING_BYTES);
      for (const [from, to] of [[0, keys.length], [3, 8], [5, 5]] as const) {
        const end = encodePostingKeys(block, keys, from, to, out, 0);
        const ids = offsets.slice(from, to).map((o) => first + o);
        expect([...out.subarray(0, end)]).to.deep.equal([...encode(block, ids, grades.slice(from, to))]);
      }
    }
    const keys = (...offsets: number[]): Uint16Array => Uint16Array.from(offsets.map((o) => o << 2));
    expect(() => encodePostingKeys(0, keys(5, 3), 0, 2, new Uint8Array(10), 0)).to.throw(/ascend/);
    expect(() => encodePostingKeys(0, keys(5, 5), 0, 2, new Uint8Array(10), 0)).to.throw(/ascend/);
  });

  it('appends to what was decoded already, growing its arrays', () => {
    const into = noPostings();
    decodePostings(0, encode(0, [1, 2], [0, 1]), into);
    decodePostings(0, encode(0, [3], [3]), into);
    expect(into.length).to.equal(3);
    expect([...into.ids.subarray(0, 3)]).to.deep.equal([1, 2, 3]);
  });

  it('merges rows of one token written apart: ids in order, each once with its best grade', () => {
    const into = noPostings();
    decodePostings(0, encode(0, [2, 9, 30], [0, 1, 0]), into);
    decodePostings(0, encode(0, [1, 9, 40], [3, 2, 0]), into);
    sortPostings(into);
    expect(Array.from({ length: into.length }, (_, i) => `${into.ids[i]}:${into.grades[i]}`)).to.deep.equal(['1:3', '2:0', '9:2', '30:0', '40:0']);
  });
});
