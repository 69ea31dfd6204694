import { expect } from 'chai';
import { BinaryCopyBuffer } from '../../../../../adapters/persistence/catalogue/binary-copy-buffer.js';
import { PostingAccumulator, TokenTable, type EncodedPostings } from '../../../../../adapters/persistence/search/posting-accumulator.js';
import { BLOCK_SIZE, decodePostings, noPostings } from '../../../../../application/search/posting-codec.js';

/** Token tables of runs made apart: each a source of its own. */
let sources = 0;

/**
 * A run of records as the encoder gives it: each record's id and its tokens with grades; its token table a new one, or
 * `table` (the same source: its tokens keep their numbers, new ones are added after them; a new `generation` numbers
 * them afresh).
 */
function run(
  records: ReadonlyArray<readonly [number, Record<string, number>]>,
  table: { source: number; generation: number; tokens: string[] } = { source: ++sources, generation: 0, tokens: [] },
): EncodedPostings {
  const tokens = table.tokens;
  const refs: number[] = [];
  const grades: number[] = [];
  const ends: number[] = [];
  for (const [, held] of records) {
    for (const [token, grade] of Object.entries(held)) {
      let t = tokens.indexOf(token);
      if (t === -1) t = tokens.push(token) - 1;
      refs.push(t);
      grades.push(grade);
    }
    ends.push(refs.length);
  }
  const encoder = new TextEncoder();
  const bytes = tokens.map((t) => encoder.encode(t));
  let at = 0;
  return {
    ids: Int32Array.from(records.map(([id]) => id)),
    tokenTable: {
      source: table.source,
      generation: table.generation,
      bytes: Uint8Array.from(bytes.flatMap((b) => [...b])),
      ends: Int32Array.from(bytes.map((b) => (at += b.length))),
      // Any hash will do so long as equal tokens share it; one for all makes every look-up compare bytes.
      hashes: Int32Array.from(tokens.map(() => 7)),
    },
    postingEnds: Int32Array.from(ends),
    postingTokens: Int32Array.from(refs),
    postingGrades: Uint8Array.from(grades),
  };
}

/**
 * The rows written, merged per token: `token → [id, grade][]` in the order the rows hold them, and the rows' blocks;
 * each row's grades checked against its postings.
 */
function rowsOf(out: BinaryCopyBuffer): { lists: Map<string, [number, number][]>; blocks: number[] } {
  const view = Buffer.from(out.view());
  const lists = new Map<string, [number, number][]>();
  const blocks: number[] = [];
  let at = 0;
  const field = (): Buffer => {
    const n = view.readInt32BE(at);
    const value = view.subarray(at + 4, at + 4 + n);
    at += 4 + n;
    return value;
  };
  while (at < view.length) {
    expect(view.readInt16BE(at)).to.equal(7);
    at += 2;
    field(); // kind
    const token = field().toString('utf8');
    const block = field().readInt32BE(0);
    field(); // part
    const n = field().readInt32BE(0);
    const decoded = decodePostings(block, field(), noPostings());
    expect(decoded.length).to.equal(n);
    // The row's grades: a bit for each grade its postings have.
    let mask = 0;
    for (let i = 0; i < decoded.length; i++) mask |= 1 << decoded.grades[i]!;
    expect(field().readInt16BE(0)).to.equal(mask);
    blocks.push(block);
    const list = lists.get(token) ?? [];
    for (let i = 0; i < decoded.length; i++) list.push([decoded.ids[i]!, decoded.grades[i]!]);
    lists.set(token, list);
  }
  return { lists, blocks };
}

