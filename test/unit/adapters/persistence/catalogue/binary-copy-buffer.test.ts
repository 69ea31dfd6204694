import { expect } from 'chai';
import { BinaryCopyBuffer } from '../../../../../adapters/persistence/catalogue/binary-copy-buffer.js';

/** Records encoded one after the other, as the import's workers send them: the bytes and where each record ends. */
function encoded(records: readonly (readonly number[])[]): { data: Uint8Array; ends: Int32Array } {
  const out = new BinaryCopyBuffer(64);
  const ends: number[] = [];
  for (const rows of records) {
    for (const value of rows) out.row(1).int4(value);
    ends.push(out.byteLength);
  }
  return { data: Buffer.from(out.view()), ends: Int32Array.from(ends) };
}

/** The int4 values of a buffer's COPY data (header and trailer left out), in order. */
function values(chunks: readonly Buffer[]): number[] {
  const body = Buffer.concat(chunks.slice(1, -1));
  const out: number[] = [];
  for (let p = 0; p < body.length; p += 10) out.push(body.readInt32BE(p + 6));
  return out;
}

describe('BinaryCopyBuffer.appendRows', () => {
  it('appends the rows of a run of records, one start per record, so that some records can be sent', () => {
    const { data, ends } = encoded([[1, 2], [3], [4, 5, 6]]);
    const buffer = new BinaryCopyBuffer(16);
    buffer.appendRows(data, ends, 0, 2).appendRows(data, ends, 2, 3);
    expect(buffer.rowCount).to.equal(3);
    expect(values(buffer.chunks())).to.deep.equal([1, 2, 3, 4, 5, 6]);
    expect(values(buffer.chunks((record) => record !== 1))).to.deep.equal([1, 2, 4, 5, 6]);
  });

  it('adds no bytes for a run of records without rows, so that no empty COPY is sent for them', () => {
    const { data, ends } = encoded([[], [], [7], []]);
    const buffer = new BinaryCopyBuffer(16);
    buffer.appendRows(data, ends, 0, 2);
    expect(buffer.byteLength).to.equal(0);
    expect(buffer.holdsRows()).to.equal(false);
    buffer.appendRows(data, ends, 2, 4);
    expect(buffer.holdsRows()).to.equal(true);
    expect(values(buffer.chunks())).to.deep.equal([7]);
  });

  it('keeps one start per record through runs without rows, so that records are still picked by their index', () => {
    const empty = encoded([[], []]);
    const some = encoded([[3], [], [4, 5]]);
    const buffer = new BinaryCopyBuffer(16);
    buffer.appendRows(empty.data, empty.ends, 0, 2).appendRows(some.data, some.ends, 0, 3);
    expect(buffer.rowCount).to.equal(5);
    expect(values(buffer.chunks((record) => record === 4))).to.deep.equal([4, 5]);
    expect(values(buffer.chunks((record) => record !== 2))).to.deep.equal([4, 5]);
    expect(values(buffer.chunks((record) => record < 2))).to.deep.equal([]);
  });

  it('tells whether the records picked hold any rows', () => {
    const { data, ends } = encoded([[1], [], [2]]);
    const buffer = new BinaryCopyBuffer(16).appendRows(data, ends, 0, 3);
    expect(buffer.holdsRows((record) => record === 1)).to.equal(false);
    expect(buffer.holdsRows((record) => record === 2)).to.equal(true);
    expect(buffer.holdsRows((record) => record !== 1)).to.equal(true);
    expect(buffer.holdsRows(() => false)).to.equal(false);
  });
});