describe('PostingAccumulator', () => {
  it('writes one row per token and block, each id once with its grade, ids ascending', () => {
    const accumulator = new PostingAccumulator('release');
    const out = { rows: new BinaryCopyBuffer(), blocks: [] as number[] };
    const second = BLOCK_SIZE + 5;
    accumulator.add(run([[1, { '*': 0, 'w:blue': 3 }], [2, { '*': 0, 'w:blue': 1, 'gn:jazz': 0 }]]), 0, 2, out);
    accumulator.add(run([[BLOCK_SIZE - 1, { '*': 0 }], [second, { '*': 0, 'w:blue': 2 }]]), 0, 2, out);
    accumulator.flush(out);
    const { lists, blocks } = rowsOf(out.rows);
    expect(lists.get('*')).to.deep.equal([[1, 0], [2, 0], [BLOCK_SIZE - 1, 0], [second, 0]]);
    expect(lists.get('w:blue')).to.deep.equal([[1, 3], [2, 1], [second, 2]]);
    expect(lists.get('gn:jazz')).to.deep.equal([[2, 0]]);
    expect(blocks).to.deep.equal([0, 0, 0, 1, 1]);
    expect(out.blocks).to.deep.equal(blocks);
  });

  it('keeps the last version of a record that comes twice in a block, and orders records that come out of order', () => {
    const accumulator = new PostingAccumulator('release');
    const out = { rows: new BinaryCopyBuffer(), blocks: [] as number[] };
    accumulator.add(
      run([
        [10, { '*': 0, 'w:old': 3 }],
        [4, { '*': 0, 'w:red': 2 }],
        [12, { '*': 0, 'w:red': 1 }],
        [10, { '*': 0, 'w:new': 3 }],
      ]),
      0,
      4,
      out,
    );
    // The run's last record only, then a record of the next block: the first block is written.
    accumulator.add(run([[3, { '*': 0, 'w:red': 3 }], [BLOCK_SIZE, { '*': 0 }]]), 0, 2, out);
    accumulator.flush(out);
    const { lists } = rowsOf(out.rows);
    expect(lists.get('*')).to.deep.equal([[3, 0], [4, 0], [10, 0], [12, 0], [BLOCK_SIZE, 0]]);
    expect(lists.get('w:red')).to.deep.equal([[3, 3], [4, 2], [12, 1]]);
    expect(lists.get('w:new')).to.deep.equal([[10, 3]]);
    expect(lists.has('w:old')).to.equal(false);
  });

  it('reads the tokens of runs that share a token table by their numbers, across blocks and generations of the table', () => {
    const accumulator = new PostingAccumulator('release');
    const out = { rows: new BinaryCopyBuffer(), blocks: [] as number[] };
    const first = { source: ++sources, generation: 0, tokens: [] as string[] };
    const second = { source: ++sources, generation: 0, tokens: [] as string[] };
    // Two tables whose numbers mean other tokens: 0 is 'a' in the first and 'b' in the second.
    accumulator.add(run([[1, { a: 1, b: 2 }]], first), 0, 1, out);
    accumulator.add(run([[2, { b: 3, c: 0 }]], second), 0, 1, out);
    accumulator.add(run([[3, { c: 1, a: 0 }]], first), 0, 1, out);
    // The next block: each table's tokens are found again by their bytes.
    accumulator.add(run([[BLOCK_SIZE + 1, { b: 1 }], [BLOCK_SIZE + 2, { d: 2 }]], first), 0, 2, out);
    // The first table emptied: a new generation, whose numbers start again with other tokens.
    const emptied = { source: first.source, generation: 1, tokens: ['d', 'c'] };
    accumulator.add(run([[BLOCK_SIZE + 3, { c: 3, d: 1 }]], emptied), 0, 1, out);
    accumulator.add(run([[BLOCK_SIZE + 4, { a: 2 }]], second), 0, 1, out);
    accumulator.flush(out);
    const { lists } = rowsOf(out.rows);
    expect(Object.fromEntries(lists)).to.deep.equal({
      a: [[1, 1], [3, 0], [BLOCK_SIZE + 4, 2]],
      b: [[1, 2], [2, 3], [BLOCK_SIZE + 1, 1]],
      c: [[2, 0], [3, 1], [BLOCK_SIZE + 3, 3]],
      d: [[BLOCK_SIZE + 2, 2], [BLOCK_SIZE + 3, 1]],
    });
  });

  it('adds only the records from…to of a run', () => {
    const accumulator = new PostingAccumulator('label');
    const out = { rows: new BinaryCopyBuffer(), blocks: [] as number[] };
    const encoded = run([[1, { a: 0 }], [2, { b: 0 }], [3, { c: 0 }]]);
    accumulator.add(encoded, 1, 2, out);
    accumulator.flush(out);
    expect([...rowsOf(out.rows).lists.keys()]).to.deep.equal(['b']);
  });

  it('writes each block from its own postings only, when a small block follows a large one (arrays reused)', () => {
    const accumulator = new PostingAccumulator('release');
    const out = { rows: new BinaryCopyBuffer(), blocks: [] as number[] };
    // Block 0: many records and tokens; block 1: two records, one token each, one of them new.
    const large = Array.from({ length: 3_000 }, (_, i) => [i + 1, { common: 3, [`t${i % 500}`]: i % 4, [`u${i % 37}`]: 0 }] as const);
    accumulator.add(run(large), 0, large.length, out);
    accumulator.add(run([[BLOCK_SIZE + 5, { common: 1 }], [BLOCK_SIZE + 9, { fresh: 2 }]]), 0, 2, out);
    accumulator.flush(out);
    const { lists, blocks } = rowsOf(out.rows);
    expect(blocks.filter((b) => b === 1)).to.have.length(2);
    expect(lists.get('fresh')).to.deep.equal([[BLOCK_SIZE + 9, 2]]);
    expect(lists.get('common')).to.have.length(3_001);
    expect(lists.get('common')!.at(-1)).to.deep.equal([BLOCK_SIZE + 5, 1]);
    expect(lists.get('t7')).to.deep.equal(large.filter(([, t]) => 't7' in t).map(([id]) => [id, 7 % 4]));
  });
});

describe('TokenTable', () => {
  const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);
  const intern = (table: TokenTable, s: string, hash = 1): number => {
    const b = bytes(s);
    return table.intern(b, 0, b.length, hash);
  };

  it('numbers each byte string once, told apart by bytes when hashes collide, and forgets them all when cleared', () => {
    const table = new TokenTable();
    expect(intern(table, 'ab')).to.equal(0);
    expect(intern(table, 'ba')).to.equal(1);
    expect(intern(table, 'ab')).to.equal(0);
    expect(intern(table, 'é')).to.equal(2);
    for (let i = 0; i < 10_000; i++) intern(table, `w${i}`, i);
    expect(table.count).to.equal(10_003);
    expect(intern(table, 'w9999', 9999)).to.equal(10_002);
    expect(Buffer.from(table.pool.subarray(table.start(2), table.start(2) + table.length(2))).toString()).to.equal('é');
    table.clear();
    expect(table.count).to.equal(0);
    expect(intern(table, 'ba')).to.equal(0);
  });

  it('adds a byte string hashed by its bytes, telling whether it was new', () => {
    const table = new TokenTable();
    const words = bytes('xmixmé');
    expect(table.add(words, 0, 2)).to.equal(true);
    expect(table.add(words, 3, 5)).to.equal(false);
    expect(table.add(words, 2, 3)).to.equal(true);
    expect(table.add(words, 5, words.length)).to.equal(true);
    expect(table.add(bytes('é'), 0, 2)).to.equal(false);
    expect(table.count).to.equal(3);
  });
});

describe('BinaryCopyBuffer.clear', () => {
  it('keeps its memory for the next rows, or lets go of what is beyond the size given', () => {
    const buffer = new BinaryCopyBuffer(16);
    for (let i = 0; i < 1_000; i++) buffer.row(1).int4(i);
    expect(buffer.rowCount).to.equal(1_000);
    buffer.clear(1 << 20);
    expect(buffer.rowCount).to.equal(0);
    expect(buffer.byteLength).to.equal(0);
    buffer.row(1).text('kept');
    buffer.clear(64);
    buffer.row(1).text('after');
    expect(Buffer.from(buffer.view()).subarray(6).toString()).to.equal('after');
  });
});
